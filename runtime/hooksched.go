package runtime

// Whole mechanisms: the hooks that replace a function of the scheduler
// with its control flow (findRunnable, wakep, retake, exitsyscall,
// schedule) see the scheduler live, through Sched.
//
// The hooks of hooks.go take copies of the state a rule reads (a P's run
// queue, the global queue) and the engine copies the result back: a rule
// there is a computation. findRunnable is not: it calls a dozen other
// functions of the runtime in an order that is the point (runnext, the
// ring, the 61st tick, netpoll, four passes of stealing, timers, dropping
// the P and looking again), and each of them changes the state the next
// one sees. So these hooks get a Sched, whose methods are those other
// functions and the fields they read, named as proc.go names them, acting
// on the engine at once and emitting the events the engine's own rules
// emit. A learner's findRunnable written over it reads like proc.go's,
// and the checker compares its events with the engine's one by one.
//
// Ps and Ms are named as the runtime's puintptr and muintptr are: an
// index plus one, 0 for none. Time is the engine's virtual time: a hook
// runs at one instant (the runtime's now, rnow and nanotime() are the
// same value), so the functions that return a time in the runtime do not
// here.
//
// Rejected: handing the hooks the engine's Machine (its index-linked
// lists and bookkeeping are not runtime2.go's), and copies of the state
// for them to change and return (findRunnable's calls change what the
// next call sees; a copy would have to be the whole machine).

// Puintptr names a P: its index in allp plus one; 0 is nil (runtime2.go:
// puintptr).
type Puintptr int32

// Muintptr names an M: its id plus one; 0 is nil (runtime2.go: muintptr).
type Muintptr int32

// Sched is the scheduler as a whole-mechanism hook sees it: the calling M
// (getg().m), the global state (sched, allp, gomaxprocs) and the runtime
// functions the hook calls. Every method acts on the engine at once. A
// call the runtime would refuse (releasep without a P, a P pointer that
// names no P) stops the run with a message that names the hook.
type Sched interface {
	// ---- The calling M (getg().m) ----

	// M is the calling M.
	M() Muintptr
	// P is the calling M's P (mp.p), 0 without one.
	P() Puintptr
	// Spinning is mp.spinning; SetSpinning sets it (it does not count:
	// nmspinning is the caller's, as in the runtime).
	Spinning() bool
	SetSpinning(on bool)
	// Oldp is mp.oldp, the P the M held when its G entered the system
	// call; SetOldp sets it.
	Oldp() Puintptr
	SetOldp(pp Puintptr)
	// Curg is mp.curg of M mp (0: none); the calling M's is Curg(M()).
	Curg(mp Muintptr) Guintptr
	// Lockedg reports whether the calling M is locked to a G
	// (mp.lockedg != 0).
	Lockedg() bool

	// ---- The global state ----

	Gomaxprocs() int32
	// Allp is allp[i], for i from 0 to Gomaxprocs()-1.
	Allp(i int32) Puintptr
	Npidle() int32
	Nmspinning() int32
	// AddNmspinning is sched.nmspinning.Add(delta): it returns the new
	// value. CasNmspinning is its CompareAndSwap.
	AddNmspinning(delta int32) int32
	CasNmspinning(old, new int32) bool
	// Needspinning is sched.needspinning.Load() == 1; SetNeedspinning
	// stores it.
	Needspinning() bool
	SetNeedspinning(on bool)
	// GlobrunqEmpty is sched.runq.empty().
	GlobrunqEmpty() bool
	// NetpollInited is netpollinited(); NetpollAnyWaiters is
	// netpollAnyWaiters().
	NetpollInited() bool
	NetpollAnyWaiters() bool
	// Lastpoll is sched.lastpoll: 0 while an M is blocked in netpoll,
	// else when the network was last polled (at least 1).
	Lastpoll() int64
	// PollerPollUntil is sched.pollUntil: when the M blocked in netpoll
	// wakes for a timer (0: no timer).
	PollerPollUntil() int64
	// SysmonWait is sched.sysmonwait: sysmon sleeps deeply until woken.
	SysmonWait() bool
	// AsyncPreemptOff is debug.asyncpreemptoff != 0 or !preemptMSupported.
	AsyncPreemptOff() bool
	// Cheaprand is the calling M's random number (the engine's seeded
	// PCG: runs are reproducible).
	Cheaprand() uint32

	// ---- A P (allp[i]) ----

	Status(pp Puintptr) uint32 // pp.status: rt.Pidle, rt.Prunning
	Schedtick(pp Puintptr) uint32
	Syscalltick(pp Puintptr) uint32
	// IncSyscalltick is pp.syscalltick++.
	IncSyscalltick(pp Puintptr)
	// Sysmontick is &pp.sysmontick: sysmon's record of the P, live.
	Sysmontick(pp Puintptr) *Sysmontick
	// PM is pp.m: the M that holds the P (0: none).
	PM(pp Puintptr) Muintptr
	// SetPPreempt sets pp.preempt.
	SetPPreempt(pp Puintptr, on bool)
	Runqempty(pp Puintptr) bool
	// IdlepMask is idlepMask.read(pp): the P is on the idle list.
	IdlepMask(pp Puintptr) bool
	// TimerpMask is timerpMask.read(pp): the P may have timers.
	TimerpMask(pp Puintptr) bool
	// WakeTime is pp.timers.wakeTime(): its earliest timer (0: none).
	WakeTime(pp Puintptr) int64

	// ---- A G ----

	Readgstatus(gp Guintptr) uint32
	Casgstatus(gp Guintptr, old, new uint32)
	// Preempted is gp.preempt; SetPreempt sets it.
	Preempted(gp Guintptr) bool
	SetPreempt(gp Guintptr, on bool)
	// SetStackguard0 sets gp.stackguard0 to StackPreempt (a preemption
	// request the next prologue check honours) or to its normal value
	// (rt.StackGuard: stack.lo + stackGuard).
	SetStackguard0(gp Guintptr, v uint64)
	// Lockedm reports whether gp is locked to an M (gp.lockedm != 0).
	Lockedm(gp Guintptr) bool

	// ---- Run queues ----

	// Runqget is runqget(pp).
	Runqget(pp Puintptr) (gp Guintptr, inheritTime bool)
	// Globrunqget is globrunqget(): the global queue's head.
	Globrunqget() Guintptr
	// Globrunqgetbatch is globrunqgetbatch(len(pp.runq)/2) and
	// runqputbatch(pp, &q): a batch of min(128, size, size/gomaxprocs+1)
	// from the global queue's head, the first returned and the rest put on
	// pp's ring.
	Globrunqgetbatch(pp Puintptr) Guintptr
	// Globrunqput is globrunqput(gp).
	Globrunqput(gp Guintptr)
	// Runqsteal is runqsteal(pp, p2, stealRunNextG): half of p2's ring
	// (or its runnext) into pp's; it returns the G to run.
	Runqsteal(pp, p2 Puintptr, stealRunNextG bool) Guintptr

	// ---- Ps and Ms ----

	Acquirep(pp Puintptr)
	// Releasep is releasep(): the calling M gives its P up (findRunnable's
	// "return P and block").
	Releasep() Puintptr
	Pidleput(pp Puintptr)
	Pidleget() Puintptr
	// PidlegetSpinning is pidlegetSpinning(0).
	PidlegetSpinning() Puintptr
	// Startm is startm(pp, spinning, false). A spinning start is wakep's
	// (the engine reports it so).
	Startm(pp Puintptr, spinning bool)
	// Stopm is stopm(): the calling M parks. In the engine the M's action
	// ends there: the hook returns after it (with no G), and when startm
	// wakes the M it starts over in schedule, as the runtime's M does
	// after stopm returns ("goto top").
	Stopm()
	Wakep()
	BecomeSpinning()
	Handoffp(pp Puintptr)
	// Execute is execute(gp, inheritTime): the calling M runs gp.
	Execute(gp Guintptr, inheritTime bool)
	// Dropg is dropg(): the calling M lets go of its G.
	Dropg()
	// Stoplockedm is stoplockedm(): the calling M, locked to a G that
	// cannot run, hands its P off and sleeps (its action ends, as with
	// Stopm). Startlockedm is startlockedm(gp).
	Stoplockedm()
	Startlockedm(gp Guintptr)

	// ---- Timers and the network ----

	// CheckTimers is pp.timers.check(now): it runs pp's expired timers
	// (the Gs they ready go to the calling M's P) and returns when the
	// next one is due (0: none) and whether any ran. For the calling
	// M's own P it is where findRunnable's pass begins (the engine
	// charges the pass's cost there).
	CheckTimers(pp Puintptr) (pollUntil int64, ran bool)
	// Netpoll is netpoll(0): the Gs whose connections are ready, still
	// _Gwaiting (only the non-blocking poll: see NetpollBlock).
	Netpoll(delay int64) []Guintptr
	// Injectglist is injectglist(&list).
	Injectglist(list []Guintptr)
	// NetpollBlock is findRunnable's blocking netpoll: sched.lastpoll.Swap(0),
	// netpoll(until pollUntil) and what follows it (pidleget, injectglist,
	// becomeSpinning if wasSpinning). The calling M blocks: its action
	// ends, and the engine does the rest when the M wakes.
	NetpollBlock(pollUntil int64, wasSpinning bool)
	// NetpollBreak is netpollBreak().
	NetpollBreak()

	// ---- sysmon ----

	// SetBlockOnExitSyscall reports whether pp is held by an M whose G
	// is in a system call (setBlockOnExitSyscall's ok); TakeP is
	// thread.takeP(): that M goes on with its system call without the P.
	SetBlockOnExitSyscall(pp Puintptr) bool
	TakeP(pp Puintptr)
	// PreemptM is preemptM(mp): the preemption signal (SIGURG) to mp.
	PreemptM(mp Muintptr)
	// SysmonWake is notewakeup(&sched.sysmonnote), which clears
	// sched.sysmonwait.
	SysmonWake()

	// Throw is throw(msg): the run stops with msg.
	Throw(msg string)
}

// StackPreempt is the value of stackguard0 that asks for a preemption
// (stack.go: stackPreempt).
const StackPreempt = stackPreempt
