package runtime

import "github.com/gmplab/gmplab/vm"

// Goroutine lifecycle and the scheduler loop (proc.go: newproc, execute,
// schedule, findRunnable, gopark, ready, goschedImpl, goexit0, wakep,
// startm, stopm, acquirep, releasep, pidleput, pidleget).
//
// Time model. The engine runs one M action at a time, in virtual-time order
// (machine.go). Scheduler code is atomic at the instant it runs; its cost is
// added before the next thing the M does (mc.acc). A G's own code runs ahead
// in batches (it touches no shared state) and every operation that does touch
// shared state (a scheduler op) is performed at its exact virtual time.

// goidOf returns gi's goid, or -1.
func (mc *Machine) goidOf(gi int32) int64 {
	if gi == nilIdx {
		return -1
	}
	return mc.allg[gi].goid
}

// casgstatus changes gp's status, checking the old one (proc.go: casgstatus).
func (mc *Machine) casgstatus(gi int32, old, new gstatus) {
	G := &mc.allg[gi]
	if G.status != old {
		panic("casgstatus: G" + vm.Itoa(G.goid) + " is " + G.status.String() + ", want " + old.String())
	}
	if !gEdge[old][new] {
		panic("casgstatus: " + old.String() + " → " + new.String() + " is not in the state machine (runtime/gstates.go: gTransitions)")
	}
	G.status = new
}

// ---- newproc ---------------------------------------------------------------

// _GoidCacheBatch: each P takes goids from sched.goidgen in batches of 16
// (proc.go: newproc1; "mostly arbitrary" in the source).
const _GoidCacheBatch = 16

// newproc creates a G running closure clo with args, puts it in the current
// P's runnext (kicking the old runnext to the ring's tail) and calls wakep
// (proc.go: newproc, newproc1).
func (mc *Machine) newproc(mi int32, parent int32, clo int32, args []vm.Value, pos vm.Pos) int32 {
	return mc.newprocOn(mi, mc.allm[mi].p, clo, args, pos, mc.goidOf(parent), "go statement")
}

// newprocOn is newproc on P pp for a creator of goid parent (0: none, as
// for time.goFunc run by the timers on g0); what names the creator in the
// event's why.
func (mc *Machine) newprocOn(mi, pp int32, clo int32, args []vm.Value, pos vm.Pos, parent int64, what string) int32 {
	fresh := mc.allp[pp].gFree == nilIdx && mc.sched.gFree.size == 0
	gi := mc.newproc1(pp, clo, args)
	G := &mc.allg[gi]
	G.gopc = pos
	G.parent = parent
	mc.acc += CostNewproc
	kicked := mc.runqputnext(pp, gi)
	if ev := mc.emit(EvNewproc, mi, pp, G.goid, G.parent, 0); mc.cfg.Why {
		ev.Pos = pos
		w := mc.why().s(what).s(": G").i(G.goid).s(" created, ")
		if fresh {
			w.s("a new G (malg: a 2048-byte stack)")
		} else {
			w.s("reused from the free list (gfget)")
		}
		w.s(", and put in ")
		if mc.gm() {
			w.s("the global queue (GM model: no Ps)")
		} else {
			w.s("P").i(int64(pp)).s("'s runnext")
		}
		if kicked != nilIdx {
			w.s("; the G in runnext is kicked to the ring's tail")
		}
		ev.Why = w.str()
	}
	if kicked != nilIdx {
		mc.runqputkicked(pp, kicked)
	}
	mc.wakep()
	return gi
}

// newproc1 allocates or reuses a G (gfget) with a fresh goid from pp's
// cache and its initial frame set up (proc.go: newproc1, malg).
func (mc *Machine) newproc1(pp int32, clo int32, args []vm.Value) int32 {
	gi := mc.gfget(pp)
	if gi == nilIdx {
		// malg: a new g and its stack, added to allgs.
		mc.allg = append(mc.allg, g{})
		gi = int32(len(mc.allg) - 1)
		G := &mc.allg[gi]
		G.status = _Gdead
		mc.setStackSize(gi, fixedStack)
		mc.acc += CostMalg
		if mc.gcOn() {
			// malg: new(g), on the heap and in allgs for good.
			size := vm.SizeClass(sizeofG, false)
			mc.vm.Malloc(sizeofG, false)
			mc.gc.rtLive += size
		}
	}
	G := &mc.allg[gi]
	P := &mc.allp[pp]
	if P.goidcache == P.goidcacheend {
		P.goidcache = mc.sched.goidgen + 1
		mc.sched.goidgen += _GoidCacheBatch
		P.goidcacheend = mc.sched.goidgen + 1
	}
	G.goid = P.goidcache
	P.goidcache++
	G.m = nilIdx
	G.schedlink = nilIdx
	G.waitreason = 0
	G.stackUsed = initialStackUsed
	G.stackguard0 = stackGuard
	G.preempt = false
	G.th.Reset(clo, args)
	G.workLeft = 0
	G.inWork = false
	G.param = nilIdx
	G.timer = nilIdx
	G.timerChans = nil
	G.goFunc = false
	G.conn = nilIdx
	G.system = 0
	mc.stats.Goroutines++
	mc.casgstatus(gi, _Gdead, _Grunnable)
	return gi
}

// gfput puts a dead G on pp's free list; when the list reaches 64, Gs
// move to the global list until 31 are left (33 move) (proc.go: gfput). A
// stack that is not startingStackSize (it grew) is freed (stackfree), so
// gfget allocates a new one when the G is reused; the model has no GC, so
// startingStackSize stays fixedStack. A dead G without a stack has
// stackSize 0.
func (mc *Machine) gfput(pp int32, gi int32) {
	G := &mc.allg[gi]
	if G.stackSize != fixedStack {
		mc.setStackSize(gi, 0)
		mc.acc += CostStackfree
	}
	if mc.hookGfput(pp, gi) {
		return
	}
	P := &mc.allp[pp]
	G.schedlink = P.gFree
	P.gFree = gi
	P.nFree++
	if P.nFree >= 64 {
		for P.nFree >= 32 {
			g := P.gFree
			P.gFree = mc.allg[g].schedlink
			P.nFree--
			mc.gqPushBack(&mc.sched.gFree, g)
		}
	}
}

// gfget takes a G from pp's free list, refilling up to 32 from the global
// list when empty (proc.go: gfget). A G whose stack gfput freed gets a new
// one (stackalloc(startingStackSize)).
func (mc *Machine) gfget(pp int32) int32 {
	if gi, hooked := mc.hookGfget(pp); hooked {
		if gi != nilIdx && mc.allg[gi].stackSize == 0 {
			mc.setStackSize(gi, fixedStack)
			mc.acc += CostStackalloc
		}
		return gi
	}
	P := &mc.allp[pp]
	if P.gFree == nilIdx && mc.sched.gFree.size > 0 {
		for P.nFree < 32 && mc.sched.gFree.size > 0 {
			g := mc.gqPop(&mc.sched.gFree)
			mc.allg[g].schedlink = P.gFree
			P.gFree = g
			P.nFree++
		}
	}
	gi := P.gFree
	if gi == nilIdx {
		return nilIdx
	}
	P.gFree = mc.allg[gi].schedlink
	P.nFree--
	mc.allg[gi].schedlink = nilIdx
	if mc.allg[gi].stackSize == 0 {
		mc.setStackSize(gi, fixedStack)
		mc.acc += CostStackalloc
	}
	return gi
}

// ---- execute, schedule ------------------------------------------------------

// execute makes gp run on M mi (proc.go: execute). Unless inheritTime, it
// starts a new time slice: pp.schedtick++. It clears any stale preemption
// request (stackguard0 back to lo+stackGuard).
func (mc *Machine) execute(mi int32, gi int32, inheritTime bool, why string) {
	M := &mc.allm[mi]
	G := &mc.allg[gi]
	pp := M.p
	M.curg = gi
	G.m = mi
	mc.casgstatus(gi, _Grunnable, _Grunning)
	if G.timerChans != nil {
		mc.unblockTimerChans(gi)
	}
	G.waitsince = 0
	G.preempt = false
	G.stackguard0 = stackGuard
	if !inheritTime {
		mc.allp[pp].schedtick++
	}
	mc.stats.Switches++
	mc.acc += CostExecute
	inh := int64(0)
	if inheritTime {
		inh = 1
	}
	M.state = mRunning
	M.hasPending = false
	M.workEnd = mc.now + mc.acc + G.workLeft
	G.workLeft = 0
	mc.acc = 0
	mc.setWhen(mi, M.workEnd)
	if ev := mc.emit(EvExecute, mi, pp, G.goid, inh, int64(mc.allp[pp].schedtick)); mc.cfg.Why {
		tick := int64(mc.allp[pp].schedtick)
		switch {
		case mc.gm():
			ev.Why = why // no Ps, so no schedtick to tell
		case inheritTime:
			ev.Why = mc.why().s(why).s("; inheritTime: it shares the current time slice (schedtick stays ").i(tick).s(")").str()
		default:
			ev.Why = mc.why().s(why).s("; a new time slice: schedtick is now ").i(tick).str()
		}
	}
}

// schedule finds a runnable G and executes it (proc.go: schedule). If
// findRunnable finds nothing, the M has given up its P and parked, or blocks
// in netpoll, and schedule returns.
func (mc *Machine) schedule(mi int32) {
	M := &mc.allm[mi]
	if M.p == nilIdx {
		panic("schedule: M" + vm.Itoa(int64(mi)) + " has no P")
	}
	if mc.hookSchedule(mi) {
		return
	}
	if M.lockedg != 0 {
		mc.stoplockedm(mi) // the locked G blocked or yielded (lockosthread.go)
		return
	}
	mc.allp[M.p].preempt = false
	if M.spinning && !mc.runqempty(M.p) {
		panic("schedule: spinning with local work")
	}
	gi, inheritTime, why, ok := mc.findRunnable(mi)
	if !ok {
		return
	}
	if mc.allm[mi].spinning {
		mc.resetspinning(mi)
	}
	if mc.tryWakeP {
		// findRunnable took a mark worker: another P may have work.
		mc.tryWakeP = false
		mc.wakep()
	}
	if mc.allg[gi].lockedm != 0 {
		mc.startlockedm(mi, gi)
		return
	}
	mc.execute(mi, gi, inheritTime, why)
}

// resetspinning: the M found work and stops spinning; if it was the last
// spinner, wake another so that there is always one looking
// (proc.go: resetspinning).
func (mc *Machine) resetspinning(mi int32) {
	if mc.hookResetspinning(mi) {
		return
	}
	mc.allm[mi].spinning = false
	mc.sched.nmspinning--
	if mc.sched.nmspinning < 0 {
		panic("resetspinning: negative nmspinning")
	}
	mc.wakep()
}

// ---- findRunnable -------------------------------------------------------------

// findRunnable finds a runnable G for M mi, in Go 1.26's order
// (proc.go: findRunnable; shared/go126-scheduler.md §3.5):
//
//	timers of this P, the 1-in-61 global check, runnext then the ring, a
//	global batch, a non-blocking netpoll, stealing (4 passes), a last look at
//	the global queue, drop the P, re-check everything without a P, a blocking
//	netpoll, stopm.
//
// With the gc layer: gcstopm while the world stops, a mark worker first
// (findRunnableGCWorker), an idle mark worker before the P is dropped,
// and checkIdleGCNoP after (mgcwork.go).
//
// Not modelled (no tracer, no cgo): runSafePointFn, the trace reader,
// finalizer and cleanup wake-ups, cgo_yield.
func (mc *Machine) findRunnable(mi int32) (gi int32, inheritTime bool, why string, ok bool) {
	if gi, inh, why, ok, hooked := mc.hookFindRunnable(mi); hooked {
		return gi, inh, why, ok
	}
	var path []string // the decision path, for Why
	note := func(s string) {
		if mc.cfg.Why {
			path = append(path, s)
		}
	}
	procs := mc.cfg.Layers.Has(LayerProcs)
	for iter := 0; ; iter++ {
		if iter > 100 {
			panic("findRunnable: no progress")
		}
		if mc.sched.gcwaiting {
			// 0. The world is stopping: give the P to it.
			mc.gcstopm(mi)
			return nilIdx, false, "", false
		}
		pp := mc.allm[mi].p
		P := &mc.allp[pp]
		mc.acc += CostSchedule

		// 1. Run this P's expired timers (they ready Gs into runnext).
		pollUntil := mc.checkTimers(pp, mi)
		if !mc.cfg.Layers.Has(LayerSteal) {
			// Without stealWork, whose last pass runs other Ps' timers,
			// timers on an idle P would never fire: the model runs every
			// P's expired timers here, so that timers work in every layer.
			for i := range mc.allp {
				if int32(i) != pp && len(mc.allp[i].timers) > 0 {
					mc.runTimers(int32(i), pp, mi)
				}
			}
			pollUntil = mc.checkTimersNoP(pollUntil)
		}
		// (Readying can start an M, which grows allm: take M afresh.)
		M := &mc.allm[mi]

		// 3. A mark worker, before the run queues.
		if mc.gc.blackenEnabled {
			if gi := mc.findRunnableGCWorker(mi, pp); gi != nilIdx {
				mc.tryWakeP = true
				return gi, false, "a mark worker (findRunnableGCWorker)", true
			}
			P = &mc.allp[pp]
		}
		if gi, inh, why, hooked := mc.hookFindRunnableQueues(mi, pp); hooked {
			if gi != nilIdx {
				return gi, inh, why, true
			}
			goto queuesEmpty
		}
		// 4. Fairness: every 61st schedtick take one G from the global queue
		// first, so that a pair of Gs handing runnext to each other cannot
		// starve it.
		if procs && P.schedtick%61 == 0 && mc.sched.runq.size > 0 {
			return mc.globrunqget61(mi, pp), false, "from the global queue (schedtick%61 == 0)", true
		}
		if procs {
			// 7. runnext, then the ring's head.
			if gi, inh := mc.runqgetEv(mi, pp); gi != nilIdx {
				if inh {
					return gi, true, "from runnext", true
				}
				return gi, false, "from the ring's head", true
			}
			note("runnext and ring empty")
		}
		// 8. A batch from the global queue.
		if mc.sched.runq.size > 0 {
			return mc.globrunqgetbatchEv(mi, pp, joinPath(path)), false, "from the global queue", true
		}
	queuesEmpty:
		note("global queue empty")
		// 9. Non-blocking netpoll, one M at a time, only if some G waits.
		if mc.cfg.Layers.Has(LayerNetpoll) && mc.netpollWaiters > 0 && !mc.sched.polling && !mc.sched.pollingNet {
			list := mc.netpoll(mi, 0)
			if len(list) > 0 {
				gi := list[0]
				mc.injectglist(mi, list[1:])
				mc.casgstatus(gi, _Gwaiting, _Grunnable)
				return gi, false, "ready on the network (netpoll)", true
			}
			note("netpoll(0): nothing ready")
		} else if mc.cfg.Layers.Has(LayerNetpoll) {
			if mc.netpollWaiters == 0 {
				note("netpoll: no waiters")
			} else {
				// proc.go: findRunnable polls only if no other M is
				// blocked in netpoll (sched.lastpoll != 0).
				note("netpoll: another M is already polling")
			}
		}
		// 10. Steal, if spinning or spinners are under half the busy Ps.
		if mc.cfg.Layers.Has(LayerSteal) {
			gmp := int32(len(mc.allp))
			if M.spinning || 2*mc.sched.nmspinning < gmp-mc.sched.npidle {
				if !M.spinning {
					mc.becomeSpinning(mi)
				}
				gi, inh, newWork, w, swhy := mc.stealWork(mi)
				M = &mc.allm[mi]
				if gi != nilIdx {
					return gi, inh, swhy, true
				}
				if newWork {
					note("stealWork ran timers")
					continue
				}
				if w != 0 && (pollUntil == 0 || w < pollUntil) {
					pollUntil = w
				}
				note("stealWork: 4 passes over all Ps found nothing")
			} else {
				note("not spinning: spinning Ms (" + vm.Itoa(int64(mc.sched.nmspinning)) + ") already cover half the busy Ps")
			}
		}
		// 11. Idle-priority marking rather than give the P up.
		if gi := mc.findRunnableIdleGCWorker(mi, pp); gi != nilIdx {
			return gi, false, "an idle mark worker", true
		}
		// 13. Last look at the global queue, then give up the P.
		if mc.sched.runq.size > 0 {
			return mc.globrunqgetbatchEv(mi, pp, joinPath(path)), false, "from the global queue (checked again before dropping the P)", true
		}
		if !M.spinning && mc.sched.needspinning {
			mc.becomeSpinning(mi)
			note("needspinning was set: became a spinner instead of dropping the P")
			continue
		}
		wasSpinning := M.spinning
		if mc.cfg.Why && len(mc.allp[pp].timers) > 0 {
			if mc.gm() {
				note("timers pending: earliest at " + fmtNs(mc.timers[mc.allp[pp].timers[0]].hwhen))
			} else {
				note("P" + vm.Itoa(int64(pp)) + " has timers: earliest at " + fmtNs(mc.timers[mc.allp[pp].timers[0]].hwhen))
			}
		}
		mc.dropP(mi, joinPath(path))
		mc.pidleput(pp)
		if wasSpinning {
			// 14. Drop spinning, then re-check every source without a P:
			// work submitted after the checks above but before the
			// decrement would otherwise be missed.
			mc.allm[mi].spinning = false
			mc.sched.nmspinning--
			if mc.sched.runq.size > 0 {
				if pp2 := mc.pidlegetSpinning(); pp2 != nilIdx {
					gi := mc.globrunqgetbatchEv(mi, pp2, "re-checked after dropping the P: ")
					mc.acquirep(mi, pp2)
					mc.becomeSpinning(mi)
					return gi, false, "from the global queue (re-checked after dropping the P)", true
				}
			}
			if mc.cfg.Layers.Has(LayerSteal) {
				if pp2 := mc.checkRunqsNoP(); pp2 != nilIdx {
					mc.acquirep(mi, pp2)
					mc.becomeSpinning(mi)
					continue
				}
			}
			if _, gi := mc.checkIdleGCNoP(mi); gi != nilIdx {
				return gi, false, "an idle mark worker (checkIdleGCNoP)", true
			}
			pollUntil = mc.checkTimersNoP(pollUntil)
		}
		// 15. Block in netpoll until a timer or the network needs us.
		if mc.netpollInited && (mc.netpollWaiters > 0 || pollUntil != 0) && !mc.sched.polling {
			mc.netpollBlock(mi, pollUntil, wasSpinning)
			return nilIdx, false, "", false
		} else if pollUntil != 0 && mc.netpollInited {
			if mc.sched.pollUntil == 0 || mc.sched.pollUntil > pollUntil {
				mc.netpollBreak()
			}
		}
		// 16.
		mc.stopm(mi)
		return nilIdx, false, "", false
	}
}

func joinPath(path []string) string {
	s := ""
	for _, p := range path {
		s += p + "; "
	}
	return s
}

// globrunqget61 is findRunnable's fairness check: on every 61st schedtick
// one G from the global queue's head, before the local queue
// (proc.go: findRunnable, globrunqget).
func (mc *Machine) globrunqget61(mi, pp int32) int32 {
	size := mc.sched.runq.size
	gi := mc.globrunqget()
	tick := mc.allp[pp].schedtick
	if ev := mc.emit(EvGlobrunqget, mi, pp, mc.goidOf(gi), 1, boolInt(tick%61 == 0)); mc.cfg.Why {
		ev.Why = "schedtick " + vm.Itoa(int64(tick)) + " % 61 == 0 and the global queue holds " + vm.Itoa(int64(size)) + ": take one global G before the local queue (fairness)"
	}
	return gi
}

// runqgetEv is findRunnable's runqget(pp), reported (proc.go: findRunnable,
// runqget).
func (mc *Machine) runqgetEv(mi, pp int32) (int32, bool) {
	gi, inh := mc.runqget(pp)
	if gi == nilIdx {
		return nilIdx, false
	}
	if ev := mc.emit(EvRunqget, mi, pp, mc.goidOf(gi), boolInt(inh), 0); mc.cfg.Why {
		if inh {
			ev.Why = mc.why().s("P").i(int64(pp)).s("'s runnext held G").i(mc.goidOf(gi)).str()
		} else {
			ev.Why = mc.why().s("runnext was empty; took the head of P").i(int64(pp)).s("'s ring (").i(int64(mc.runqlen(pp))).s(" left)").str()
		}
	}
	return gi, inh
}

// globrunqgetbatchEv is findRunnable's globrunqgetbatch(len(pp.runq)/2)
// and runqputbatch(pp, &q), reported; path starts the why (proc.go:
// findRunnable, globrunqgetbatch). It returns nilIdx for an empty queue.
func (mc *Machine) globrunqgetbatchEv(mi, pp int32, path string) int32 {
	size := mc.sched.runq.size
	gi, n := mc.globrunqgetbatch(pp, runqSize/2)
	if gi == nilIdx {
		return nilIdx
	}
	if ev := mc.emit(EvGlobrunqget, mi, pp, mc.goidOf(gi), int64(n), 0); mc.cfg.Why {
		if mc.cfg.Layers.Has(LayerProcs) {
			ev.Why = path + "took " + vm.Itoa(int64(n)) + " of " + vm.Itoa(int64(size)) + " from the global queue (min(128, size, size/GOMAXPROCS+1)): runs the first, " + vm.Itoa(int64(n-1)) + " to P" + vm.Itoa(int64(pp)) + "'s ring"
		} else {
			ev.Why = "GM model: took the global queue's head under sched.lock (" + vm.Itoa(int64(size-1)) + " left)"
		}
	}
	return gi
}

// dropP is findRunnable's "return P and block": nothing to run, so the M
// gives its P up (proc.go: findRunnable, releasep); the caller puts the P
// on the idle list (pidleput). path starts the why.
func (mc *Machine) dropP(mi int32, path string) int32 {
	pp := mc.allm[mi].p
	if ev := mc.emit(EvFindRunnable, mi, pp, -1, 0, 0); mc.cfg.Why {
		ev.Why = path + "nothing to run: drop the P"
		if mc.gm() {
			ev.Why = path + "nothing to run: the M stops running Go code"
		}
	}
	return mc.releasep(mi)
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// checkRunqsNoP returns an idle P to take if some non-idle P has work
// (proc.go: checkRunqsNoP), taken with pidlegetSpinning.
func (mc *Machine) checkRunqsNoP() int32 {
	for i := range mc.allp {
		if mc.isIdleP(int32(i)) {
			continue
		}
		if !mc.runqempty(int32(i)) {
			return mc.pidlegetSpinning()
		}
	}
	return nilIdx
}

// gm reports whether the run is the GM model (no procs layer): Ps are only
// the engine's count of the Ms that may run Go code (GOMAXPROCS), so no
// event's why names one.
func (mc *Machine) gm() bool { return !mc.cfg.Layers.Has(LayerProcs) }

// isIdleP reports whether pp is on the idle list (idlepMask).
func (mc *Machine) isIdleP(pp int32) bool { return mc.allp[pp].idle }

// ---- gopark, ready, gosched, goexit ---------------------------------------------

// gopark blocks the running G with reason; its M schedules another
// (proc.go: gopark, park_m).
func (mc *Machine) gopark(mi int32, reason waitReason, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	mc.casgstatus(gi, _Grunning, _Gwaiting)
	G.waitreason = reason
	G.waitsince = mc.now
	mc.dropg(mi)
	mc.acc += CostPark
	mc.toSchedule(mi)
	ev := mc.emit(EvGopark, mi, M.p, G.goid, int64(reason), 0)
	ev.Text = reason.String()
	ev.Pos = pos
	if mc.cfg.Why {
		ev.Why = mc.why().s("G").i(G.goid).s(" blocks (").s(reason.String()).s("); M").i(int64(mi)).s(" schedules another G").str()
	}
}

// toSchedule makes M mi run schedule() after the cost of what it just did.
func (mc *Machine) toSchedule(mi int32) {
	M := &mc.allm[mi]
	M.state = mSchedule
	M.hasPending = false
	mc.setWhen(mi, mc.now+mc.acc)
	mc.acc = 0
}

// dropg detaches the M from its G (proc.go: dropg).
func (mc *Machine) dropg(mi int32) {
	M := &mc.allm[mi]
	if M.curg != nilIdx {
		mc.allg[M.curg].m = nilIdx
	}
	M.curg = nilIdx
}

// ready makes a waiting G runnable in the current P's runnext and calls
// wakep (proc.go: ready, goready). pp is the waker's P; with no P (sysmon,
// a timer run without P) the G goes to the global queue.
func (mc *Machine) ready(gi int32, pp int32, why string) {
	mc.casgstatus(gi, _Gwaiting, _Grunnable)
	G := &mc.allg[gi]
	G.waitreason = 0
	mc.acc += CostReady
	mi := mc.curM()
	var kicked int32 = nilIdx
	if pp == nilIdx {
		mc.globrunqput(gi)
	} else {
		kicked = mc.runqputnext(pp, gi)
	}
	if ev := mc.emit(EvGoready, mi, pp, G.goid, 0, 0); mc.cfg.Why {
		w := mc.why().s(why).s(": G").i(G.goid).s(" goes to ")
		switch {
		case pp == nilIdx:
			w.s("the global queue (no P)")
		case mc.gm():
			w.s("the global queue (GM model)")
		default:
			w.s("P").i(int64(pp)).s("'s runnext")
			if kicked != nilIdx {
				w.s(", kicking G").i(mc.goidOf(kicked)).s(" to the ring's tail")
			}
		}
		ev.Why = w.str()
	}
	if kicked != nilIdx {
		mc.runqputkicked(pp, kicked)
	}
	mc.wakep()
}

// goschedImpl puts the running G on the global queue's tail and schedules
// (proc.go: goschedImpl; runtime.Gosched and preemption share it). A G
// preempted while the world stops (sched.gcwaiting) goes to its own P's
// runnext instead, so that it runs first when the world starts again.
func (mc *Machine) goschedImpl(mi int32, preempted bool, pos vm.Pos) {
	mc.goschedBy(mi, preempted, pos, "runtime.Gosched")
}

// goschedBy is goschedImpl called by what (runtime.Gosched, or the
// runtime's own yields: bgsweep's goschedIfBusy, runtime.GC's sweeping).
func (mc *Machine) goschedBy(mi int32, preempted bool, pos vm.Pos, what string) {
	gi := mc.gosched1(mi, preempted)
	if !preempted {
		if ev := mc.emit(EvGosched, mi, mc.allm[mi].p, mc.goidOf(gi), 0, 0); mc.cfg.Why {
			ev.Pos = pos
			ev.Why = what + ": G" + vm.Itoa(ev.G) + " goes to the global queue's tail (not the local ring) and M" + vm.Itoa(int64(mi)) + " schedules"
		}
	}
	mc.gosched2(mi)
}

// gosched1 is goschedImpl's first half: the running G of M mi goes to the
// global queue's tail (or, preempted, where an exercise's gopreempt_m puts
// it: Hooks.GopreemptM). The caller reports it (gosched, preemption) before
// gosched2 wakes a P and makes the M schedule.
func (mc *Machine) gosched1(mi int32, preempted bool) int32 {
	gi := mc.allm[mi].curg
	mc.casgstatus(gi, _Grunning, _Grunnable)
	mc.dropg(mi)
	switch {
	case preempted && mc.sched.gcwaiting:
		mc.runqput(mc.allm[mi].p, gi, true)
	case !preempted || !mc.hookGopreempt(gi, mc.allm[mi].p):
		mc.globrunqput(gi)
	}
	return gi
}

// gosched2 is goschedImpl's second half.
func (mc *Machine) gosched2(mi int32) {
	mc.wakep()
	mc.toSchedule(mi)
}

// goexit0 ends the running G: _Gdead, on the P's free list (proc.go: goexit0, gdestroy).
func (mc *Machine) goexit0(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	mc.casgstatus(gi, _Grunning, _Gdead)
	mc.acc += CostGoexit
	mc.dropg(mi)
	goexit := G.th.Goexiting()
	G.th.Clear()
	mc.gfput(M.p, gi)
	locked := G.lockedm != 0
	G.lockedm = 0
	M.lockedg = 0
	if !locked {
		mc.toSchedule(mi)
	}
	if ev := mc.emit(EvGoexit0, mi, M.p, G.goid, 0, 0); mc.cfg.Why {
		how := " returned from its function"
		if goexit {
			how = " called runtime.Goexit and its deferred calls have run"
		}
		if mc.gm() {
			ev.Why = mc.why().s("G").i(G.goid).s(how).s(": dead, on the free list for reuse").str()
		} else {
			ev.Why = mc.why().s("G").i(G.goid).s(how).s(": dead, on P").i(int64(M.p)).s("'s free list for reuse").str()
		}
	}
	if locked {
		mc.mexit(mi) // it ended still locked: its thread exits (lockosthread.go)
	}
}
