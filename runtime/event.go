package runtime

import "github.com/gmplab/gmplab/vm"

// EvKind names what happened. Every kind is named after the runtime function
// (proc.go, chan.go, stack.go, …) that does the same thing in Go 1.26, so a
// learner can read the trace next to the source. Its row in evSpecs
// (evspecs.go) says everything else: what Arg1, Arg2, Text and Pos mean,
// how it prints, how timelines draw it (evspec.go).
type EvKind uint8

const (
	EvNone EvKind = iota
	EvNewproc
	EvRunqput
	EvRunqputslow
	EvGlobrunqget
	EvRunqget
	EvRunqsteal
	EvExecute
	EvFindRunnable
	EvGopark
	EvGoready
	EvGosched
	EvGoexit0
	EvNewstack
	EvWakep
	EvStartm
	EvNewm
	EvStopm
	EvAcquirep
	EvReleasep
	EvSpinning
	EvTimer
	EvEntersyscall
	EvExitsyscall
	EvRetake
	EvHandoffp
	EvSysmon
	EvPreemptone
	EvAsyncPreempt
	EvPreempted
	EvNetpoll
	EvInjectglist
	EvNetpollBlock
	EvLock
	EvBreakpoint
	EvPrint
	EvSchedtrace
	EvExit
	EvStopTheWorld
	EvGoyield
	EvProcresize
	EvGoexit
	EvLockOSThread
	EvUnlockOSThread
	EvStoplockedm
	EvStartlockedm
	EvMexit
	EvGCStart
	EvGcstopm
	EvStartTheWorld
	EvFindRunnableGCWorker
	EvMarkWorkerStop
	EvRunqdrain
	EvGCAssistAlloc
	EvGCMarkDone
	EvGCMarkTermination
	EvSetGCPercent
	EvSetMemoryLimit
	// Kinds an execution trace records that the simulator does not make
	// (gmplab replay shows them); the collector's kinds above are both.
	EvUserTaskCreate
	EvUserTaskEnd
	EvUserRegion
	EvUserLog
	EvTraceAdvance
	EvNewcoro
	EvNeedm
	EvDropm
	numEvKinds
)

// Event is one thing the scheduler did. M, P and G are -1 when not involved;
// G is a goid. What Arg1, Arg2, Text and Pos mean depends on the kind: its
// spec (Kind.Spec) names and types them, and Arg reads one by name. Why is
// filled only when Config.Why is set. The JSON form is view's, with the
// arguments by name.
//
// Events come in engine steps: one action of one M at one instant (a
// findRunnable that takes a G and executes it, a go statement that starts an
// M). State and Stats describe the machine after the whole step that
// contains the last event returned; the state right after any one event is
// StateAt's, recorded on request inside the step (stateat.go).
type Event struct {
	Seq  int64
	T    int64 // virtual ns since the start
	Kind EvKind
	M    int32
	P    int32
	G    int64
	Arg1 int64
	Arg2 int64
	Pos  vm.Pos // source position of G when it matters (Spec().Pos says what it is)
	Text string
	Why  string
}
