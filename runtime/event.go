package runtime

// EvKind names what happened. Every kind is named after the runtime function
// (proc.go, chan.go, stack.go, …) that does the same thing in Go 1.26, so a
// learner can read the trace next to the source.
type EvKind uint8

const (
	EvNone         EvKind = iota
	EvNewproc             // newproc: a go statement created G (Arg1: parent goid)
	EvRunqput             // runqput: G put in P's runnext (Arg1=1) or ring tail (Arg1=0)
	EvRunqputslow         // runqputslow: P's ring full, Arg1 Gs (128+1) moved to the global tail
	EvGlobrunqput         // globrunqput: G appended to the global queue
	EvRunqget             // runqget: P took G from runnext (Arg1=1, inheritTime) or its ring head
	EvGlobrunqget         // globrunqget: P took G from the global head (Arg1: batch size, Arg2: schedtick%61 rule=1)
	EvRunqsteal           // runqsteal: P stole Arg1 Gs from P Arg2, runs G
	EvExecute             // execute: G starts running on M/P (Arg1=1 if inheritTime)
	EvFindRunnable        // findRunnable: M/P found nothing and gives the P up (Why says what it tried)
	EvGopark              // gopark: G blocks (Arg1: waitReason)
	EvGoready             // goready: G made runnable by the running G (into runnext)
	EvGosched             // goschedImpl: G yields to the global queue tail
	EvGoexit0             // goexit0: G finished
	EvNewstack            // newstack: G's stack grown from Arg1 to Arg2 bytes (copystack)
	EvWakep               // wakep: an idle P and no spinning M, so an M is started spinning
	EvStartm              // startm: M started (woken or created) for P
	EvNewm                // newm: a new M (thread) was created
	EvStopm               // stopm: M parks on the idle list
	EvAcquirep            // acquirep: M takes P
	EvReleasep            // releasep/pidleput: M drops P, P goes idle
	EvSpinning            // becomeSpinning: M starts looking for work
	EvTimer               // timer fired (timers.check): readies the sleeper G
	EvEntersyscall        // entersyscall: G enters a syscall, keeps P
	EvExitsyscall         // exitsyscall: G leaves its syscall (Arg1: 0 fast, 1 old P back, 2 other P, 3 no P)
	EvRetake              // retake: sysmon took P from M in a syscall
	EvHandoffp            // handoffp: P handed off (Arg1: the numbered step of handoffp that decided)
	EvSysmon              // sysmon: sysmon woke up (Arg1: its delay in µs)
	EvPreemptone          // preemptone: preemption requested for G running on P
	EvAsyncPreempt        // asyncPreempt: the signal stopped G at an async safe point
	EvPreempted           // gopreempt_m: G preempted cooperatively at a function prologue
	EvNetpoll             // netpoll: Arg1 ready Gs found
	EvInjectglist         // injectglist: Arg1 Gs made runnable
	EvNetpollBlock        // netpollblock: G parks waiting for network I/O
	EvLock                // lock(sched.lock) contention in the GM model (Arg1: waited ns)
	EvBreakpoint          // sim.Breakpoint() reached
	EvPrint               // the program printed Text (Arg1: 0 stdout, 1 stderr)
	EvSchedtrace          // a GODEBUG=schedtrace line (Text)
	EvExit                // the program ended (Arg1: exit code)
	numEvKinds
)

var evNames = [...]string{
	EvNone:         "none",
	EvNewproc:      "newproc",
	EvRunqput:      "runqput",
	EvRunqputslow:  "runqputslow",
	EvGlobrunqput:  "globrunqput",
	EvRunqget:      "runqget",
	EvGlobrunqget:  "globrunqget",
	EvRunqsteal:    "runqsteal",
	EvExecute:      "execute",
	EvFindRunnable: "findRunnable",
	EvGopark:       "gopark",
	EvGoready:      "goready",
	EvGosched:      "goschedImpl",
	EvGoexit0:      "goexit0",
	EvNewstack:     "newstack",
	EvWakep:        "wakep",
	EvStartm:       "startm",
	EvNewm:         "newm",
	EvStopm:        "stopm",
	EvAcquirep:     "acquirep",
	EvReleasep:     "releasep",
	EvSpinning:     "becomeSpinning",
	EvTimer:        "timer",
	EvEntersyscall: "entersyscall",
	EvExitsyscall:  "exitsyscall",
	EvRetake:       "retake",
	EvHandoffp:     "handoffp",
	EvSysmon:       "sysmon",
	EvPreemptone:   "preemptone",
	EvAsyncPreempt: "asyncPreempt",
	EvPreempted:    "gopreempt_m",
	EvNetpoll:      "netpoll",
	EvInjectglist:  "injectglist",
	EvNetpollBlock: "netpollblock",
	EvLock:         "lock",
	EvBreakpoint:   "breakpoint",
	EvPrint:        "print",
	EvSchedtrace:   "schedtrace",
	EvExit:         "exit",
}

func (k EvKind) String() string {
	if int(k) < len(evNames) {
		return evNames[k]
	}
	return "EvKind(" + itoa(int64(k)) + ")"
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
type Event struct {
	Seq  int64  `json:"seq"`
	T    int64  `json:"t"` // virtual ns since the start
	Kind EvKind `json:"-"`
	M    int32  `json:"m"`
	P    int32  `json:"p"`
	G    int64  `json:"g"`
	Arg1 int64  `json:"arg1,omitempty"`
	Arg2 int64  `json:"arg2,omitempty"`
	Pos  Pos    `json:"-"` // source position of G when it matters (park, breakpoint, print)
	Text string `json:"text,omitempty"`
	Why  string `json:"why,omitempty"`
}
