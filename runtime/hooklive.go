package runtime

import "github.com/gmplab/gmplab/vm"

// liveSched is the engine's Sched: one per call of a whole-mechanism hook,
// for the M that calls it. Each method does what the engine's own rule
// does at that point, with the same events; a call the runtime would
// refuse panics with "hook: your FN ...", which the checker reports as the
// learner's (compare.go: corrupted).
//
// Events whose arguments are known only after several calls (retake's
// preemptone, exitsyscall's path) wait in pending until the hook calls
// anything else, or returns: they are emitted after the calls that make
// them and before the next one, where the engine's own rule emits them.
type liveSched struct {
	mc *Machine
	mi int32
	fn string // the hook: "findRunnable"

	calls int // calls so far, against maxHookCalls
	tops  int // findRunnable passes (CheckTimers of its own P)
	// parked: the M parked (Stopm, NetpollBlock, Stoplockedm,
	// Startlockedm): the hook must return without calling again.
	parked bool
	// executed: the M runs a G (Execute).
	executed bool
	// took: TakeP took a P from an M in a system call (exitsyscall's
	// old P).
	took bool

	// retake's preemptone in progress.
	preempt struct {
		on     bool
		pp     int32
		gi     int32
		signal bool
	}
	// exitsyscall's last event, emitted at the next call or the return.
	pending func()
}

// maxHookCalls bounds the calls one run of a hook makes: a loop that
// never returns ("goto top" without end, an enumeration that never
// finishes) is stopped with a message, not after minutes.
const maxHookCalls = 200_000

func (mc *Machine) liveSched(mi int32, fn string) *liveSched {
	return &liveSched{mc: mc, mi: mi, fn: fn}
}

// enter counts a call of method name that acts, flushes a pending event
// (it was made by the calls before this one) and refuses a call after the
// M parked.
func (s *liveSched) enter(name string) {
	s.flush()
	s.ask(name)
}

// ask counts a call of method name that only reads, and refuses a call
// after the M parked; a pending event waits on (a read between the steps
// of retake's preemptone changes nothing).
func (s *liveSched) ask(name string) {
	s.calls++
	if s.calls > maxHookCalls {
		panic("hook: your " + s.fn + " made " + vm.Itoa(maxHookCalls) + " calls into the runtime without returning: an endless loop? (its last: " + name + ")")
	}
	if s.parked {
		panic("hook: your " + s.fn + " called " + name + " after the M parked (stopm, a blocking netpoll or stoplockedm end its action: return after them)")
	}
}

// flush emits what is pending.
func (s *liveSched) flush() {
	if s.preempt.on {
		s.preempt.on = false
		s.mc.emitPreemptone(s.preempt.pp, s.preempt.gi, s.preempt.signal, s.mc.nanotime()-s.mc.allp[s.preempt.pp].sysmontick.Schedwhen, " (your preemptone)")
	}
	if f := s.pending; f != nil {
		s.pending = nil
		f()
	}
}

func (s *liveSched) fail(msg string) { panic("hook: your " + s.fn + " " + msg) }

// p turns a Puintptr into a P index, refusing one that names no P.
func (s *liveSched) p(pp Puintptr, what string) int32 {
	if pp <= 0 || int(pp) > len(s.mc.allp) {
		s.fail("passed P pointer " + vm.Itoa(int64(pp)) + " to " + what + ", which names no P (Ps are 1 to gomaxprocs; 0 is nil)")
	}
	return int32(pp) - 1
}

// g turns a Guintptr into a G index, refusing one that names no G.
func (s *liveSched) g(gp Guintptr, what string) int32 {
	if gp == 0 || int(gp) > len(s.mc.allg) {
		s.fail("passed G pointer " + vm.Itoa(int64(gp)) + " to " + what + ", which names no G")
	}
	return int32(gp) - 1
}

func (s *liveSched) m(mp Muintptr, what string) int32 {
	if mp <= 0 || int(mp) > len(s.mc.allm) {
		s.fail("passed M pointer " + vm.Itoa(int64(mp)) + " to " + what + ", which names no M")
	}
	return int32(mp) - 1
}

func puintptr(pp int32) Puintptr {
	if pp == nilIdx {
		return 0
	}
	return Puintptr(pp + 1)
}

func muintptr(mi int32) Muintptr {
	if mi == nilIdx {
		return 0
	}
	return Muintptr(mi + 1)
}

func (s *liveSched) self() *m { return &s.mc.allm[s.mi] }

// finding reports whether the hook is findRunnable's (or schedule's,
// which calls the learner's findRunnable): stealWork's look at a victim
// and each pass from the top cost what they cost in the engine's rule.
func (s *liveSched) finding() bool { return s.fn == "findRunnable" || s.fn == "schedule" }

// why is the reason a hook's event gives.
func (s *liveSched) why() string { return " (your " + s.fn + ")" }

// ---- The calling M ----

func (s *liveSched) M() Muintptr { s.ask("M"); return muintptr(s.mi) }
func (s *liveSched) P() Puintptr { s.ask("P"); return puintptr(s.self().p) }
func (s *liveSched) Spinning() bool {
	s.ask("Spinning")
	return s.self().spinning
}
func (s *liveSched) SetSpinning(on bool) { s.enter("SetSpinning"); s.self().spinning = on }
func (s *liveSched) Oldp() Puintptr      { s.ask("Oldp"); return puintptr(s.self().oldp) }
func (s *liveSched) SetOldp(pp Puintptr) {
	s.enter("SetOldp")
	if pp == 0 {
		s.self().oldp = nilIdx
		return
	}
	s.self().oldp = s.p(pp, "SetOldp")
}
func (s *liveSched) Curg(mp Muintptr) Guintptr {
	s.ask("Curg")
	return guintptr(s.mc.allm[s.m(mp, "Curg")].curg)
}
func (s *liveSched) Lockedg() bool { s.ask("Lockedg"); return s.self().lockedg != 0 }

// ---- The global state ----

func (s *liveSched) Gomaxprocs() int32 { s.ask("Gomaxprocs"); return int32(len(s.mc.allp)) }

// Allp is allp[i]. In findRunnable's hook, an M with a P looking at
// another P is stealWork looking at a victim: it costs CostStealTry, as in
// the engine's stealWork.
func (s *liveSched) Allp(i int32) Puintptr {
	s.ask("Allp")
	if i < 0 || int(i) >= len(s.mc.allp) {
		s.fail("read allp[" + vm.Itoa(int64(i)) + "]: allp has " + vm.Itoa(int64(len(s.mc.allp))) + " Ps (index out of range)")
	}
	if own := s.self().p; s.finding() && own != nilIdx && i != own {
		s.mc.acc += CostStealTry
	}
	return Puintptr(i + 1)
}
func (s *liveSched) Npidle() int32     { s.ask("Npidle"); return s.mc.sched.npidle }
func (s *liveSched) Nmspinning() int32 { s.ask("Nmspinning"); return s.mc.sched.nmspinning }
func (s *liveSched) AddNmspinning(delta int32) int32 {
	s.enter("AddNmspinning")
	s.mc.sched.nmspinning += delta
	return s.mc.sched.nmspinning
}
func (s *liveSched) CasNmspinning(old, new int32) bool {
	s.enter("CasNmspinning")
	if s.mc.sched.nmspinning != old {
		return false
	}
	s.mc.sched.nmspinning = new
	return true
}
func (s *liveSched) Needspinning() bool { s.ask("Needspinning"); return s.mc.sched.needspinning }
func (s *liveSched) SetNeedspinning(on bool) {
	s.enter("SetNeedspinning")
	s.mc.sched.needspinning = on
}
func (s *liveSched) GlobrunqEmpty() bool { s.ask("GlobrunqEmpty"); return s.mc.sched.runq.size == 0 }
func (s *liveSched) NetpollInited() bool { s.ask("NetpollInited"); return s.mc.netpollInited }
func (s *liveSched) NetpollAnyWaiters() bool {
	s.ask("NetpollAnyWaiters")
	return s.mc.netpollWaiters > 0
}
func (s *liveSched) Lastpoll() int64 {
	s.ask("Lastpoll")
	if s.mc.sched.polling {
		return 0
	}
	return max(s.mc.sched.lastpoll, 1)
}
func (s *liveSched) PollerPollUntil() int64 { s.ask("PollerPollUntil"); return s.mc.sched.pollUntil }
func (s *liveSched) SysmonWait() bool       { s.ask("SysmonWait"); return s.mc.sysmon.deep }
func (s *liveSched) AsyncPreemptOff() bool  { s.ask("AsyncPreemptOff"); return s.mc.cfg.AsyncPreemptOff }
func (s *liveSched) Cheaprand() uint32      { s.enter("Cheaprand"); return s.mc.cheaprand() }

// ---- A P ----

func (s *liveSched) Status(pp Puintptr) uint32 {
	s.ask("Status")
	return uint32(s.mc.allp[s.p(pp, "Status")].status)
}
func (s *liveSched) Schedtick(pp Puintptr) uint32 {
	s.ask("Schedtick")
	return s.mc.allp[s.p(pp, "Schedtick")].schedtick
}
func (s *liveSched) Syscalltick(pp Puintptr) uint32 {
	s.ask("Syscalltick")
	return s.mc.allp[s.p(pp, "Syscalltick")].syscalltick
}
func (s *liveSched) IncSyscalltick(pp Puintptr) {
	s.enter("IncSyscalltick")
	s.mc.allp[s.p(pp, "IncSyscalltick")].syscalltick++
}
func (s *liveSched) Sysmontick(pp Puintptr) *Sysmontick {
	s.ask("Sysmontick")
	return &s.mc.allp[s.p(pp, "Sysmontick")].sysmontick
}
func (s *liveSched) PM(pp Puintptr) Muintptr {
	s.ask("PM")
	return muintptr(s.mc.allp[s.p(pp, "PM")].m)
}
func (s *liveSched) SetPPreempt(pp Puintptr, on bool) {
	i := s.p(pp, "SetPPreempt")
	if s.fn == "retake" && on {
		s.preemptNote(i, nilIdx, "SetPPreempt")
	} else {
		s.enter("SetPPreempt")
	}
	s.mc.allp[i].preempt = on
}
func (s *liveSched) Runqempty(pp Puintptr) bool {
	s.ask("Runqempty")
	return s.mc.runqempty(s.p(pp, "Runqempty"))
}
func (s *liveSched) IdlepMask(pp Puintptr) bool {
	s.ask("IdlepMask")
	return s.mc.isIdleP(s.p(pp, "IdlepMask"))
}
func (s *liveSched) TimerpMask(pp Puintptr) bool {
	s.ask("TimerpMask")
	return len(s.mc.allp[s.p(pp, "TimerpMask")].timers) > 0
}
func (s *liveSched) WakeTime(pp Puintptr) int64 {
	s.ask("WakeTime")
	if h := s.mc.allp[s.p(pp, "WakeTime")].timers; len(h) > 0 {
		return s.mc.timers[h[0]].hwhen
	}
	return 0
}

// ---- A G ----

func (s *liveSched) Readgstatus(gp Guintptr) uint32 {
	s.ask("Readgstatus")
	return uint32(s.mc.allg[s.g(gp, "Readgstatus")].status)
}

// Casgstatus makes a change of the goroutine state machine
// (gstates.go: gTransitions, the table the engine's own casgstatus
// enforces); any other change is the exercise's mistake.
func (s *liveSched) Casgstatus(gp Guintptr, old, new uint32) {
	s.enter("Casgstatus")
	gi := s.g(gp, "casgstatus")
	G := &s.mc.allg[gi]
	if old >= uint32(len(gstatusNames)) || new >= uint32(len(gstatusNames)) {
		s.fail("called casgstatus(G" + vm.Itoa(G.goid) + ", " + vm.Itoa(int64(old)) + ", " + vm.Itoa(int64(new)) + "): not a goroutine status (rt.Gidle … rt.Gdead)")
	}
	if uint32(G.status) != old {
		s.fail("called casgstatus(G" + vm.Itoa(G.goid) + ", " + gstatus(old).String() + ", " + gstatus(new).String() + ") on a G that is " + G.status.String())
	}
	if !gEdge[old][new] {
		s.fail("called casgstatus(G" + vm.Itoa(G.goid) + ", " + gstatus(old).String() + ", " + gstatus(new).String() + "): " + gstatus(old).String() + " → " + gstatus(new).String() + " is not a change of the goroutine state machine (gmplab lesson 00 draws it)")
	}
	if old == uint32(_Gwaiting) {
		G.waitreason = 0
	}
	G.status = gstatus(new)
}

func (s *liveSched) Preempted(gp Guintptr) bool {
	s.ask("Preempted")
	return s.mc.allg[s.g(gp, "Preempted")].preempt
}
func (s *liveSched) SetPreempt(gp Guintptr, on bool) {
	gi := s.g(gp, "SetPreempt")
	if s.fn == "retake" && on {
		s.preemptNote(nilIdx, gi, "SetPreempt")
	} else {
		s.enter("SetPreempt")
	}
	s.mc.allg[gi].preempt = on
}
func (s *liveSched) SetStackguard0(gp Guintptr, v uint64) {
	gi := s.g(gp, "SetStackguard0")
	if s.fn == "retake" && v == stackPreempt {
		s.preemptNote(nilIdx, gi, "SetStackguard0")
	} else {
		s.enter("SetStackguard0")
	}
	if v != stackPreempt && v != stackGuard {
		s.fail("set stackguard0 to " + vm.Itoa(int64(v)) + ": it is stackPreempt (rt.StackPreempt) or stack.lo + stackGuard (rt.StackGuard)")
	}
	s.mc.allg[gi].stackguard0 = v
}
func (s *liveSched) Lockedm(gp Guintptr) bool {
	s.ask("Lockedm")
	return s.mc.allg[s.g(gp, "Lockedm")].lockedm != 0
}

// ---- Run queues ----

func (s *liveSched) Runqget(pp Puintptr) (Guintptr, bool) {
	s.enter("Runqget")
	gi, inh := s.mc.runqgetEv(s.mi, s.p(pp, "runqget"))
	return guintptr(gi), inh
}
func (s *liveSched) Globrunqget() Guintptr {
	s.enter("Globrunqget")
	if s.mc.sched.runq.size == 0 {
		return 0
	}
	pp := s.self().p
	if pp == nilIdx {
		s.fail("called globrunqget without a P")
	}
	return guintptr(s.mc.globrunqget61(s.mi, pp))
}
func (s *liveSched) Globrunqgetbatch(pp Puintptr) Guintptr {
	s.enter("Globrunqgetbatch")
	i := s.p(pp, "globrunqgetbatch")
	if !s.mc.runqempty(i) && s.mc.allp[i].runqtail-s.mc.allp[i].runqhead > runqSize/2 {
		s.fail("called globrunqgetbatch for P" + vm.Itoa(int64(i)) + ", whose ring has no room for the batch (findRunnable takes a batch only into an empty local queue)")
	}
	return guintptr(s.mc.globrunqgetbatchEv(s.mi, i, ""))
}
func (s *liveSched) Globrunqput(gp Guintptr) {
	s.enter("Globrunqput")
	gi := s.g(gp, "globrunqput")
	if s.mc.allg[gi].status != _Grunnable {
		s.fail("put G" + vm.Itoa(s.mc.allg[gi].goid) + " on the global queue while it is " + s.mc.allg[gi].status.String() + " (casgstatus it to runnable first)")
	}
	s.mc.globrunqput(gi)
	if s.fn == "exitsyscall" {
		// exitsyscallNoP: no P anywhere; the M is about to park.
		G := &s.mc.allg[gi]
		write := G.inWrite
		G.inWrite = false
		s.pending = func() {
			if ev := s.mc.emit(EvExitsyscall, s.mi, -1, G.goid, 3, 0); s.mc.cfg.Why {
				ev.Why = "slowest path (exitsyscallNoP): no P: G" + vm.Itoa(G.goid) + " goes to the global queue's tail and M" + vm.Itoa(int64(s.mi)) + " parks" + s.why()
				if write {
					ev.Why = "the print's write(2) returned; " + ev.Why
				}
			}
		}
	}
}
func (s *liveSched) Runqsteal(pp, p2 Puintptr, stealRunNextG bool) Guintptr {
	s.enter("Runqsteal")
	i, j := s.p(pp, "runqsteal"), s.p(p2, "runqsteal")
	if i == j {
		s.fail("called runqsteal(P" + vm.Itoa(int64(i)) + ", P" + vm.Itoa(int64(j)) + "): a P does not steal from itself")
	}
	if P := &s.mc.allp[i]; P.runqtail != P.runqhead || P.runnext != nilIdx {
		s.fail("called runqsteal for P" + vm.Itoa(int64(i)) + ", whose local queue is not empty (stealWork runs only when it is)")
	}
	return guintptr(s.mc.runqstealEv(s.mi, i, j, -1, stealRunNextG))
}

// ---- Ps and Ms ----

func (s *liveSched) Acquirep(pp Puintptr) {
	s.enter("Acquirep")
	i := s.p(pp, "acquirep")
	P := &s.mc.allp[i]
	switch {
	case s.self().p != nilIdx:
		s.fail("called acquirep(P" + vm.Itoa(int64(i)) + ") while its M holds P" + vm.Itoa(int64(s.self().p)))
	case P.idle:
		s.fail("called acquirep(P" + vm.Itoa(int64(i)) + ") with the P still on the idle list (pidleget takes it off first)")
	case P.status != _Pidle || P.m != nilIdx:
		s.fail("called acquirep(P" + vm.Itoa(int64(i)) + "), which M" + vm.Itoa(int64(P.m)) + " holds (acquirep: invalid p state)")
	}
	s.mc.acquirep(s.mi, i)
}
func (s *liveSched) Releasep() Puintptr {
	s.enter("Releasep")
	if s.self().p == nilIdx {
		s.fail("called releasep without a P (releasep: invalid arg)")
	}
	return puintptr(s.mc.dropP(s.mi, "your findRunnable: "))
}
func (s *liveSched) Pidleput(pp Puintptr) {
	s.enter("Pidleput")
	i := s.p(pp, "pidleput")
	P := &s.mc.allp[i]
	switch {
	case P.idle:
		s.fail("put P" + vm.Itoa(int64(i)) + " on the idle list twice")
	case P.m != nilIdx:
		s.fail("put P" + vm.Itoa(int64(i)) + " on the idle list while M" + vm.Itoa(int64(P.m)) + " holds it (releasep first)")
	case !s.mc.runqempty(i):
		s.fail("put P" + vm.Itoa(int64(i)) + " on the idle list with Gs in its local queue (pidleput: P has non-empty run queue)")
	}
	s.mc.pidleput(i)
}
func (s *liveSched) Pidleget() Puintptr { s.enter("Pidleget"); return puintptr(s.mc.pidleget()) }
func (s *liveSched) PidlegetSpinning() Puintptr {
	s.enter("PidlegetSpinning")
	return puintptr(s.mc.pidlegetSpinning())
}
func (s *liveSched) Startm(pp Puintptr, spinning bool) {
	s.enter("Startm")
	i := int32(nilIdx)
	if pp != 0 {
		i = s.p(pp, "startm")
		if P := &s.mc.allp[i]; P.idle || P.m != nilIdx {
			s.fail("called startm(P" + vm.Itoa(int64(i)) + ") with a P that is not its to give (take it off the idle list with pidleget first)")
		}
	}
	// A hook starts a spinning M only in wakep (the learner's wakep may
	// be called from the learner's resetspinning): report it as the
	// engine's wakep does.
	if spinning && i != nilIdx {
		if ev := s.mc.emit(EvWakep, s.mc.curM(), i, -1, 0, 0); s.mc.cfg.Why {
			ev.Why = "P" + vm.Itoa(int64(i)) + " is idle and no M is spinning: start a spinning M to look for work" + s.why()
		}
	}
	s.mc.startm(i, spinning)
}
func (s *liveSched) Stopm() {
	s.enter("Stopm")
	switch {
	case s.self().p != nilIdx:
		s.fail("called stopm holding P" + vm.Itoa(int64(s.self().p)) + " (stopm holding p)")
	case s.self().spinning:
		s.fail("called stopm on a spinning M (stopm spinning): drop spinning and nmspinning first")
	}
	s.parked = true
	s.mc.stopm(s.mi)
}
func (s *liveSched) Wakep()          { s.enter("Wakep"); s.mc.wakep() }
func (s *liveSched) BecomeSpinning() { s.enter("BecomeSpinning"); s.mc.becomeSpinning(s.mi) }
func (s *liveSched) Handoffp(pp Puintptr) {
	s.enter("Handoffp")
	i := s.p(pp, "handoffp")
	if P := &s.mc.allp[i]; P.idle || P.m != nilIdx || P.status != _Pidle {
		s.fail("called handoffp(P" + vm.Itoa(int64(i)) + ") with a P that is held or idle (take it first)")
	}
	s.mc.handoffp(i)
}
func (s *liveSched) Execute(gp Guintptr, inheritTime bool) {
	s.enter("Execute")
	gi := s.g(gp, "execute")
	M := s.self()
	switch {
	case M.p == nilIdx:
		s.fail("called execute without a P")
	case M.curg != nilIdx && M.curg != gi:
		s.fail("called execute while its M runs G" + vm.Itoa(s.mc.allg[M.curg].goid))
	case s.mc.allg[gi].status != _Grunnable:
		s.fail("called execute(G" + vm.Itoa(s.mc.allg[gi].goid) + ") on a G that is " + s.mc.allg[gi].status.String() + ", not runnable")
	}
	s.executed = true
	s.mc.execute(s.mi, gi, inheritTime, "your "+s.fn+" runs it")
}
func (s *liveSched) Dropg() { s.enter("Dropg"); s.mc.dropg(s.mi) }
func (s *liveSched) Stoplockedm() {
	s.enter("Stoplockedm")
	if s.self().lockedg == 0 {
		s.fail("called stoplockedm on an M no G is locked to (stoplockedm: inconsistent locking)")
	}
	s.parked = true
	s.mc.stoplockedm(s.mi)
}
func (s *liveSched) Startlockedm(gp Guintptr) {
	s.enter("Startlockedm")
	gi := s.g(gp, "startlockedm")
	if s.mc.allg[gi].lockedm == 0 {
		s.fail("called startlockedm(G" + vm.Itoa(s.mc.allg[gi].goid) + "), which is locked to no M")
	}
	s.parked = true
	s.mc.startlockedm(s.mi, gi)
}

// ---- Timers and the network ----

func (s *liveSched) CheckTimers(pp Puintptr) (int64, bool) {
	s.enter("CheckTimers")
	i := s.p(pp, "checkTimers")
	own := s.self().p
	if own == nilIdx {
		s.fail("ran P" + vm.Itoa(int64(i)) + "'s timers without a P (checkTimersNoP only reads when they are due: WakeTime)")
	}
	if i == own && s.finding() {
		if s.tops++; s.tops > 100 {
			s.fail("went back to the top 100 times in one call without finding work or stopping the M (findRunnable: no progress)")
		}
		s.mc.acc += CostSchedule
	}
	ran, next := s.mc.runTimers(i, own, s.mi)
	return next, ran
}
func (s *liveSched) Netpoll(delay int64) []Guintptr {
	s.enter("Netpoll")
	if delay != 0 {
		s.fail("called netpoll(" + vm.Itoa(delay) + "): only the non-blocking netpoll(0) is called here (NetpollBlock blocks)")
	}
	list := s.mc.netpoll(s.mi, 0)
	out := make([]Guintptr, len(list))
	for i, gi := range list {
		out[i] = guintptr(gi)
	}
	return out
}
func (s *liveSched) Injectglist(list []Guintptr) {
	s.enter("Injectglist")
	gs := make([]int32, len(list))
	for i, gp := range list {
		gs[i] = s.g(gp, "injectglist")
		if G := &s.mc.allg[gs[i]]; G.status != _Gwaiting {
			s.fail("passed G" + vm.Itoa(G.goid) + " to injectglist, which is " + G.status.String() + ": injectglist makes waiting Gs runnable")
		}
	}
	s.mc.injectglist(s.mi, gs)
}
func (s *liveSched) NetpollBlock(pollUntil int64, wasSpinning bool) {
	s.enter("NetpollBlock")
	switch {
	case s.self().p != nilIdx:
		s.fail("blocked in netpoll holding a P (findRunnable: netpoll with p)")
	case s.self().spinning:
		s.fail("blocked in netpoll spinning (findRunnable: netpoll with spinning)")
	case s.mc.sched.polling:
		s.fail("blocked in netpoll while another M is blocked in it (sched.lastpoll.Swap(0) returned 0)")
	}
	s.parked = true
	s.mc.netpollBlock(s.mi, pollUntil, wasSpinning)
}
func (s *liveSched) NetpollBreak() { s.enter("NetpollBreak"); s.mc.netpollBreak() }

// ---- sysmon ----

func (s *liveSched) SetBlockOnExitSyscall(pp Puintptr) bool {
	s.ask("SetBlockOnExitSyscall")
	_, _, ok := s.mc.inSyscall(s.p(pp, "setBlockOnExitSyscall"))
	return ok
}
func (s *liveSched) TakeP(pp Puintptr) {
	s.enter("TakeP")
	i := s.p(pp, "takeP")
	holder, cg, ok := s.mc.inSyscall(i)
	if !ok {
		s.fail("took P" + vm.Itoa(int64(i)) + ", which no M holds in a system call (setBlockOnExitSyscall said no)")
	}
	s.mc.takeP(i)
	s.took = true
	if s.fn == "retake" {
		if ev := s.mc.emitRetake(s.mi, i, cg, holder); s.mc.cfg.Why {
			ev.Why = "sysmon takes P" + vm.Itoa(int64(i)) + " from M" + vm.Itoa(int64(holder)) + ", whose G" + vm.Itoa(s.mc.goidOf(cg)) + " is in a system call" + s.why()
		}
	}
}
func (s *liveSched) PreemptM(mp Muintptr) {
	mi := s.m(mp, "preemptM")
	if s.fn == "retake" {
		s.preemptNote(s.mc.allm[mi].p, s.mc.allm[mi].curg, "PreemptM")
		sent := s.mc.preemptM(mi)
		s.preempt.signal = s.preempt.signal || sent
		return
	}
	s.enter("PreemptM")
	s.mc.preemptM(mi)
}
func (s *liveSched) SysmonWake() { s.enter("SysmonWake"); s.mc.sysmonWake() }
func (s *liveSched) Throw(msg string) {
	s.enter("Throw")
	panic("hook: your " + s.fn + " threw: " + msg)
}

// preemptNote records a step of retake's preemptone (pp.preempt,
// gp.preempt, stackguard0, the signal) of G gi on P pp (either may be
// nilIdx: it is found from the other): one EvPreemptone for them all,
// emitted when the hook goes on to something else, or to another P.
func (s *liveSched) preemptNote(pp, gi int32, name string) {
	if pp == nilIdx && gi != nilIdx {
		if mi := s.mc.allg[gi].m; mi != nilIdx {
			pp = s.mc.allm[mi].p
		}
	}
	if gi == nilIdx && pp != nilIdx {
		if mi := s.mc.allp[pp].m; mi != nilIdx {
			gi = s.mc.allm[mi].curg
		}
	}
	if pp == nilIdx || gi == nilIdx {
		s.fail("asked for a preemption (" + name + ") of no running G")
	}
	if s.preempt.on && (s.preempt.pp != pp || s.preempt.gi != gi) {
		s.flush() // the last P's preemptone is complete
	}
	if s.preempt.on {
		s.ask(name)
		return
	}
	s.enter(name)
	s.preempt.on, s.preempt.pp, s.preempt.gi, s.preempt.signal = true, pp, gi, false
}
