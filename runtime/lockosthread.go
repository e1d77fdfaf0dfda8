package runtime

// runtime.Goexit, runtime.LockOSThread/UnlockOSThread and os.Exit: the
// OpRuntime functions (vm/rtops.go).
//
// LockOSThread wires the G to its M (proc.go: LockOSThread,
// dolockOSThread). From then on:
//   - when the G blocks or yields, its M does not look for other work: it
//     hands its P off and sleeps until the G is runnable again
//     (schedule → stoplockedm → handoffp);
//   - an M that finds the G in a run queue does not run it: it hands its
//     own P to the G's M and stops (schedule → startlockedm → stopm), and
//     that M runs the G (stoplockedm's wake-up → execute);
//   - a G that ends while still locked takes its M with it: the thread
//     exits after handing its P off (goexit0 → mexit); m0 cannot exit and
//     sleeps forever instead ("wedge").
//
// Simplified: only the external count (lockedExt) is modelled (the
// runtime's internal lockOSThread of its own code does not happen in the
// program), and a locked M's wake-up costs what any M's does (CostWakeM).

import (
	"io"

	"github.com/gmplab/gmplab/vm"
)

// SetArgs sets the program's os.Args[1:] (os.Args[0] is its name:
// vm/host_os.go). Call it before the run starts. (Not a Config field, so
// that Config stays comparable.)
func (mc *Machine) SetArgs(args []string) { mc.vm.SetArgs(args) }

// SetStdin sets what the program's os.Stdin reads (vm/host_os.go), read
// only when the program reads it. Call it before the run starts.
func (mc *Machine) SetStdin(r io.Reader) { mc.vm.SetStdin(r) }

// runtimeOp performs OpRuntime's function (in.A) for the running G of M mi.
func (mc *Machine) runtimeOp(mi int32, in vm.Instr, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	switch a := in.A; a {
	case vm.RtGoexit:
		G.th.Advance()
		G.th.Goexit()
		if ev := mc.emit(EvGoexit, mi, M.p, G.goid, 0, 0); true {
			ev.Pos = pos
			if mc.cfg.Why {
				ev.Why = mc.why().s("runtime.Goexit: G").i(G.goid).s(" runs its deferred calls, most recent first, then ends (goexit0); recover returns nil meanwhile").str()
			}
		}
		mc.continueG(mi, 0)
	case vm.RtLockOSThread:
		G.th.Advance()
		mc.lockOSThread(mi, pos)
		mc.continueG(mi, 0)
	case vm.RtUnlockOSThread:
		G.th.Advance()
		mc.unlockOSThread(mi, pos)
		mc.continueG(mi, 0)
	case vm.RtOSExit:
		code := mc.operands(G, in)[0].I // code
		G.th.Advance()
		// os.Exit: syscall.Exit at once; no deferred call runs and the
		// other goroutines die with the process.
		if ev := mc.exitProgram(int(int32(code)), "exit", ""); ev != nil && mc.cfg.Why {
			ev.Why = "os.Exit(" + vm.Itoa(code) + ") at " + mc.prog.PosString(pos) + ": the process exits at once; deferred calls do not run"
		}
	case vm.RtGC:
		G.th.Advance()
		mc.runtimeGC(mi) // mgc.go
	case vm.RtSetGCPercent, vm.RtSetMemoryLimit:
		v := mc.operands(G, in)[0].I
		G.th.Advance()
		mc.setGCParam(mi, a, v, pos) // mgc.go
	case vm.RtReadMemStats:
		// stopTheWorld(stwReadMemStats), readmemstats_m, startTheWorld:
		// charged to the G as their cost with nothing to wait for; no
		// other P stops (readmemstats.go says why).
		G.th.Advance()
		mc.continueG(mi, CostReadMemStats)
	case vm.RtMetricsRead:
		G.th.Advance()
		mc.continueG(mi, CostMetricsRead)
	case vm.RtMemStat:
		ops := mc.operands(G, in) // field, i
		name, i := ops[0].S, ops[1].I
		G.th.Advance()
		mc.push(G, vm.Value{I: int64(mc.memStat(name, i))}) // readmemstats.go
		mc.continueG(mi, 0)
	case vm.RtMetric:
		name := mc.operands(G, in)[0].S
		G.th.Advance()
		kind, v := mc.metric(name)
		mc.push(G, vm.Value{I: kind})
		mc.push(G, vm.Value{I: int64(v)})
		mc.continueG(mi, CostMetricSample)
	default:
		panic("runtimeOp: unknown function " + vm.Itoa(int64(a)))
	}
}

// lockedG is the G wired to M mi, or nilIdx.
func (mc *Machine) lockedG(mi int32) int32 { return mc.allm[mi].lockedg - 1 }

// lockedM is the M G gi is wired to, or nilIdx.
func (mc *Machine) lockedM(gi int32) int32 { return mc.allg[gi].lockedm - 1 }

// lockOSThread wires the running G of M mi to mi (proc.go: LockOSThread:
// lockedExt++, dolockOSThread).
func (mc *Machine) lockOSThread(mi int32, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	M.lockedExt++
	M.lockedg = gi + 1
	mc.allg[gi].lockedm = mi + 1
	if ev := mc.emit(EvLockOSThread, mi, M.p, mc.goidOf(gi), int64(M.lockedExt), 0); true {
		ev.Pos = pos
		if mc.cfg.Why {
			ev.Why = mc.why().s("runtime.LockOSThread: G").i(ev.G).s(" is wired to M").i(int64(mi)).
				s(": only M").i(int64(mi)).s(" runs it, and M").i(int64(mi)).s(" runs nothing else until it unlocks").str()
		}
	}
}

// unlockOSThread undoes one LockOSThread (proc.go: UnlockOSThread:
// lockedExt--, dounlockOSThread); at zero the G and the M are free again.
// An unlock without a lock does nothing, as in Go.
func (mc *Machine) unlockOSThread(mi int32, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	if M.lockedExt == 0 {
		return
	}
	M.lockedExt--
	if M.lockedExt == 0 {
		M.lockedg = 0
		mc.allg[gi].lockedm = 0
	}
	if ev := mc.emit(EvUnlockOSThread, mi, M.p, mc.goidOf(gi), int64(M.lockedExt), 0); true {
		ev.Pos = pos
		if mc.cfg.Why {
			if M.lockedExt == 0 {
				ev.Why = mc.why().s("runtime.UnlockOSThread: G").i(ev.G).s(" and M").i(int64(mi)).s(" are no longer wired").str()
			} else {
				ev.Why = mc.why().s("runtime.UnlockOSThread: G").i(ev.G).s(" is still wired to M").i(int64(mi)).s(" (").i(int64(M.lockedExt)).s(" LockOSThread calls left to undo)").str()
			}
		}
	}
}

// stoplockedm: the G locked to M mi cannot run (it blocked, yielded or was
// preempted), so mi hands its P off and sleeps until startlockedm gives it
// a P to run the G on (proc.go: stoplockedm, incidlelocked).
func (mc *Machine) stoplockedm(mi int32) {
	M := &mc.allm[mi]
	if M.spinning {
		panic("stoplockedm: inconsistent locking")
	}
	if ev := mc.emit(EvStoplockedm, mi, M.p, mc.goidOf(mc.lockedG(mi)), 0, 0); mc.cfg.Why {
		w := mc.why().s("M").i(int64(mi)).s(" is locked to G").i(ev.G).s(", which cannot run now: it ")
		if M.p != nilIdx {
			w.s("hands P").i(int64(M.p)).s(" off and ")
		}
		ev.Why = w.s("sleeps until G").i(ev.G).s(" is runnable and another M hands it a P (startlockedm)").str()
	}
	if M.p != nilIdx {
		pp := mc.releasep(mi)
		mc.handoffp(pp)
		M = &mc.allm[mi] // handoffp may have made an M (allm grew)
	}
	if M.nextp != nilIdx {
		// startlockedm already handed it a P (it ran between the G's
		// park and this M's schedule): its notesleep returns at once.
		mc.runLocked(mi)
		return
	}
	M.state = mParked
	M.lockedPark = true
	M.hasPending = false
	mc.sched.nmidlelocked++
	mc.unsetWhen(mi)
	mc.acc = 0
	mc.checkdead()
}

// startlockedm: M mi's findRunnable returned G gi, which is locked to
// another M: mi hands its P directly to that M, wakes it and stops
// (proc.go: startlockedm).
func (mc *Machine) startlockedm(mi, gi int32) {
	lm := mc.lockedM(gi)
	L := &mc.allm[lm]
	asleep := L.lockedPark
	if lm == mi || L.nextp != nilIdx || (!asleep && L.state != mSchedule) {
		panic("startlockedm: M" + vm.Itoa(int64(lm)) + " is neither asleep in stoplockedm nor on its way there")
	}
	pp := mc.releasep(mi)
	if ev := mc.emit(EvStartlockedm, mi, pp, mc.goidOf(gi), int64(lm), 0); mc.cfg.Why {
		ev.Why = mc.why().s("G").i(ev.G).s(" is locked to M").i(int64(lm)).s(": M").i(int64(mi)).s(" hands P").i(int64(pp)).
			s(" to M").i(int64(lm)).s(", wakes it to run G").i(ev.G).s(" and stops").str()
	}
	L.nextp = pp
	if asleep {
		mc.sched.nmidlelocked--
		L.lockedPark = false
		L.state = mWaking
		mc.setWhen(lm, mc.now+mc.acc+CostWakeM)
	}
	// Else the M has yet to run stoplockedm, where it finds nextp set (a
	// notewakeup before the notesleep).
	mc.stopm(mi)
}

// runLocked is a locked M's wake-up in stoplockedm: it takes the P
// startlockedm gave it and runs its G (proc.go: stoplockedm, then
// schedule's execute(mp.lockedg)).
func (mc *Machine) runLocked(mi int32) {
	M := &mc.allm[mi]
	pp := M.nextp
	M.nextp = nilIdx
	mc.acquirep(mi, pp)
	gi := mc.lockedG(mi)
	mc.execute(mi, gi, false, "M"+vm.Itoa(int64(mi))+" runs the G locked to it, on the P startlockedm handed it")
}

// mexit: the G locked to M mi ended without unlocking, so the thread
// exits: it hands its P off and is gone (proc.go: goexit0's gogo to
// mstart, mexit). m0 cannot exit: it hands its P off and sleeps forever.
// mexit counts the thread as freed either way, as the runtime does.
func (mc *Machine) mexit(mi int32) {
	M := &mc.allm[mi]
	if ev := mc.emit(EvMexit, mi, M.p, -1, 0, 0); mc.cfg.Why {
		if mi == 0 {
			ev.Why = "a G locked to m0 ended without UnlockOSThread: m0 cannot exit, so it hands its P off and sleeps forever (mexit's wedge)"
		} else {
			ev.Why = "a G locked to M" + vm.Itoa(int64(mi)) + " ended without UnlockOSThread: the thread may be in an unusual state, so it exits instead of going back to the idle list (mexit)"
		}
	}
	M.lockedExt = 0
	M.lockedg = 0
	pp := mc.releasep(mi)
	mc.handoffp(pp)
	M = &mc.allm[mi] // handoffp may have made an M (allm grew)
	M.state = mParked
	M.exited = true
	M.hasPending = false
	mc.sched.nmfreed++
	mc.unsetWhen(mi)
	mc.acc = 0
	mc.checkdead()
}

// gcstoplockedm stops M mi, locked to a G, for a stop-the-world: its P
// goes to the world (its G, running or about to run on it, to the P's
// runnext, as preemptall leaves a running G), and the M sleeps as in
// stoplockedm, so that whichever M runs the P next finds the G and hands
// the P back with startlockedm. It returns how many Ps it stopped.
// Simplified: the runtime lets such an M acquire the P startlockedm gave
// it and run its G until the G is preempted.
func (mc *Machine) gcstoplockedm(mi int32) int {
	M := &mc.allm[mi]
	gi := mc.lockedG(mi)
	stopped := 0
	if M.state == mRunning {
		G := &mc.allg[gi]
		if M.workEnd > mc.now {
			G.workLeft = M.workEnd - mc.now
		}
		M.signalPending = false
		mc.casgstatus(gi, _Grunning, _Grunnable)
		mc.dropg(mi)
		mc.runqput(M.p, gi, true)
	}
	if pp := M.p; pp != nilIdx {
		mc.allp[pp].m = nilIdx
		mc.setpstatus(pp, _Pidle, "gcstoplockedm")
		M.p = nilIdx
		stopped++
	}
	if pp := M.nextp; pp != nilIdx {
		// startlockedm handed it this P for its G, taken off a run queue.
		M.nextp = nilIdx // _Pidle: startlockedm released it
		mc.runqput(pp, gi, true)
		stopped++
	}
	M.state = mParked
	M.lockedPark = true
	M.hasPending = false
	mc.sched.nmidlelocked++
	mc.unsetWhen(mi)
	return stopped
}
