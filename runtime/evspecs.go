package runtime

import "strconv"

// evSpecs is the spec of every event kind (evspec.go says what each field
// is for). A row's Details append the details column of the text form;
// a, b are the event's Arg1 and Arg2.
var evSpecs = [numEvKinds]EvSpec{
	EvNone: {Name: "none"},

	// ---- goroutines: creation, run queues, running -------------------------

	EvNewproc: {
		Name: "newproc", Func: "runtime.newproc", File: "runtime/proc.go",
		Doc:  "A go statement created G (newproc1: a new G with a 2 KB stack) and put it in its P's runnext.",
		Args: [2]EvArg{{Name: "parent", Type: ArgG, Doc: "the goroutine that ran the go statement"}},
		Pos:  "the go statement",
		Details: func(b []byte, ev Event) []byte {
			return appendAt(AppendID(append(b, "by "...), 'G', ev.Arg1), ev.Pos)
		},
		Trace: []TraceEv{{Name: "GoCreate"}},
	},
	EvRunqput: {
		Name: "runqput", Func: "runtime.runqput", File: "runtime/proc.go",
		Doc:     "G was kicked out of P's runnext by a newer G and went to the tail of P's ring.",
		Details: func(b []byte, _ Event) []byte { return append(b, "into the ring's tail"...) },
	},
	EvRunqputslow: {
		Name: "runqputslow", Func: "runtime.runqputslow", File: "runtime/proc.go",
		Doc:  "P's ring was full: half of it (128 Gs) and G, the 129th, moved to the global queue's tail.",
		Args: [2]EvArg{{Name: "moved", Type: ArgInt, Doc: "Gs moved to the global queue, G included"}},
		Details: func(b []byte, ev Event) []byte {
			return append(appendN(b, ev.Arg1, "G", "Gs"), " to the global tail"...)
		},
		Instant: true, Mark: 'O', MarkOn: MarkOnP,
		Groups: []string{"global"},
	},
	EvGlobrunqget: {
		Name: "globrunqget", Func: "runtime.globrunqget", File: "runtime/proc.go",
		Doc: "P took G from the global queue's head, with a batch of others for its ring.",
		Args: [2]EvArg{
			{Name: "batch", Type: ArgInt, Doc: "Gs taken, G included"},
			{Name: "fairness", Type: ArgBool, Doc: "1 if taken by the schedtick%61 rule (one G, to keep the global queue from starving)"},
		},
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg2 == 1 {
				return append(b, "1 by the schedtick%61 rule"...)
			}
			b = strconv.AppendInt(append(b, "batch of "...), ev.Arg1, 10)
			return append(b, " from global"...)
		},
		Instant: true,
		Groups:  []string{"global"},
	},
	EvRunqget: {
		Name: "runqget", Func: "runtime.runqget", File: "runtime/proc.go",
		Doc:  "P took G from its runnext or from its ring's head.",
		Args: [2]EvArg{{Name: "inherit_time", Type: ArgBool, Doc: "1 if G came from runnext and shares the current time slice"}},
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg1 == 1 {
				return append(b, "from runnext (inheritTime)"...)
			}
			return append(b, "from the ring's head"...)
		},
	},
	EvRunqsteal: {
		Name: "runqsteal", Func: "runtime.runqsteal", File: "runtime/proc.go",
		Doc: "P stole half of another P's Gs and runs G, the youngest it stole.",
		Args: [2]EvArg{
			{Name: "stolen", Type: ArgInt, Doc: "Gs stolen"},
			{Name: "victim", Type: ArgP, Doc: "the P they were stolen from"},
		},
		Details: func(b []byte, ev Event) []byte {
			b = strconv.AppendInt(append(b, "stole "...), ev.Arg1, 10)
			return AppendID(append(b, " from "...), 'P', ev.Arg2)
		},
		Instant: true, Mark: 'S', MarkOn: MarkOnP,
		Groups: []string{"steal"},
	},
	EvExecute: {
		Name: "execute", Func: "runtime.execute", File: "runtime/proc.go",
		Doc: "G starts running on M and P.",
		Args: [2]EvArg{
			{Name: "inherit_time", Type: ArgBool, Doc: "1 if G shares the current time slice (schedtick does not change)"},
			{Name: "schedtick", Type: ArgInt, Doc: "P's schedtick after it"},
		},
		Details: func(b []byte, ev Event) []byte {
			b = strconv.AppendInt(append(b, "schedtick="...), ev.Arg2, 10)
			if ev.Arg1 == 1 {
				b = append(b, " inheritTime"...)
			}
			return b
		},
		DetailsGM: func(b []byte, _ Event) []byte { return b }, // schedtick is a P's
		Span:      SpanRun,
		Trace:     []TraceEv{{Name: "GoStart"}},
	},
	EvFindRunnable: {
		Name: "findRunnable", Func: "runtime.findRunnable", File: "runtime/proc.go",
		Doc: "M and P found nothing to run and P is given up (the why says what it tried, in order).",
	},
	EvGopark: {
		Name: "gopark", Func: "runtime.gopark", File: "runtime/proc.go",
		Doc:  "G blocks; its M schedules another G.",
		Args: [2]EvArg{{Name: "reason", Type: ArgCode, Doc: "the wait reason, by gmplab's code for it (runtime/runtime2.go: the reasons of Go's that the simulator has, numbered in its own order)", Values: waitReasonValues()}},
		Text: "the wait reason, as a goroutine dump says it (gmplab real: also a reason the simulator has no code for, with reason 0)",
		Pos:  "where G blocks",
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg1 == 0 && ev.Text != "" {
				return appendAt(append(b, ev.Text...), ev.Pos) // a reason the simulator has no code for (gmplab real)
			}
			return appendAt(append(b, WaitReason(ev.Arg1)...), ev.Pos)
		},
		Span: SpanStop, Leaves: true,
		Groups: []string{"park"},
		Trace:  []TraceEv{{Name: "GoBlock"}}, // the reason: WaitReasonTrace
	},
	EvGoready: {
		Name: "goready", Func: "runtime.goready", File: "runtime/proc.go",
		Doc:     "The running G made G runnable: into its P's runnext (or the global queue, with P -1).",
		Details: func(b []byte, _ Event) []byte { return append(b, "made runnable"...) },
		Trace:   []TraceEv{{Name: "GoUnblock"}},
	},
	EvGosched: {
		Name: "goschedImpl", Func: "runtime.goschedImpl", File: "runtime/proc.go",
		Doc:     "G yields with runtime.Gosched: it goes to the global queue's tail.",
		Pos:     "the call",
		Details: func(b []byte, _ Event) []byte { return append(b, "to the global tail"...) },
		Instant: true, Span: SpanStop, Leaves: true,
		Groups: []string{"gosched"},
		Trace:  []TraceEv{{Name: "GoStop", Reason: "runtime.Gosched"}},
	},
	EvGoexit0: {
		Name: "goexit0", Func: "runtime.goexit0", File: "runtime/proc.go",
		Doc:     "G finished: it goes to P's free list.",
		Details: func(b []byte, _ Event) []byte { return append(b, "dead"...) },
		Span:    SpanStop, Leaves: true,
		Trace: []TraceEv{{Name: "GoDestroy"}},
	},
	EvGoyield: {
		Name: "goyield", Func: "runtime.goyield", File: "runtime/proc.go",
		Doc:     "G yields to the tail of its own P's ring (sync.Mutex's starvation hand-off).",
		Details: func(b []byte, _ Event) []byte { return append(b, "to the ring's tail"...) },
		Leaves:  true,                                             // the execute that follows ends its run
		Trace:   []TraceEv{{Name: "GoStop", Reason: "preempted"}}, // goyield_m traces a GoPreempt
	},
	EvGoexit: {
		Name: "Goexit", Func: "runtime.Goexit", File: "runtime/panic.go",
		Doc:     "G called runtime.Goexit: it runs its deferred calls and ends (goexit0 follows).",
		Pos:     "the call",
		Details: func(b []byte, ev Event) []byte { return appendAt(append(b, "runtime.Goexit"...), ev.Pos) },
	},

	// ---- stacks ------------------------------------------------------------

	EvNewstack: {
		Name: "newstack", Func: "runtime.newstack", File: "runtime/stack.go",
		Doc: "G's stack was too small at a function's prologue: copystack moved it to one twice the size.",
		Args: [2]EvArg{
			{Name: "old_size", Type: ArgBytes, Doc: "the stack's size before"},
			{Name: "new_size", Type: ArgBytes, Doc: "its size after"},
		},
		Pos: "the call that needed more stack",
		Details: func(b []byte, ev Event) []byte {
			b = strconv.AppendInt(b, ev.Arg1, 10)
			b = strconv.AppendInt(append(b, " → "...), ev.Arg2, 10)
			return append(b, " bytes"...)
		},
		Instant: true,
	},

	// ---- Ms and Ps ---------------------------------------------------------

	EvWakep: {
		Name: "wakep", Func: "runtime.wakep", File: "runtime/proc.go",
		Doc: "P is idle and no M spins, so an M is started for it.",
	},
	EvStartm: {
		Name: "startm", Func: "runtime.startm", File: "runtime/proc.go",
		Doc: "An idle M was woken, or a new one created, and handed P.",
		Args: [2]EvArg{
			{Name: "thread", Type: ArgM, Doc: "the M started"},
			{Name: "spin", Type: ArgBool, Doc: "1 if it will spin (look for work)"},
		},
		Details: func(b []byte, ev Event) []byte {
			b = AppendID(b, 'M', ev.Arg1)
			if ev.Arg2 == 1 {
				b = append(b, " spinning"...)
			}
			return b
		},
	},
	EvNewm: {
		Name: "newm", Func: "runtime.newm", File: "runtime/proc.go",
		Doc:     "A new thread was created (clone).",
		Args:    [2]EvArg{{Name: "thread", Type: ArgM, Doc: "the new M"}},
		Details: func(b []byte, ev Event) []byte { return append(AppendID(b, 'M', ev.Arg1), " created"...) },
	},
	EvStopm: {
		Name: "stopm", Func: "runtime.stopm", File: "runtime/proc.go",
		Doc: "M parks on the idle M list.",
	},
	EvAcquirep: {
		Name: "acquirep", Func: "runtime.acquirep", File: "runtime/proc.go",
		Doc:   "M takes P.",
		Trace: []TraceEv{{Name: "ProcStart"}},
	},
	EvReleasep: {
		Name: "releasep", Func: "runtime.releasep", File: "runtime/proc.go",
		Doc:   "M dropped P, which goes to the head of the idle P list (pidleput).",
		Span:  SpanStop,
		Trace: []TraceEv{{Name: "ProcStop"}},
	},
	EvSpinning: {
		Name: "becomeSpinning", Func: "runtime.(*m).becomeSpinning", File: "runtime/proc.go",
		Doc:     "M looks for work to steal.",
		Args:    [2]EvArg{{Name: "spinning", Type: ArgInt, Doc: "spinning Ms now (sched.nmspinning)"}},
		Details: func(b []byte, ev Event) []byte { return strconv.AppendInt(append(b, "nmspinning="...), ev.Arg1, 10) },
		Groups:  []string{"spinning"},
	},
	EvLock: {
		Name: "lock", Func: "runtime.lock", File: "runtime/lock_spinbit.go",
		Doc:  "GM model: M found sched.lock held by another M and waited for it.",
		Args: [2]EvArg{{Name: "waited", Type: ArgDuration, Doc: "how long M waited"}},
		Details: func(b []byte, ev Event) []byte {
			return append(strconv.AppendInt(append(b, "waited "...), ev.Arg1, 10), "ns"...)
		},
	},

	// ---- timers, system calls, sysmon --------------------------------------

	EvTimer: {
		Name: "timer", Func: "runtime.(*timer).unlockAndRun", File: "runtime/time.go",
		Doc: "A timer fired, run by P: G is the sleeper it wakes (-1 for a channel's timer or AfterFunc).",
		Args: [2]EvArg{
			{Name: "heap", Type: ArgP, Doc: "the P whose timer heap held it"},
			{Name: "due", Type: ArgTime, Doc: "when it was due"},
		},
		Details: func(b []byte, ev Event) []byte {
			b = AppendTime(append(b, "due "...), ev.Arg2)
			if ev.Arg1 != int64(ev.P) {
				b = AppendID(append(b, " on "...), 'P', ev.Arg1)
			}
			return b
		},
		DetailsGM: func(b []byte, ev Event) []byte { return AppendTime(append(b, "due "...), ev.Arg2) }, // not whose heap held it
		Instant:   true,
	},
	EvEntersyscall: {
		Name: "entersyscall", Func: "runtime.entersyscall", File: "runtime/proc.go",
		Doc:  "G enters a system call, keeping its P (Go 1.26).",
		Args: [2]EvArg{{Name: "duration", Type: ArgDuration, Doc: "how long the call lasts"}},
		Pos:  "the call",
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg1 > 0 {
				return appendDuration(append(b, "for "...), ev.Arg1)
			}
			return appendRaw(b, ev)
		},
		Span: SpanSyscall, Leaves: true,
		Groups: []string{"syscall"},
		Trace:  []TraceEv{{Name: "GoSyscallBegin"}},
	},
	EvExitsyscall: {
		Name: "exitsyscall", Func: "runtime.exitsyscall", File: "runtime/proc.go",
		Doc:  "G returned from its system call.",
		Args: [2]EvArg{{Name: "path", Type: ArgCode, Doc: "how it got a P", Values: exitsyscallPaths}},
		Details: func(b []byte, ev Event) []byte {
			if n := codeName(exitsyscallPaths, ev.Arg1); n != "" {
				return append(b, n...)
			}
			return appendRaw(b, ev)
		},
		Span:   SpanExitsyscall,
		Groups: []string{"syscall"},
		Trace:  []TraceEv{{Name: "GoSyscallEnd", Arg: "path", Value: 0}, {Name: "GoSyscallEndBlocked", Arg: "path", Value: 1}, {Name: "GoSyscallEndBlocked", Arg: "path", Value: 2}, {Name: "GoSyscallEndBlocked", Arg: "path", Value: 3}},
	},
	EvRetake: {
		Name: "retake", Func: "runtime.retake", File: "runtime/proc.go",
		Doc:     "sysmon took P from an M whose G is in a system call (handoffp follows).",
		Args:    [2]EvArg{{Name: "thread", Type: ArgM, Doc: "the M in the system call"}},
		Details: func(b []byte, ev Event) []byte { return AppendID(append(b, "from "...), 'M', ev.Arg1) },
		Instant: true, Span: SpanRetake, Mark: 'R', MarkOn: MarkOnPAndSysmon,
		Trace: []TraceEv{{Name: "ProcSteal"}},
	},
	EvHandoffp: {
		Name: "handoffp", Func: "runtime.handoffp", File: "runtime/proc.go",
		Doc: "P was handed off from a system call or a locked M: an M is started for it, or it goes idle.",
		Args: [2]EvArg{{Name: "step", Type: ArgCode, Doc: "the step of handoffp that decided", Values: []ArgValue{
			{1, "it has work: start an M"},
			{3, "the collector has mark work: start an M"},
			{4, "no M spins and no P is idle: start a spinning M"},
			{5, "the world is stopping: the P stops"},
			{8, "the last running P, nobody polls the network: start an M"},
			{9, "no work: P goes idle"},
		}}},
		Details: func(b []byte, ev Event) []byte { return strconv.AppendInt(append(b, "step "...), ev.Arg1, 10) },
		Instant: true, Span: SpanStop, Mark: 'H', MarkOn: MarkOnP,
		Groups: []string{"handoff"},
	},
	EvSysmon: {
		Name: "sysmon", Func: "runtime.sysmon", File: "runtime/proc.go",
		Doc:     "Every P is idle and sysmon sleeps deeply (its ordinary passes emit nothing).",
		Details: func(b []byte, _ Event) []byte { return append(b, "deep sleep"...) },
		Mark:    'z', MarkOn: MarkOnSysmon,
	},

	// ---- preemption --------------------------------------------------------

	EvPreemptone: {
		Name: "preemptone", Func: "runtime.preemptone", File: "runtime/proc.go",
		Doc: "sysmon asked G, running on P for over 10ms, to stop (stackguard0 = stackPreempt, and SIGURG).",
		Args: [2]EvArg{
			{Name: "signal", Type: ArgBool, Doc: "1 if a signal was sent (asynchronous preemption)"},
			{Name: "ran", Type: ArgDuration, Doc: "how long P's schedtick had not changed"},
		},
		Details: func(b []byte, ev Event) []byte {
			b = appendDuration(append(b, "ran "...), ev.Arg2)
			if ev.Arg1 == 1 {
				b = append(b, ", SIGURG sent"...)
			}
			return b
		},
		Instant: true, Mark: '!', MarkOn: MarkOnSysmon,
		Groups: []string{"preempt"},
	},
	EvAsyncPreempt: {
		Name: "asyncPreempt", Func: "runtime.asyncPreempt", File: "runtime/preempt.go",
		Doc:  "The signal stopped G at an asynchronous safe point: it goes to the global queue.",
		Args: [2]EvArg{{Name: "work_left", Type: ArgDuration, Doc: "CPU left of the sim.Work it was in; 0 when it stopped in its own code"}},
		Pos:  "where it stopped",
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg1 > 0 {
				return append(appendDuration(b, ev.Arg1), " of work left"...)
			}
			return append(b, "between instructions"...)
		},
		Instant: true, Span: SpanStop, Leaves: true, Mark: '!', MarkOn: MarkOnP,
		Groups: []string{"preempt"},
		Trace:  []TraceEv{{Name: "GoStop", Reason: "preempted"}},
	},
	EvPreempted: {
		Name: "gopreempt_m", Func: "runtime.gopreempt_m", File: "runtime/proc.go",
		Doc:     "G stopped at a function's prologue (cooperative preemption): it goes to the global queue.",
		Pos:     "the call",
		Instant: true, Span: SpanStop, Leaves: true, Mark: '!', MarkOn: MarkOnP,
		Groups: []string{"preempt"},
		Trace:  []TraceEv{{Name: "GoStop", Reason: "preempted"}},
	},

	// ---- the network poller ------------------------------------------------

	EvNetpoll: {
		Name: "netpoll", Func: "runtime.netpoll", File: "runtime/netpoll_epoll.go",
		Doc:     "The network poller found Gs whose connections are ready; G is the list's head.",
		Args:    [2]EvArg{{Name: "ready", Type: ArgInt, Doc: "Gs ready"}},
		Details: func(b []byte, ev Event) []byte { return append(appendN(b, ev.Arg1, "G", "Gs"), " ready"...) },
		Instant: true, Mark: 'N', MarkOn: MarkOnPElseSysmon,
	},
	EvInjectglist: {
		Name: "injectglist", Func: "runtime.injectglist", File: "runtime/proc.go",
		Doc:     "Gs made ready together went to the run queues and idle Ps were woken; G is the first.",
		Args:    [2]EvArg{{Name: "runnable", Type: ArgInt, Doc: "Gs made runnable"}},
		Details: func(b []byte, ev Event) []byte { return append(appendN(b, ev.Arg1, "G", "Gs"), " made runnable"...) },
		Instant: true, Mark: 'N', MarkOn: MarkOnP,
		Trace: []TraceEv{{Name: "GoUnblock"}}, // of its first G; the others' come when they run
	},
	EvNetpollBlock: {
		Name: "netpollblock", Func: "runtime.netpollblock", File: "runtime/netpoll.go",
		Doc: "G parks until its connection is ready.",
		Args: [2]EvArg{
			{Name: "conn", Type: ArgInt, Doc: "the connection"},
			{Name: "ready_at", Type: ArgTime, Doc: "when it becomes ready"},
		},
		Pos: "the read",
		Details: func(b []byte, ev Event) []byte {
			b = strconv.AppendInt(append(b, "conn "...), ev.Arg1, 10)
			return AppendTime(append(b, " ready at "...), ev.Arg2)
		},
		Span: SpanStop, Leaves: true,
		Groups: []string{"park"},
	},

	// ---- GOMAXPROCS and locked threads -------------------------------------

	EvStopTheWorld: {
		Name: "stopTheWorld", Func: "runtime.stopTheWorldWithSema", File: "runtime/proc.go",
		Doc: "G stops every other P: at once those idle, in system calls or its own; running ones when their G reaches a safe point (gcstopm).",
		Args: [2]EvArg{
			{Name: "stopped", Type: ArgInt, Doc: "Ps stopped at once"},
			{Name: "waiting", Type: ArgInt, Doc: "Ps still running, which the world waits for (GOMAXPROCS stops them at once: 0)"},
		},
		Text: "the reason: GOMAXPROCS, GC sweep termination or GC mark termination",
		Pos:  "the call",
		Details: func(b []byte, ev Event) []byte {
			b = append(appendN(append(append(b, ev.Text...), ": "...), ev.Arg1, "P", "Ps"), " stopped"...)
			if ev.Arg2 > 0 {
				b = append(strconv.AppendInt(append(b, ", waits for "...), ev.Arg2, 10), " running"...)
			}
			return b
		},
		Instant: true, World: WorldStop,
		Groups: []string{"gc"},
		Trace:  []TraceEv{{Name: "STWBegin"}},
	},
	EvGcstopm: {
		Name: "gcstopm", Func: "runtime.gcstopm", File: "runtime/proc.go",
		Doc: "The world is stopping: M gives P up (_Pgcstop) and sleeps; the last one wakes the stopper.",
		Args: [2]EvArg{
			{Name: "stopwait", Type: ArgInt, Doc: "Ps still to stop (0: the world is stopped)"},
			{Name: "latency", Type: ArgDuration, Doc: "time since stopping began"},
		},
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg1 == 0 {
				return appendDuration(append(b, "world stopped after "...), ev.Arg2)
			}
			return append(strconv.AppendInt(b, ev.Arg1, 10), " to go"...)
		},
		Span: SpanStop, Instant: true,
		Groups: []string{"gc"},
	},
	EvStartTheWorld: {
		Name: "startTheWorld", Func: "runtime.startTheWorldWithSema", File: "runtime/proc.go",
		Doc: "The world starts again after a stop: Ps with work, and idle ones given mark workers, get Ms.",
		Args: [2]EvArg{
			{Name: "pause", Type: ArgDuration, Doc: "how long the world was stopped, from the stop's start"},
			{Name: "marking", Type: ArgBool, Doc: "1 if the concurrent mark runs from now (after sweep termination)"},
		},
		Text: "the reason the world stopped",
		Details: func(b []byte, ev Event) []byte {
			b = appendDuration(append(append(b, ev.Text...), ": paused "...), ev.Arg1)
			if ev.Arg2 == 1 {
				b = append(b, ", the mark begins"...)
			}
			return b
		},
		Instant: true, World: WorldStart,
		Groups: []string{"gc"},
		Trace:  []TraceEv{{Name: "STWEnd"}},
	},
	EvProcresize: {
		Name: "procresize", Func: "runtime.procresize", File: "runtime/proc.go",
		Doc: "GOMAXPROCS changed under stop-the-world; P is the caller's P after it; the world starts again.",
		Args: [2]EvArg{
			{Name: "old", Type: ArgInt, Doc: "GOMAXPROCS before"},
			{Name: "new", Type: ArgInt, Doc: "GOMAXPROCS after"},
		},
		Details: func(b []byte, ev Event) []byte {
			return strconv.AppendInt(append(strconv.AppendInt(append(b, "GOMAXPROCS "...), ev.Arg1, 10), " → "...), ev.Arg2, 10)
		},
		World: WorldStart,
		Trace: []TraceEv{{Name: "ProcsChange"}},
	},
	EvLockOSThread: {
		Name: "lockOSThread", Func: "runtime.dolockOSThread", File: "runtime/proc.go",
		Doc:     "G is wired to M (runtime.LockOSThread).",
		Args:    [2]EvArg{{Name: "count", Type: ArgInt, Doc: "its LockOSThread count after the call"}},
		Pos:     "the call",
		Details: appendCountAt,
	},
	EvUnlockOSThread: {
		Name: "unlockOSThread", Func: "runtime.dounlockOSThread", File: "runtime/proc.go",
		Doc:     "G's LockOSThread count dropped; at 0 it is no longer wired to M.",
		Args:    [2]EvArg{{Name: "count", Type: ArgInt, Doc: "its LockOSThread count after the call"}},
		Pos:     "the call",
		Details: appendCountAt,
	},
	EvStoplockedm: {
		Name: "stoplockedm", Func: "runtime.stoplockedm", File: "runtime/proc.go",
		Doc: "M, whose locked G cannot run, hands its P off and sleeps until the G is runnable.",
	},
	EvStartlockedm: {
		Name: "startlockedm", Func: "runtime.startlockedm", File: "runtime/proc.go",
		Doc:     "M found G locked to another M: it hands that M its P and stops.",
		Args:    [2]EvArg{{Name: "thread", Type: ArgM, Doc: "the M G is locked to"}},
		Details: func(b []byte, ev Event) []byte { return AppendID(append(b, "P to "...), 'M', ev.Arg1) },
	},
	EvMexit: {
		Name: "mexit", Func: "runtime.mexit", File: "runtime/proc.go",
		Doc:     "M's locked G exited without UnlockOSThread: the thread exits (m0 wedges).",
		Details: func(b []byte, _ Event) []byte { return append(b, "thread exits"...) },
	},

	// ---- the garbage collector ---------------------------------------------

	EvGCStart: {
		Name: "gcStart", Func: "runtime.gcStart", File: "runtime/mgc.go",
		Doc: "G starts a GC cycle: its allocation crossed the trigger, it called runtime.GC, or it is the forcegc helper.",
		Args: [2]EvArg{
			{Name: "trigger", Type: ArgCode, Doc: "why (gcTrigger's kind; a trace records none)", Values: gcTriggerValues},
			{Name: "cycle", Type: ArgInt, Doc: "the cycle's number (0: unknown, a trace's)"},
		},
		Pos: "the allocation or call",
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg2 > 0 {
				b = append(strconv.AppendInt(append(b, "cycle "...), ev.Arg2, 10), ", "...)
			}
			return append(append(b, "trigger "...), codeName(gcTriggerValues, ev.Arg1)...)
		},
		Instant: true,
		Groups:  []string{"gc"},
		Trace:   []TraceEv{{Name: "GCBegin"}, {Name: "GCActive", Arg: "trigger", Value: GCTriggerActive}},
	},
	EvFindRunnableGCWorker: {
		Name: "gcBgMarkWorker", Func: "runtime.(*gcControllerState).findRunnableGCWorker", File: "runtime/mgcpacer.go",
		Doc:  "P runs mark worker G next, before its run queues (dedicated, fractional), or because it has nothing else to do (idle: findRunnable).",
		Args: [2]EvArg{{Name: "mode", Type: ArgCode, Doc: "the worker's mode", Values: gcMarkWorkerModeValues()}},
		Details: func(b []byte, ev Event) []byte {
			return append(b, codeName(gcMarkWorkerModeValues(), ev.Arg1)...)
		},
		GCWorker: true,
		Groups:   []string{"gc"},
	},
	EvMarkWorkerStop: {
		Name: "markWorkerStop", Func: "runtime.(*gcControllerState).markWorkerStop", File: "runtime/mgcpacer.go",
		Doc: "Mark worker G stops marking (no work left, preempted, its share met, other work) and parks in the pool.",
		Args: [2]EvArg{
			{Name: "mode", Type: ArgCode, Doc: "the worker's mode", Values: gcMarkWorkerModeValues()},
			{Name: "ran", Type: ArgDuration, Doc: "how long it marked"},
		},
		Details: func(b []byte, ev Event) []byte {
			return appendDuration(append(append(b, codeName(gcMarkWorkerModeValues(), ev.Arg1)...), " marked "...), ev.Arg2)
		},
		Groups: []string{"gc"},
	},
	EvRunqdrain: {
		Name: "runqdrain", Func: "runtime.runqdrain", File: "runtime/proc.go",
		Doc:  "Preempted, a dedicated mark worker kicks every G of its P's run queue to the global queue; G is the first.",
		Args: [2]EvArg{{Name: "moved", Type: ArgInt, Doc: "Gs moved"}},
		Details: func(b []byte, ev Event) []byte {
			return append(appendN(b, ev.Arg1, "G", "Gs"), " to the global queue"...)
		},
		Instant: true, Mark: 'K', MarkOn: MarkOnP,
		Groups: []string{"gc", "global"},
	},
	EvGCAssistAlloc: {
		Name: "gcAssistAlloc", Func: "runtime.gcAssistAlloc", File: "runtime/mgcmark.go",
		Doc: "G allocated past its credit while the mark is on: it marks in proportion before it goes on (a mark assist).",
		Args: [2]EvArg{
			{Name: "work", Type: ArgBytes, Doc: "the scan work it does (0: a trace's, which records none)"},
			{Name: "debt", Type: ArgBytes, Doc: "the bytes it allocated past its credit (0: a trace's assist begins, -1: it ends)"},
		},
		Pos: "the allocation",
		Details: func(b []byte, ev Event) []byte {
			switch {
			case ev.Arg2 < 0:
				return append(b, "assist ends"...)
			case ev.Arg2 == 0:
				return append(b, "assist begins"...)
			}
			b = strconv.AppendInt(append(b, "marks "...), ev.Arg1, 10)
			return append(strconv.AppendInt(append(b, " B for a debt of "...), ev.Arg2, 10), " B"...)
		},
		Instant: true, Mark: 'a', MarkOn: MarkOnP,
		Groups: []string{"gc"},
		// The simulator's assist is one instant; a trace's is a range.
		Trace: []TraceEv{{Name: "GCMarkAssistBegin"}, {Name: "GCMarkAssistEnd", Arg: "debt", Value: -1}},
	},
	EvGCMarkDone: {
		Name: "gcMarkDone", Func: "runtime.gcMarkDone", File: "runtime/mgc.go",
		Doc:  "No mark work is left: G ends the mark and stops the world for mark termination.",
		Args: [2]EvArg{{Name: "work", Type: ArgBytes, Doc: "the cycle's scan work"}},
		Details: func(b []byte, ev Event) []byte {
			return append(strconv.AppendInt(append(b, "scanned "...), ev.Arg1, 10), " B"...)
		},
		Instant: true,
		Groups:  []string{"gc"},
	},
	EvGCMarkTermination: {
		Name: "gcMarkTermination", Func: "runtime.gcMarkTermination", File: "runtime/mgc.go",
		Doc: "The cycle ends with the world stopped: the marked heap sets the next goal; sweeping starts.",
		Args: [2]EvArg{
			{Name: "marked", Type: ArgBytes, Doc: "the heap marked live"},
			{Name: "goal", Type: ArgBytes, Doc: "the next cycle's heap goal"},
		},
		Text: "the cycle's GODEBUG=gctrace=1 line (a trace's: none)",
		Details: func(b []byte, ev Event) []byte {
			if ev.Text == "" {
				return append(b, "the mark phase ends"...)
			}
			return append(b, ev.Text...)
		},
		Instant: true,
		Groups:  []string{"gc"},
		Trace:   []TraceEv{{Name: "GCEnd"}},
	},

	EvSetGCPercent: {
		Name: "setGCPercent", Func: "runtime.setGCPercent", File: "runtime/mgcpacer.go",
		Doc: "G called debug.SetGCPercent: GOGC changes, and with it the heap goal and the trigger.",
		Args: [2]EvArg{
			{Name: "percent", Type: ArgInt, Doc: "the new GOGC (negative: off)"},
			{Name: "old", Type: ArgInt, Doc: "the old one"},
		},
		Pos: "the call",
		Details: func(b []byte, ev Event) []byte {
			return strconv.AppendInt(append(strconv.AppendInt(append(b, "GOGC "...), ev.Arg2, 10), " → "...), ev.Arg1, 10)
		},
		Instant: true,
		Groups:  []string{"gc"},
	},
	EvSetMemoryLimit: {
		Name: "setMemoryLimit", Func: "runtime.setMemoryLimit", File: "runtime/mgcpacer.go",
		Doc: "G called debug.SetMemoryLimit: GOMEMLIMIT changes (a negative limit only reads it).",
		Args: [2]EvArg{
			{Name: "limit", Type: ArgBytes, Doc: "the new limit (negative: unchanged)"},
			{Name: "old", Type: ArgBytes, Doc: "the old one"},
		},
		Pos: "the call",
		Details: func(b []byte, ev Event) []byte {
			return strconv.AppendInt(append(strconv.AppendInt(append(b, "GOMEMLIMIT "...), ev.Arg2, 10), " → "...), ev.Arg1, 10)
		},
		Instant: true,
		Groups:  []string{"gc"},
	},

	// ---- the program -------------------------------------------------------

	EvBreakpoint: {
		Name: "breakpoint", Func: "github.com/gmplab/gmplab/sim.Breakpoint", File: "sim/sim.go",
		Doc: "G called sim.Breakpoint(): the debugger stops here.",
		Pos: "the call",
		Details: func(b []byte, ev Event) []byte {
			if ev.Pos.Line <= 0 {
				return b
			}
			return appendLineCol(b, ev.Pos)
		},
		Instant: true,
	},
	EvPrint: {
		Name: "print", Func: "os.(*File).Write", File: "os/file.go",
		Doc: "The program printed (fmt to os.Stdout or os.Stderr, println to standard error).",
		Args: [2]EvArg{{Name: "stream", Type: ArgCode, Doc: "where it went", Values: []ArgValue{
			{0, "stdout"},
			{1, "stderr"},
		}}},
		Text: "what it printed",
		Pos:  "the print",
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg1 == 1 {
				b = append(b, "stderr "...)
			} else {
				b = append(b, "stdout "...)
			}
			return strconv.AppendQuote(b, ev.Text)
		},
		Instant: true,
		Trace:   []TraceEv{{Name: "UserLog"}}, // category "stdout" or "stderr"
	},
	EvSchedtrace: {
		Name: "schedtrace", Func: "runtime.schedtrace", File: "runtime/proc.go",
		Doc:     "A GODEBUG=schedtrace line, printed every --schedtrace-period of virtual time.",
		Text:    "the line",
		Details: func(b []byte, ev Event) []byte { return append(b, trimNewline(ev.Text)...) },
	},
	EvExit: {
		Name: "exit", Func: "runtime.exit", File: "runtime/stubs2.go",
		Doc:     "The program ended.",
		Args:    [2]EvArg{{Name: "exit_code", Type: ArgInt, Doc: "its exit code"}},
		Text:    `how it ended: "exit", "panic", "deadlock", "fatal", or the limit that stopped it ("max-events", "max-instrs", "max-steps", "max-time")`,
		Details: func(b []byte, ev Event) []byte { return strconv.AppendInt(append(b, "code "...), ev.Arg1, 10) },
		Instant: true, Span: SpanEnd,
	},
	// ---- what execution traces record and the simulator does not make -----

	EvUserTaskCreate: {
		Name: "userTaskCreate", Func: "trace.userTaskCreate", File: "runtime/trace/annotation.go",
		Doc: "The program began a task (runtime/trace.NewTask).",
		Args: [2]EvArg{
			{Name: "task", Type: ArgInt, Doc: "the task's id"},
			{Name: "parent", Type: ArgInt, Doc: "the enclosing task's id (0: none)"},
		},
		Text:      "the task's type",
		Details:   appendTask,
		Groups:    []string{"user"},
		Trace:     []TraceEv{{Name: "UserTaskBegin"}},
		TraceOnly: true,
	},
	EvUserTaskEnd: {
		Name: "userTaskEnd", Func: "trace.userTaskEnd", File: "runtime/trace/annotation.go",
		Doc:       "The program ended a task (Task.End).",
		Args:      [2]EvArg{{Name: "task", Type: ArgInt, Doc: "the task's id"}},
		Text:      "the task's type",
		Details:   appendTask,
		Groups:    []string{"user"},
		Trace:     []TraceEv{{Name: "UserTaskEnd"}},
		TraceOnly: true,
	},
	EvUserRegion: {
		Name: "userRegion", Func: "trace.userRegion", File: "runtime/trace/annotation.go",
		Doc: "G entered or left a region (runtime/trace.StartRegion, WithRegion).",
		Args: [2]EvArg{
			{Name: "task", Type: ArgInt, Doc: "the task it belongs to (0: none)"},
			{Name: "mode", Type: ArgCode, Doc: "userRegion's mode", Values: []ArgValue{{0, "start"}, {1, "end"}}},
		},
		Text: "the region's type",
		Details: func(b []byte, ev Event) []byte {
			b = strconv.AppendQuote(b, ev.Text)
			if ev.Arg2 == 1 {
				return append(b, " ends"...)
			}
			return append(b, " starts"...)
		},
		Groups:    []string{"user"},
		Trace:     []TraceEv{{Name: "UserRegionBegin", Arg: "mode", Value: 0}, {Name: "UserRegionEnd", Arg: "mode", Value: 1}},
		TraceOnly: true,
	},
	EvUserLog: {
		Name: "userLog", Func: "trace.userLog", File: "runtime/trace/annotation.go",
		Doc:       "G logged a message (runtime/trace.Log).",
		Args:      [2]EvArg{{Name: "task", Type: ArgInt, Doc: "the task it belongs to (0: none)"}},
		Text:      "the category and the message, as \"category: message\"",
		Details:   func(b []byte, ev Event) []byte { return strconv.AppendQuote(b, ev.Text) },
		Instant:   true,
		Groups:    []string{"user"},
		Trace:     []TraceEv{{Name: "UserLog"}},
		TraceOnly: true,
	},
	EvTraceAdvance: {
		Name: "traceAdvance", Func: "runtime.traceAdvance", File: "runtime/trace.go",
		Doc: "The tracer recorded the state of G, or of P, which it had not seen yet: it was in it before the trace began.",
		Args: [2]EvArg{
			{Name: "seen_as", Type: ArgCode, Doc: "the state recorded", Values: traceStates},
			{Name: "proc", Type: ArgBool, Doc: "1 if the state is P's, 0 if G's"},
		},
		Details: func(b []byte, ev Event) []byte {
			if ev.Arg2 == 1 {
				b = AppendID(b, 'P', int64(ev.P))
			} else {
				b = AppendID(b, 'G', ev.G)
			}
			return append(append(b, ' '), codeName(traceStates, ev.Arg1)...)
		},
		Trace:     []TraceEv{{Name: "GoStatus", Arg: "proc", Value: 0}, {Name: "ProcStatus", Arg: "proc", Value: 1}},
		TraceOnly: true,
	},
	EvNewcoro: {
		Name: "newcoro", Func: "runtime.newcoro", File: "runtime/coro.go",
		Doc:       "A coroutine of iter.Pull was made: G is created blocked (newproc1 with parked), to run when switched to.",
		Args:      [2]EvArg{{Name: "parent", Type: ArgG, Doc: "the goroutine that made it"}},
		Details:   func(b []byte, ev Event) []byte { return AppendID(append(b, "by "...), 'G', ev.Arg1) },
		TraceOnly: true,
		Trace:     []TraceEv{{Name: "GoCreateBlocked"}},
	},
	EvNeedm: {
		Name: "needm", Func: "runtime.needm", File: "runtime/proc.go",
		Doc:       "A thread Go did not start (C calling into Go) took an M: G appears in a system call.",
		Trace:     []TraceEv{{Name: "GoCreateSyscall"}},
		TraceOnly: true,
	},
	EvDropm: {
		Name: "dropm", Func: "runtime.dropm", File: "runtime/proc.go",
		Doc:       "A thread Go did not start gave its M back as the C call into Go returned: G ends.",
		Trace:     []TraceEv{{Name: "GoDestroySyscall"}},
		TraceOnly: true,
	},
}

// traceStates are the states traceAdvance records.
var traceStates = []ArgValue{{1, "runnable"}, {2, "running"}, {3, "waiting"}, {4, "in a system call"}, {5, "idle"}}

func appendTask(b []byte, ev Event) []byte {
	b = strconv.AppendInt(append(b, "task "...), ev.Arg1, 10)
	if ev.Text != "" {
		b = strconv.AppendQuote(append(b, ' '), ev.Text)
	}
	return b
}

func appendIf(b []byte, ok bool, s string) []byte {
	if ok {
		return append(b, s...)
	}
	return b
}

func appendCountAt(b []byte, ev Event) []byte {
	return appendAt(strconv.AppendInt(append(b, "count "...), ev.Arg1, 10), ev.Pos)
}

// gcTriggerValues name gcStart's triggers.
var gcTriggerValues = []ArgValue{
	{GCTriggerUnknown, "not recorded (a trace)"},
	{GCTriggerActive, "under way when the trace began"},
	{int64(gcTriggerHeap), "heap"},
	{int64(gcTriggerTime), "time"},
	{int64(gcTriggerCycle), "runtime.GC"},
}

// GCTriggerUnknown and GCTriggerActive are gcStart's triggers in a
// replayed trace, which records none (GCBegin), or which began during a
// cycle (GCActive).
const (
	GCTriggerUnknown = -2
	GCTriggerActive  = -1
)

// gcMarkWorkerModeValues name the mark workers' modes as execution
// traces do.
func gcMarkWorkerModeValues() []ArgValue {
	return []ArgValue{
		{int64(gcMarkWorkerDedicatedMode), gcMarkWorkerDedicatedMode.String()},
		{int64(gcMarkWorkerFractionalMode), gcMarkWorkerFractionalMode.String()},
		{int64(gcMarkWorkerIdleMode), gcMarkWorkerIdleMode.String()},
	}
}

// exitsyscallPaths are exitsyscall's paths, as its details print them.
var exitsyscallPaths = []ArgValue{
	{0, "fast path (kept its P)"},
	{1, "took its old P back"},
	{2, "took an idle P"},
	{3, "no P: G to the global queue"},
}
