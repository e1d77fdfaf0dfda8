package runtime

import "github.com/gmplab/gmplab/vm"

// runtime.GOMAXPROCS(n) (debug.go: GOMAXPROCS; proc.go: stopTheWorldGC,
// stopTheWorldWithSema, procresize, (*p).destroy, startTheWorldWithSema).
//
// A call with n > 0 that changes GOMAXPROCS stops the world, resizes allp
// and starts the world again:
//
//   - stopTheWorldWithSema sets sched.gcwaiting and preempts every running
//     G (preemptall). A G preempted for a stop-the-world goes to its own P's
//     runnext (goschedImpl), so it runs first when the world starts, and its
//     M gives the P up and sleeps (gcstopm). Ps held by Ms in system calls
//     are taken from them (setBlockOnExitSyscall, gcstopP); idle Ps leave
//     the idle list; spinning Ms give their Ps up.
//   - procresize initialises new Ps (a P destroyed by an earlier shrink
//     comes back with its counters and goid cache: allp's capacity keeps
//     it); the caller keeps its P if its id is still below n, else it takes
//     P0. Each destroyed P ((*p).destroy) moves its ring, tail first, then
//     its runnext, to the global queue's head, so they run before what was
//     there, runnext first; its timers go to the caller's P and its free Gs
//     to the global free list (gfpurge). Then, from the highest id down, a P
//     with work gets an M (the one it had before if that M is idle, else
//     any idle M); the others go to the idle list.
//   - While the collector marks, procresize gives idle Ps mark workers
//     (assignWaitingGCWorker), lowest id first, each with an M.
//   - startTheWorldWithSema polls the network without blocking, hands each
//     P with work to its M (notewakeup) or to a new M, and calls wakep.
//
// Simplified: the world stops at the caller's instant. A running G stops
// where it is (every instruction of the model is a safe point) and keeps
// the CPU it had left; the wait for Ps to stop (re-preempting every 100 µs)
// and GC are not modelled.

// maxGomaxprocs is the largest GOMAXPROCS gmplab runs (the runtime's
// _MaxGomaxprocs is 1024 on 64-bit).
const maxGomaxprocs = 1024

// gomaxprocs is runtime.GOMAXPROCS(n) by the running G of M mi, n > 0 and
// different from the current value.
func (mc *Machine) gomaxprocs(mi int32, n int, pos vm.Pos) {
	M := &mc.allm[mi]
	goid := mc.allg[M.curg].goid
	old := len(mc.allp)
	stopped := mc.stopTheWorld(mi)
	if ev := mc.emit(EvStopTheWorld, mi, M.p, goid, int64(stopped), 0); true {
		ev.Text = "GOMAXPROCS"
		ev.Pos = pos
		if mc.cfg.Why {
			ev.Why = "runtime.GOMAXPROCS(" + vm.Itoa(int64(n)) + ") stops the world (stopTheWorldGC): every other running G is preempted into its own P's runnext and its M sleeps; Ps in syscalls are taken; idle Ps leave the idle list"
		}
	}
	runnable := mc.procresize(mi, n)
	pp := mc.allm[mi].p
	if ev := mc.emit(EvProcresize, mi, pp, goid, int64(old), int64(n)); mc.cfg.Why {
		ev.Why = "procresize: " + procresizeWhy(old, n, pp)
	}
	mc.acc += CostSTW
	mc.startTheWorld(runnable)
	mc.continueG(mi, 0)
}

func procresizeWhy(old, n int, pp int32) string {
	s := "GOMAXPROCS " + vm.Itoa(int64(old)) + " → " + vm.Itoa(int64(n))
	if n < old {
		s += "; P" + vm.Itoa(int64(n))
		if old-n > 1 {
			s += "–P" + vm.Itoa(int64(old-1))
		}
		s += " destroyed: their rings (tail first) and runnext go to the global queue's head, their timers to P" + vm.Itoa(int64(pp)) + ", their free Gs to the global list"
	} else {
		s += "; new Ps P" + vm.Itoa(int64(old))
		if n-old > 1 {
			s += "–P" + vm.Itoa(int64(n-1))
		}
		s += " created"
	}
	return s + "; the caller runs on P" + vm.Itoa(int64(pp)) + "; Ps with work get an M, the others go to the idle list"
}

// stopTheWorld takes every P from its M but the caller's (proc.go:
// stopTheWorldWithSema, preemptall, gcstopm). It returns how many Ps it
// stopped.
func (mc *Machine) stopTheWorld(caller int32) int {
	stopped := 0
	for i := range mc.allm {
		mi := int32(i)
		M := &mc.allm[mi]
		if mi == caller || mi == mc.sysmonM {
			continue
		}
		if M.lockedg != 0 && M.state != mParked && M.state != mSyscall {
			stopped += mc.gcstoplockedm(mi) // lockosthread.go
			continue
		}
		switch M.state {
		case mRunning:
			// preemptall: its G stops at once and goes to its P's
			// runnext (goschedImpl with sched.gcwaiting set).
			gi := M.curg
			G := &mc.allg[gi]
			if M.workEnd > mc.now {
				G.workLeft = M.workEnd - mc.now
			}
			M.signalPending = false
			M.hasPending = false
			mc.casgstatus(gi, _Grunning, _Grunnable)
			mc.dropg(mi)
			pp := M.p
			mc.runqput(pp, gi, true)
			mc.gcstopmNow(mi)
			stopped++
		case mSchedule:
			if M.spinning {
				M.spinning = false
				mc.sched.nmspinning--
			}
			mc.gcstopmNow(mi)
			stopped++
		case mWaking:
			// startm handed it a P it has not acquired yet: the P stays
			// with the world, and the M sleeps again.
			if M.spinning {
				M.spinning = false
				mc.sched.nmspinning--
			}
			M.nextp = nilIdx // _Pidle: startm took it off the idle list
			mc.mput(mi)
			stopped++
		case mSyscall:
			// The P stays attached to a syscalling M in 1.26: take it
			// (gcstopP); the M goes on with its syscall without a P.
			if pp := M.p; pp != nilIdx {
				M.p = nilIdx
				mc.allp[pp].m = nilIdx
				mc.setpstatus(pp, _Pidle, "stopTheWorld")
				mc.allp[pp].syscalltick++
				stopped++
			}
		}
	}
	// Idle Ps leave the idle list (pidleget until empty).
	for mc.pidleget() != nilIdx {
		stopped++
	}
	return stopped
}

// gcstopmNow: M mi gives its P up for runtime.GOMAXPROCS's stop of the
// world and sleeps on the idle M list (proc.go: gcstopm, without the
// stop's count: that stop is instant).
func (mc *Machine) gcstopmNow(mi int32) {
	pp := mc.allm[mi].p
	mc.allp[pp].m = nilIdx
	mc.setpstatus(pp, _Pidle, "gcstopmNow")
	mc.allm[mi].p = nilIdx
	mc.mput(mi)
}

// mput puts M mi on the idle list's head without an event (proc.go: mput).
func (mc *Machine) mput(mi int32) {
	M := &mc.allm[mi]
	M.state = mParked
	M.hasPending = false
	M.schedlink = mc.sched.midle
	mc.sched.midle = mi
	mc.sched.nmidle++
	mc.unsetWhen(mi)
}

// mgetSpecific takes M mi off the idle list if it is there
// (proc.go: mgetSpecific).
func (mc *Machine) mgetSpecific(mi int32) bool {
	for prev, cur := int32(nilIdx), mc.sched.midle; cur != nilIdx; prev, cur = cur, mc.allm[cur].schedlink {
		if cur != mi {
			continue
		}
		if prev == nilIdx {
			mc.sched.midle = mc.allm[cur].schedlink
		} else {
			mc.allm[prev].schedlink = mc.allm[cur].schedlink
		}
		mc.allm[cur].schedlink = nilIdx
		mc.sched.nmidle--
		return true
	}
	return false
}

// procresize sets GOMAXPROCS to n with the world stopped (proc.go:
// procresize). It returns the Ps that have work, each with the M chosen to
// run it (nilIdx: a new M), in the order startTheWorld starts them.
func (mc *Machine) procresize(caller int32, n int) (runnable []pm) {
	mc.accountCPU()
	old := len(mc.allp)
	// Grow: bring back destroyed Ps, then new ones.
	for len(mc.allp) < n {
		id := int32(len(mc.allp))
		P := newP(id)
		k := int(id) - old
		if k < len(mc.deadp) {
			P = mc.deadp[k]
			P.link, P.m, P.idle = nilIdx, nilIdx, false
		}
		mc.allp = append(mc.allp, P)
		if k < len(mc.deadp) {
			mc.setpstatus(id, _Pidle, "procresize")
		}
	}
	if len(mc.deadp) > 0 && n > old {
		mc.deadp = mc.deadp[min(n-old, len(mc.deadp)):]
	}
	// The caller keeps its P if it is still valid, else takes P0.
	M := &mc.allm[caller]
	if M.p >= int32(n) {
		mc.allp[M.p].m = nilIdx
		mc.setpstatus(M.p, _Pidle, "procresize")
		M.p = nilIdx
	}
	if M.p == nilIdx {
		mc.allp[0].m = caller
		mc.allp[0].oldm = caller
		mc.setpstatus(0, _Prunning, "procresize")
		M.p = 0
	}
	// Release the Ps past n.
	if n < old {
		var dead []p
		for i := n; i < old; i++ {
			mc.pdestroy(int32(i), M.p)
			dead = append(dead, mc.allp[i])
		}
		mc.deadp = append(dead, mc.deadp...)
		mc.allp = mc.allp[:n]
	}
	// Assign Ms to Ps with runnable Gs, highest id first; the rest idle.
	var idle, needM []int32
	for i := n - 1; i >= 0; i-- {
		pp := int32(i)
		if pp == M.p {
			continue
		}
		mc.setpstatus(pp, _Pidle, "procresize")
		P := &mc.allp[pp]
		P.idle = false
		if mc.runqempty(pp) {
			idle = append(idle, pp)
			continue
		}
		if P.oldm != nilIdx && mc.mgetSpecific(P.oldm) {
			runnable = append(runnable, pm{pp, P.oldm})
			continue
		}
		needM = append(needM, pp)
	}
	for i := len(needM) - 1; i >= 0; i-- {
		runnable = append(runnable, pm{needM[i], mc.mget()})
	}
	// While the collector marks, idle Ps (lowest id first) get mark
	// workers and an M, so that the world starts with its workers at
	// once; the Ps that ran before keep their Gs.
	if mc.gc.blackenEnabled {
		var workers []pm
		for len(idle) > 0 && mc.assignWaitingGCWorker(idle[len(idle)-1]) {
			workers = append(workers, pm{idle[len(idle)-1], mc.mget()})
			idle = idle[:len(idle)-1]
		}
		for _, w := range workers { // pushed on the list's head: the last first
			runnable = append([]pm{w}, runnable...)
		}
	}
	// idle holds the Ps highest id first; pidleput pushes lowest first, so
	// the list's head is the highest id.
	for i := len(idle) - 1; i >= 0; i-- {
		mc.pidlepush(idle[i])
	}
	mc.stealOrder = randomOrder{}
	return runnable
}

// pm is a P with the M startTheWorld hands it to (nilIdx: a new M).
type pm struct{ p, m int32 }

// pdestroy releases P pp's work to the global queue and target P
// (proc.go: (*p).destroy, gfpurge).
func (mc *Machine) pdestroy(pp, target int32) {
	P := &mc.allp[pp]
	for P.runqhead != P.runqtail {
		P.runqtail--
		mc.gqPushFront(&mc.sched.runq, P.runq[P.runqtail%runqSize])
	}
	if P.runnext != nilIdx {
		mc.gqPushFront(&mc.sched.runq, P.runnext)
		P.runnext = nilIdx
	}
	for len(P.timers) > 0 {
		// timers.take: zombies are dropped, the others move.
		zombie := mc.timers[P.timers[0]].zombie
		ti := mc.popTimer(pp)
		if !zombie {
			T := &mc.allp[target]
			mc.timers[ti].pp = target
			T.timers = heapPush(timerOrder{mc}, T.timers, ti)
		}
		P = &mc.allp[pp]
	}
	for P.gFree != nilIdx {
		gi := P.gFree
		P.gFree = mc.allg[gi].schedlink
		P.nFree--
		mc.gqPushBack(&mc.sched.gFree, gi)
	}
	mc.setpstatus(pp, _Pdead, "pdestroy")
	P.m = nilIdx
}

// startTheWorld hands the Ps with work to their Ms (notewakeup) or new Ms,
// then calls wakep (proc.go: startTheWorldWithSema).
func (mc *Machine) startTheWorld(runnable []pm) {
	for _, r := range runnable {
		mi := r.m
		delay := int64(CostWakeM)
		if mi == nilIdx {
			if mi = mc.newm(); mi == nilIdx {
				return
			}
			delay = CostNewM
		}
		M := &mc.allm[mi]
		M.nextp = r.p
		M.state = mWaking
		if ev := mc.emit(EvStartm, mc.curM(), r.p, -1, int64(mi), 0); mc.cfg.Why {
			ev.Why = "startTheWorld: P" + vm.Itoa(int64(r.p)) + " has work: M" + vm.Itoa(int64(mi)) + " runs it"
		}
		mc.setWhen(mi, mc.now+mc.acc+delay)
	}
	mc.wakep()
}
