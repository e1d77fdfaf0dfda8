// Package rt holds the types the exercises are written over: simplified,
// exported copies of runtime2.go's p, g, schedt and sysmontick, as the
// engine hands them to a learner's function (runtime/hooks.go). A Guintptr
// names a G in a run queue; 0 is nil, as in the real runtime.
package rt

import "github.com/gmplab/gmplab/runtime"

type (
	// P is a processor's run queue state (runtime2.go: type p).
	P = runtime.HookP
	// G is a goroutine (runtime2.go: type g, simplified).
	G = runtime.HookG
	// Guintptr names a G; 0 is nil (runtime2.go: guintptr).
	Guintptr = runtime.Guintptr
	// Schedt is the scheduler's global state (runtime2.go: type schedt).
	Schedt = runtime.HookSched
	// GQueue is a FIFO of Gs (runtime2.go: gQueue).
	GQueue = runtime.GQueue
	// Sysmontick is sysmon's record of a P (proc.go: type sysmontick).
	Sysmontick = runtime.Sysmontick
	// GList is a LIFO of Gs (runtime2.go: gList).
	GList = runtime.GList
	// SysmonState is sysmon's count of idle passes and next sleep.
	SysmonState = runtime.SysmonState
	// GCWorkers is a GC cycle's mark workers as startCycle decides them
	// (mgcpacer.go: gcControllerState's dedicatedMarkWorkersNeeded,
	// fractionalUtilizationGoal, maxIdleMarkWorkers).
	GCWorkers = runtime.GCWorkers
	// PFree is a P's free list of dead Gs and its length (runtime2.go:
	// p.gFree).
	PFree = runtime.HookGFree

	// Sched is the scheduler, live, for the exercises that write a whole
	// mechanism (findRunnable, wakep, retake, exitsyscall, schedule): the
	// calling M, the global state and the runtime's other functions,
	// named as proc.go names them. Its methods act on the scheduler at
	// once; see runtime/hooksched.go for each.
	Sched = runtime.Sched
	// Puintptr names a P: its index in allp plus one; 0 is nil
	// (runtime2.go: puintptr).
	Puintptr = runtime.Puintptr
	// Muintptr names an M: its id plus one; 0 is nil (runtime2.go:
	// muintptr).
	Muintptr = runtime.Muintptr
)

// StackPreempt is the value of stackguard0 that asks for a preemption
// (stack.go: stackPreempt); rt.StackGuard is its normal value here
// (stack.lo + stackGuard, with stack.lo 0).
const StackPreempt = runtime.StackPreempt

// Statuses, with the runtime's values (runtime2.go).
const (
	Pidle    = 0
	Prunning = 1

	Grunnable = 1
	Grunning  = 2
	Gsyscall  = 3
	Gwaiting  = 4
)

// StackGuard is the room newstack leaves below a frame (stack.go:
// stackGuard, 928 bytes on linux/amd64).
const StackGuard = runtime.StackGuard

// GcBackgroundUtilization is the share of GOMAXPROCS the background mark
// workers aim to use: 25% (mgcpacer.go: gcBackgroundUtilization).
const GcBackgroundUtilization = 0.25

// ForcePreemptNS is a time slice: 10 ms (proc.go: forcePreemptNS).
const ForcePreemptNS = 10_000_000

// ForcegcPeriod is the longest the runtime goes without a GC: 2 minutes
// (proc.go: forcegcperiod); sysmon's deep sleep lasts at most half of it.
const ForcegcPeriod = 2 * 60 * 1_000_000_000

// Runqempty reports whether pp has no G in runnext or its ring
// (proc.go: runqempty).
func Runqempty(pp *P) bool { return pp.Runqhead == pp.Runqtail && pp.Runnext == 0 }

// NotStarted is what TODO panics with: the checker reports the exercise as
// not started.
type NotStarted struct{ Func string }

// TODO marks a function not written yet. Delete the call when you start.
func TODO(fn string) { panic(NotStarted{fn}) }
