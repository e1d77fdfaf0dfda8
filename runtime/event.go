package runtime

import "github.com/gmplab/gmplab/vm"

// EvKind names what happened. Every kind is named after the runtime function
// (proc.go, chan.go, stack.go, …) that does the same thing in Go 1.26, so a
// learner can read the trace next to the source.
type EvKind uint8

const (
	EvNone           EvKind = iota
	EvNewproc               // newproc: a go statement created G. Arg1: the parent's goid. Pos: the go statement
	EvRunqput               // runqput: G was kicked out of P's runnext to the ring's tail (Arg1=0)
	EvRunqputslow           // runqputslow: P's ring was full; Arg1 Gs (128+1) moved to the global queue's tail; G is the 129th
	EvGlobrunqput           // globrunqput: G appended to the global queue's tail (where no other event says so already)
	EvGlobrunqget           // globrunqget: P took G from the global queue's head. Arg1: Gs taken (the batch); Arg2: 1 if by the schedtick%61 rule
	EvRunqget               // runqget: P took G from its runnext (Arg1=1: inheritTime) or its ring's head (Arg1=0)
	EvRunqsteal             // runqsteal: P stole Arg1 Gs from P Arg2 and runs G, the youngest stolen
	EvExecute               // execute: G starts running on M/P. Arg1: 1 if inheritTime; Arg2: P's schedtick after it
	EvFindRunnable          // findRunnable: M/P found nothing and gives the P up (Why says what it tried, in order)
	EvGopark                // gopark: G blocks. Arg1: the wait reason's code; Text: the wait reason; Pos: where
	EvGoready               // goready: G made runnable by the running G, into P's runnext (or the global queue with P -1)
	EvGosched               // goschedImpl: G yields to the global queue's tail (runtime.Gosched)
	EvGoexit0               // goexit0: G finished; it goes to P's free list
	EvNewstack              // newstack: G's stack grew from Arg1 to Arg2 bytes (copystack)
	EvWakep                 // wakep: P is idle and no M spins, so an M is started for it
	EvStartm                // startm: M Arg1 is woken (or created) and handed P; Arg2: 1 if it will spin
	EvNewm                  // newm: thread M Arg1 was created
	EvStopm                 // stopm: M parks on the idle M list
	EvAcquirep              // acquirep: M takes P
	EvReleasep              // releasep + pidleput: M dropped P, which goes to the idle P list's head
	EvSpinning              // becomeSpinning: M looks for work. Arg1: spinning Ms now
	EvTimer                 // a timer on P Arg1 due at Arg2 fired, run by P; G is the sleeper (-1 for time.After)
	EvEntersyscall          // entersyscall: G enters a system call of Arg1 ns, keeping its P. Pos: where
	EvExitsyscall           // exitsyscall: G returns. Arg1: 0 fast path, 1 took its old P back, 2 took an idle P, 3 no P (to the global queue)
	EvRetake                // retake: sysmon took P from M Arg1, whose G is in a syscall
	EvHandoffp              // handoffp: P handed off; Arg1: the step of handoffp that decided (1 work, 4 spinner, 8 last P, 9 idle)
	EvSysmon                // sysmon: Arg1 -1: every P is idle and sysmon sleeps deeply (its ordinary passes emit nothing)
	EvPreemptone            // preemptone: preemption requested for G on P. Arg1: 1 if a signal was sent; Arg2: how long P's schedtick had not changed (ns)
	EvAsyncPreempt          // asyncPreempt: the signal stopped G at an async safe point. Arg1: CPU left of its sim.Work (ns)
	EvPreempted             // gopreempt_m: G stopped at a function prologue (cooperative preemption)
	EvNetpoll               // netpoll: Arg1 Gs ready on the network; G is the list's head
	EvInjectglist           // injectglist: Arg1 Gs made runnable; G is the first
	EvNetpollBlock          // netpollblock: G parks until connection Arg1 is ready at Arg2
	EvLock                  // lock(&sched.lock) was held by another M (GM model): M waited Arg1 ns
	EvBreakpoint            // sim.Breakpoint() reached by G. Pos: where
	EvPrint                 // the program printed Text (Arg1: 0 stdout, 1 stderr). Pos: where
	EvSchedtrace            // a GODEBUG=schedtrace line in Text
	EvExit                  // the program ended. Arg1: exit code; Text: "exit", "panic", "deadlock", "fatal", "max-events", "max-instrs", "max-steps", "max-time"
	EvStopTheWorld          // stopTheWorldWithSema: G stopped every other P (Text: the reason, "GOMAXPROCS"). Arg1: Ps stopped
	EvGoyield               // goyield: G yields to its own P's ring tail (sync.Mutex's starvation hand-off)
	EvProcresize            // procresize: GOMAXPROCS went from Arg1 to Arg2 under stop-the-world; P is the caller's P after it
	EvGoexit                // runtime.Goexit: G runs its deferred calls and ends (goexit0 follows). Pos: the call
	EvLockOSThread          // dolockOSThread: G is wired to M (Arg1: its LockOSThread count after the call). Pos: the call
	EvUnlockOSThread        // dounlockOSThread: G's count dropped to Arg1; at 0 it is no longer wired to M. Pos: the call
	EvStoplockedm           // stoplockedm: M, whose locked G cannot run, hands its P off and sleeps until the G is runnable
	EvStartlockedm          // startlockedm: M found G locked to M Arg1, hands it its P and stops
	EvMexit                 // mexit: M's locked G exited without UnlockOSThread: the thread exits (m0 wedges)
	numEvKinds
)

var evNames = [...]string{
	EvNone:           "none",
	EvNewproc:        "newproc",
	EvRunqput:        "runqput",
	EvRunqputslow:    "runqputslow",
	EvGlobrunqput:    "globrunqput",
	EvRunqget:        "runqget",
	EvGlobrunqget:    "globrunqget",
	EvRunqsteal:      "runqsteal",
	EvExecute:        "execute",
	EvFindRunnable:   "findRunnable",
	EvGopark:         "gopark",
	EvGoready:        "goready",
	EvGosched:        "goschedImpl",
	EvGoexit0:        "goexit0",
	EvNewstack:       "newstack",
	EvWakep:          "wakep",
	EvStartm:         "startm",
	EvNewm:           "newm",
	EvStopm:          "stopm",
	EvAcquirep:       "acquirep",
	EvReleasep:       "releasep",
	EvSpinning:       "becomeSpinning",
	EvTimer:          "timer",
	EvEntersyscall:   "entersyscall",
	EvExitsyscall:    "exitsyscall",
	EvRetake:         "retake",
	EvHandoffp:       "handoffp",
	EvSysmon:         "sysmon",
	EvPreemptone:     "preemptone",
	EvAsyncPreempt:   "asyncPreempt",
	EvPreempted:      "gopreempt_m",
	EvNetpoll:        "netpoll",
	EvInjectglist:    "injectglist",
	EvNetpollBlock:   "netpollblock",
	EvLock:           "lock",
	EvBreakpoint:     "breakpoint",
	EvPrint:          "print",
	EvSchedtrace:     "schedtrace",
	EvExit:           "exit",
	EvStopTheWorld:   "stopTheWorld",
	EvGoyield:        "goyield",
	EvProcresize:     "procresize",
	EvGoexit:         "Goexit",
	EvLockOSThread:   "lockOSThread",
	EvUnlockOSThread: "unlockOSThread",
	EvStoplockedm:    "stoplockedm",
	EvStartlockedm:   "startlockedm",
	EvMexit:          "mexit",
}

func (k EvKind) String() string {
	if int(k) < len(evNames) {
		return evNames[k]
	}
	return "EvKind(" + vm.Itoa(int64(k)) + ")"
}

// EvKindByName returns the kind whose String is name.
func EvKindByName(name string) (EvKind, bool) {
	for k, n := range evNames {
		if n == name {
			return EvKind(k), true
		}
	}
	return EvNone, false
}

// EvKinds lists every kind but EvNone, in declaration order.
func EvKinds() []EvKind {
	ks := make([]EvKind, 0, numEvKinds-1)
	for k := EvNone + 1; k < numEvKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// Event is one thing the scheduler did. M, P and G are -1 when not involved;
// G is a goid. Why is filled only when Config.Why is set.
//
// Events come in engine steps: one action of one M at one instant (a
// findRunnable that takes a G and executes it, a go statement that starts an
// M). State and Stats describe the machine after the whole step that
// contains the last event returned; the state right after any one event is
// StateAt's, recorded on request inside the step (stateat.go).
type Event struct {
	Seq  int64  `json:"seq"`
	T    int64  `json:"t"` // virtual ns since the start
	Kind EvKind `json:"-"`
	M    int32  `json:"m"`
	P    int32  `json:"p"`
	G    int64  `json:"g"`
	Arg1 int64  `json:"arg1,omitempty"`
	Arg2 int64  `json:"arg2,omitempty"`
	Pos  vm.Pos `json:"-"` // source position of G when it matters (park, breakpoint, print)
	Text string `json:"text,omitempty"`
	Why  string `json:"why,omitempty"`
}
