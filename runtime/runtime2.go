package runtime

import (
	"math/rand/v2"

	"github.com/gmplab/gmplab/vm"
)

// The simulated runtime's state. Like runtime2.go, this file only declares
// types; the functions that change them live in files named after the real
// runtime's (proc.go, runq.go, steal.go, chan.go, stack.go, …).
//
// Design: every object is an element of a slice on Machine and is named by its
// index (an int32). There are no pointers between objects, so Clone is a copy
// of slices, a snapshot is cheap, and a resumed clone behaves exactly as the
// original would have. Lists (the global run queue, the idle M and P lists,
// channel wait queues, free Gs) are intrusive, threaded through link fields, as
// in the real runtime (g.schedlink, p.link, m.schedlink).

const nilIdx = -1

// G statuses, with the real runtime's values (runtime2.go).
type gstatus uint8

const (
	_Gidle     gstatus = 0 // just allocated, not yet initialised
	_Grunnable gstatus = 1 // on a run queue (runnext, a ring, the global queue); not running
	_Grunning  gstatus = 2 // running Go code on an M that owns a P
	_Gsyscall  gstatus = 3 // in a system call on an M; may still have its P attached (1.26)
	_Gwaiting  gstatus = 4 // blocked; recorded on the object that will ready it
	_Gdead     gstatus = 6 // finished, on a free list
)

var gstatusNames = [...]string{
	_Gidle: "idle", _Grunnable: "runnable", _Grunning: "running",
	_Gsyscall: "syscall", _Gwaiting: "waiting", 5: "moribund", _Gdead: "dead",
}

func (s gstatus) String() string {
	if int(s) < len(gstatusNames) && gstatusNames[s] != "" {
		return gstatusNames[s]
	}
	return "gstatus(" + vm.Itoa(int64(s)) + ")"
}

// waitReason is why a G is _Gwaiting; the strings are runtime2.go's
// waitReasonStrings, so they read like a real goroutine dump.
type waitReason uint8

const (
	waitReasonZero waitReason = iota
	waitReasonChanReceive
	waitReasonChanSend
	waitReasonChanReceiveNilChan
	waitReasonChanSendNilChan
	waitReasonSelect
	waitReasonSelectNoCases
	waitReasonSleep
	waitReasonSyncWaitGroupWait
	waitReasonSyncMutexLock
	waitReasonIOWait
	waitReasonForceGCIdle
	waitReasonGCSweepWait
	waitReasonGCScavengeWait
	waitReasonFinalizerWait
	waitReasonUpdateGOMAXPROCS
	waitReasonSyncRWMutexRLock // library source (semaphore.go)
	waitReasonSyncRWMutexLock
	waitReasonSyncCondWait
	waitReasonGCWorkerIdle     // the collector (mgc.go): a mark worker in the pool
	waitReasonGCAssistWait     // an assist waiting for background credit
	waitReasonWaitForGCCycle   // runtime.GC, debug.SetGCPercent(-1)
	waitReasonGCAssistMarking  // shown while a G assists (never parked)
	waitReasonGCWorkerActive   // shown while a worker marks (never parked)
	waitReasonStoppingTheWorld // shown while a G stops the world (never parked)
	waitReasonSemacquire       // gcStart waiting for another's (work.startSema)
)

var waitReasonStrings = [...]string{
	waitReasonZero:               "",
	waitReasonChanReceive:        "chan receive",
	waitReasonChanSend:           "chan send",
	waitReasonChanReceiveNilChan: "chan receive (nil chan)",
	waitReasonChanSendNilChan:    "chan send (nil chan)",
	waitReasonSelect:             "select",
	waitReasonSelectNoCases:      "select (no cases)",
	waitReasonSleep:              "sleep",
	waitReasonSyncWaitGroupWait:  "sync.WaitGroup.Wait",
	waitReasonSyncMutexLock:      "sync.Mutex.Lock",
	waitReasonIOWait:             "IO wait",
	waitReasonForceGCIdle:        "force gc (idle)",
	waitReasonGCSweepWait:        "GC sweep wait",
	waitReasonGCScavengeWait:     "GC scavenge wait",
	waitReasonFinalizerWait:      "finalizer wait",
	waitReasonUpdateGOMAXPROCS:   "GOMAXPROCS updater (idle)",
	waitReasonSyncRWMutexRLock:   "sync.RWMutex.RLock",
	waitReasonSyncRWMutexLock:    "sync.RWMutex.Lock",
	waitReasonSyncCondWait:       "sync.Cond.Wait",
	waitReasonGCWorkerIdle:       "GC worker (idle)",
	waitReasonGCAssistWait:       "GC assist wait",
	waitReasonWaitForGCCycle:     "wait for GC cycle",
	waitReasonGCAssistMarking:    "GC assist marking",
	waitReasonGCWorkerActive:     "GC worker (active)",
	waitReasonStoppingTheWorld:   "stopping the world",
	waitReasonSemacquire:         "semacquire",
}

func (w waitReason) String() string { return waitReasonStrings[w] }

// waitReasonTraceStrings are the reasons Go's execution trace gives a
// GoBlock for each wait reason: the traceBlockReason the runtime's gopark
// call passes with it (runtime/traceruntime.go's traceBlockReasonStrings),
// coarser than the wait reason (every semaphore is "sync").
var waitReasonTraceStrings = [...]string{
	waitReasonZero:               "unspecified",
	waitReasonChanReceive:        "chan receive",               // chanrecv: traceBlockChanRecv
	waitReasonChanSend:           "chan send",                  // chansend: traceBlockChanSend
	waitReasonChanReceiveNilChan: "forever",                    // chanrecv on nil: traceBlockForever
	waitReasonChanSendNilChan:    "forever",                    // chansend on nil: traceBlockForever
	waitReasonSelect:             "select",                     // selectgo: traceBlockSelect
	waitReasonSelectNoCases:      "forever",                    // block: traceBlockForever
	waitReasonSleep:              "sleep",                      // timeSleep: traceBlockSleep
	waitReasonSyncWaitGroupWait:  "sync",                       // semacquire1: traceBlockSync
	waitReasonSyncMutexLock:      "sync",                       // semacquire1: traceBlockSync
	waitReasonIOWait:             "network",                    // netpollblock: traceBlockNet
	waitReasonForceGCIdle:        "system goroutine wait",      // forcegchelper: traceBlockSystemGoroutine
	waitReasonGCSweepWait:        "GC background sweeper wait", // bgsweep: traceBlockGCSweep
	waitReasonGCScavengeWait:     "system goroutine wait",      // bgscavenge: traceBlockSystemGoroutine
	waitReasonFinalizerWait:      "system goroutine wait",      // runfinq: traceBlockSystemGoroutine
	waitReasonUpdateGOMAXPROCS:   "system goroutine wait",      // updateMaxProcsGoroutine: traceBlockSystemGoroutine
	waitReasonSyncRWMutexRLock:   "sync",                       // semacquire1: traceBlockSync
	waitReasonSyncRWMutexLock:    "sync",                       // semacquire1: traceBlockSync
	waitReasonSyncCondWait:       "sync.(*Cond).Wait",          // notifyListWait: traceBlockCondWait
}

// g is a goroutine: its scheduling state and the state of its Go code.
type g struct {
	goid       int64
	status     gstatus
	waitreason waitReason
	m          int32 // M running it, or nilIdx
	schedlink  int32 // next G in whichever queue holds it
	waitsince  int64 // when it started waiting (for dumps)

	// Stack (stack.go). Addresses are offsets: the stack is [0, stackSize)
	// and SP at function entry is stackSize - stackUsed. stackguard0 is
	// stackGuard normally, stackPreempt when preemption is requested.
	stackSize   int64
	stackUsed   int64
	stackguard0 uint64
	preempt     bool  // gp.preempt: a preemption was requested
	lockedm     int32 // the M it is wired to by LockOSThread, plus one (0: none)

	// The Go code: frames, operands, deferred calls (package vm).
	th   vm.Thread
	gopc vm.Pos // the go statement that created it

	// CPU still to burn before the next instruction, in virtual ns
	// (sim.Work, the interpreter's cost, a context switch). While the G runs
	// on an M, the M's workEnd is the absolute time; when the G is preempted
	// the remainder is saved here.
	workLeft int64
	inWork   bool // the pending CPU is sim.Work (no calls: only async preemption stops it)
	// sinceSched is the virtual CPU time (ns) its Go code ran since it
	// last called into the scheduler (for a limit's message: who hogged a
	// P).
	sinceSched int64
	// psRem is what its Go code cost below a whole ns, in ps, not yet
	// charged: the interpreter reports its cost in ps (vm/cost.go) and
	// the clock counts ns, so the remainder is carried to the G's next
	// run instead of being lost (deterministic, and nothing is rounded
	// away however short the runs).
	psRem int64
	// wgWoken is the WaitGroup whose Wait readied it, until it runs (0:
	// none; id 0 is no WaitGroup). See waitGroup.woken.
	wgWoken int32

	// Blocking operations.
	param int32 // sudog that completed a select / a chan op, or nilIdx
	timer int32 // the G's sleep timer, or nilIdx
	// timerChans are the timer channels it blocked on, to unblock when it
	// runs again (timer_chan.go); never written in place.
	timerChans []int32
	syscallAt  int64    // when the current syscall returns
	inWrite    bool     // the syscall is fmt's write(2) of the program's output
	conn       int32    // connection the G waits on (netpoll), or nilIdx
	parent     int64    // goid of the creator
	goFunc     bool     // created by time.goFunc (an AfterFunc), on no goroutine
	lock       lockSlow // inside sync.Mutex.Lock's slow path (mutex.go)
	ticket     uint32   // its ticket while it waits in notifyListWait (semaphore.go)
	// system is non-zero for the model's runtime system goroutines: the
	// reason they park with when run (see Machine.startup).
	system waitReason
	// The collector (mgc.go): the G's assist credit in bytes (negative:
	// in debt; gcAssistBytes), and the runtime procedure it is inside
	// (gcStart, an assist, a mark worker's loop…) with the one it
	// returns to.
	gcAssistBytes int64
	rt, rtRet     rtState
}

// P statuses (runtime2.go). _Psyscall_unused=2 is gone in 1.26: a P whose
// M's curg is in _Gsyscall stays _Prunning.
type pstatus uint8

const (
	_Pidle    pstatus = 0
	_Prunning pstatus = 1
	_Pgcstop  pstatus = 3
	_Pdead    pstatus = 4
)

func (s pstatus) String() string {
	switch s {
	case _Pidle:
		return "idle"
	case _Prunning:
		return "running"
	case _Pgcstop:
		return "gcstop"
	case _Pdead:
		return "dead"
	}
	return "pstatus(" + vm.Itoa(int64(s)) + ")"
}

// runqSize is len(p.runq): the local ring's capacity (runtime2.go: runq [256]guintptr).
const runqSize = 256

// p is a processor: the right to run Go code, with its own run queue.
type p struct {
	id          int32
	status      pstatus
	link        int32 // next P on the idle list
	oldm        int32 // the M that last acquired it (procresize prefers it)
	idle        bool  // on the idle list (the runtime's idlepMask bit)
	m           int32 // M that owns it, or nilIdx
	schedtick   uint32
	syscalltick uint32
	sysmontick  Sysmontick // sysmon's last look at it (hooks.go: the type the hooks see too)
	preempt     bool       // pp.preempt: an async preemption was requested

	runqhead uint32
	runqtail uint32
	runq     [runqSize]int32
	runnext  int32

	goidcache    int64
	goidcacheend int64

	gFree   int32 // free Gs (LIFO through schedlink)
	nFree   int32
	timers  []int32 // min-heap of timer ids ordered by (hwhen, seq)
	zombies int32   // timers in it marked for removal (timers.zombies)

	// The collector (mgcwork.go): the mode of the mark worker it runs,
	// when that worker started, the fractional worker's time this cycle,
	// the worker assignWaitingGCWorker assigned it (nilIdx: none), and
	// the worker its mode belongs to (from the assignment, or an idle
	// worker's choice, before the worker runs, until it stops; valid
	// while the mode is set).
	gcMarkWorkerMode      gcMarkWorkerMode
	gcMarkWorkerStartTime int64
	gcFractionalMarkTime  int64
	nextGCMarkWorker      int32
	gcMarkWorker          int32
}

// M states: what the thread is doing. The event loop runs the M whose next
// action is earliest; parked Ms have no next action.
type mstate uint8

const (
	mParked   mstate = iota // on sched.midle (stopm) or not yet started
	mSchedule               // about to run schedule() (has a P)
	mRunning                // running curg's Go code
	mSyscall                // curg is in a system call until g.syscallAt
	mNetpoll                // blocked in netpoll(delay) without a P
	mSysmon                 // the sysmon thread
	mWaking                 // woken by startm, acquires nextp when it runs
)

var mstateNames = [...]string{
	mParked: "parked", mSchedule: "schedule", mRunning: "running", mSyscall: "syscall",
	mNetpoll: "netpoll", mSysmon: "sysmon", mWaking: "waking",
}

func (s mstate) String() string { return mstateNames[s] }

// m is an OS thread.
type m struct {
	id        int32
	state     mstate
	p         int32 // attached P, or nilIdx
	nextp     int32 // P handed over by startm
	oldp      int32 // P held when entering a syscall
	curg      int32 // G it runs, or nilIdx
	spinning  bool
	schedlink int32 // next M on the idle list

	when    int64 // time of its next action (meaningless when parked)
	heapIdx int32 // position in Machine.actors, or nilIdx
	workEnd int64 // while running: curg's pending CPU ends at this time

	signalPending bool  // a preemption signal is in flight (m.signalPending)
	signalAt      int64 // when it is delivered
	// pendingStop is why curg's last batch of instructions stopped (a
	// scheduler op, exit, morestack, panic), handled at workEnd.
	pendingStop vm.Stop
	hasPending  bool
	lockDelay   int64 // time lost waiting for sched.lock (GM model)
	wasSpinning bool  // it was spinning when it blocked in netpoll

	// LockOSThread (lockosthread.go): lockedg is the G wired to this M,
	// plus one (0: none); lockedExt counts its LockOSThread calls;
	// lockedPark: it sleeps in stoplockedm until startlockedm hands it a
	// P; exited: a locked G ended on it and the thread is gone (mexit).
	lockedg    int32
	lockedExt  uint32
	lockedPark bool
	exited     bool
}

// gQueue is a FIFO of Gs threaded through g.schedlink (runtime2.go: gQueue).
type gQueue struct {
	head, tail int32
	size       int32
}

// schedt holds the global scheduler state (runtime2.go: type schedt).
type schedt struct {
	goidgen      int64
	runq         gQueue
	midle        int32 // idle Ms, LIFO through m.schedlink
	nmidle       int32
	pidle        int32 // idle Ps, LIFO through p.link
	npidle       int32
	nmspinning   int32
	needspinning bool
	gcwaiting    bool  // a stop-the-world is under way (stoptheworld.go)
	lastpoll     int64 // when the network was last polled
	polling      bool  // an M is blocked in netpoll (the runtime's lastpoll == 0)
	pollUntil    int64
	pollingNet   bool
	gFree        gQueue // global free Gs
	mnext        int32  // next M id (mcount)
	nmidlelocked int32  // Ms asleep in stoplockedm (lockosthread.go)
	nmfreed      int32  // Ms that exited (mexit): mcount is mnext - nmfreed

	// GM model (layer procs off): the lock around the one global queue.
	lockFreeAt int64 // the lock is held until this time
	lockOwner  int32 // the M that took it last (nilIdx: none)
	lockAcq    int64 // acquisitions
	lockWait   int64 // contended acquisitions

	// schedtrace
	nextTrace int64
}

// Machine is one simulated Go program on the simulated runtime: a pure state
// machine. Its caller drives it with Step; it owns no goroutine, no clock and
// no global random source (see the package documentation).
type Machine struct {
	prog *vm.Program // shared, read-only
	cfg  Config

	checkStep bool // a hook ran in this step (CheckThisStep)

	now  int64 // virtual ns
	seq  int64 // last event's Seq
	step int64 // engine actions taken

	// throwing: a runtime throw is printing its tracebacks, which count
	// runtime frames (m.throwing >= throwTypeRuntime, see traceback.go).
	throwing bool

	// hookSpill: how many Gs an exercise's runqput (Hooks.Runqput) just
	// moved to the global queue, until its runqputslow event is emitted
	// (hooks.go: hookRunqputEvents).
	hookSpill int64

	allg  []g
	allm  []m
	allp  []p
	sched schedt

	// The garbage collector (mgc.go), when the gc layer is on.
	gc gcState

	// Objects of the Go code.
	vm        vm.Machine // globals, boxes, func values, objects
	noGC      bool       // tests: never free the program's garbage (mgcmark.go)
	chans     []hchan
	sudogs    []sudog
	freeSudo  int32
	wgs       []waitGroup
	mus       []mutex
	timers    []timer
	freeTimer int32 // fired timers' slots, threaded through timer.g (time.go)
	timerSeq  int64 // timers made so far
	conns     []conn
	mapRecs   map[int64][]mapRec // map accesses in virtual time, by map (mapcheck.go)
	mapChecks int64              // Runs checked (mapcheck.go)

	rng rand.PCG // all randomness: the steal order

	// actors is a min-heap of runnable Ms ordered by (when, id).
	actors []int32

	sysmonM int32 // the sysmon M, or nilIdx
	sysmon  sysmonState

	// deadp keeps the Ps a GOMAXPROCS shrink destroyed (allp[n:] in the
	// runtime, whose capacity keeps them): growing again brings them back
	// with their counters and goid cache.
	deadp []p

	pending     []Event // events of the current step not yet returned by Step
	phead       int     // next pending event to return
	exit        *Exit
	exitEmitted bool
	heldBack    int64      // events of the last action dropped past --max-events (limits.go: holdBack)
	watch       stateWatch // states recorded by emit (stateat.go)
	whyw        whyWriter  // the chunk why sentences are built in (why.go)

	cur         int32 // the M acting now, or nilIdx
	acc         int64 // cost of what the acting M did so far in this action
	tryWakeP    bool  // findRunnable's tryWakeP: schedule calls wakep
	cpuTime     int64 // CPU time of the Ps that were busy, up to cpuMark (mstats.go)
	stackBytes  int64 // the sum of every G's stackSize (mstats.go: setStackSize)
	cpuMark     int64
	mainStarted bool
	grab        []int32 // runqgrab's batch
	stealOrder  randomOrder

	netpollInited  bool
	netpollWaiters int32
	connHeap       []int32 // conns with a waiter, by readiness

	stats Stats

	checkCredit int64   // --check: object visits earned toward the next checkPlaces
	fullChecks  int64   // checkPlaces runs (tests)
	checkWhere  []uint8 // checkPlaces' scratch (not shared by clones)
}

// Stats counts what the run did.
type Stats struct {
	Events      int64 `json:"events"`
	Steps       int64 `json:"steps"`
	Instrs      int64 `json:"instrs"`     // instructions of Go code interpreted
	CPU         int64 `json:"cpu_ns"`     // their virtual CPU time, ns (vm/cost.go): what the Go code cost
	Goroutines  int64 `json:"goroutines"` // created, main included
	Threads     int32 `json:"threads"`    // Ms created, sysmon included
	Steals      int64 `json:"steals"`
	Preemptions int64 `json:"preemptions"`
	Handoffs    int64 `json:"handoffs"` // handoffp calls: retakes, stoplockedm, a locked G's syscall
	Retakes     int64 `json:"retakes"`  // Ps sysmon took from an M in a system call (retake)
	StackGrows  int64 `json:"stack_grows"`
	LockAcq     int64 `json:"lock_acquisitions"` // GM model
	LockWait    int64 `json:"lock_contended"`    // GM model
	Switches    int64 `json:"switches"`          // execute calls
}
