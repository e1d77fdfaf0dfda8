package runtime

import "github.com/gmplab/gmplab/vm"

// System calls with Go 1.26 semantics (proc.go: reentersyscall, exitsyscall,
// exitsyscallTryGetP, exitsyscallNoP; shared/go126-scheduler.md §6).
//
// In 1.26 entersyscall no longer detaches the P: the P stays _Prunning with
// pp.m pointing at the M, and the G goes _Gsyscall. A P "is in a syscall"
// when its M's curg is _Gsyscall. sysmon (retake) may take such a P and hand
// it off; the returning G then looks for a P on the slow paths.

// entersyscall: the running G of M mi makes a blocking system call of d.
func (mc *Machine) entersyscall(mi int32, d int64, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	mc.casgstatus(gi, _Grunning, _Gsyscall)
	M.oldp = M.p
	M.state = mSyscall
	M.hasPending = false
	G.syscallAt = mc.now + mc.acc + CostSyscall + d
	mc.entersyscallHandleGCWait(mi)
	mc.sysmonWake() // entersyscall wakes a deep-sleeping sysmon (sched.sysmonwait)
	mc.acc = 0
	mc.setWhen(mi, G.syscallAt)
	if ev := mc.emit(EvEntersyscall, mi, M.p, G.goid, d, 0); mc.cfg.Why {
		ev.Pos = pos
		ev.Why = "G" + vm.Itoa(G.goid) + " enters a " + fmtNs(d) + " system call; in Go 1.26 its P" + vm.Itoa(int64(M.p)) + " stays attached (_Prunning) to M" + vm.Itoa(int64(mi))
		if mc.cfg.Layers.Has(LayerSysmon) {
			ev.Why += " until sysmon's retake takes it"
		} else {
			ev.Why += ": without sysmon nobody takes it, so the P is blocked until the call returns"
		}
	}
}

// writeSyscall is the write(2) of fmt's output by the running G of M mi
// (os.(*File).Write → syscall.Write: entersyscall, write, exitsyscall): a
// system call of CostPrint like any other, so sysmon can see it and take
// the P (a P's first syscall is taken at sysmon's first look: see retake).
// Its entersyscall and a fast-path exitsyscall emit no event, so that a
// trace shows one print event per line; a slow exitsyscall (the P was
// taken) is shown, and its why names the write.
func (mc *Machine) writeSyscall(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	end := mc.now + mc.acc + CostPrint
	if !mc.sysmon.deep && !M.signalPending && mc.nextOtherAction(mi) > end {
		// No other M (sysmon included) acts before the write returns,
		// so nothing can see the G in its syscall: do the same without
		// the two engine steps (entersyscall, the fast exitsyscall).
		mc.allp[M.p].syscalltick++
		mc.continueG(mi, CostPrint+CostSyscall)
		return
	}
	mc.casgstatus(gi, _Grunning, _Gsyscall)
	M.oldp = M.p
	M.state = mSyscall
	M.hasPending = false
	mc.entersyscallHandleGCWait(mi)
	G.inWrite = true
	G.syscallAt = end
	mc.sysmonWake()
	mc.acc = 0
	mc.setWhen(mi, G.syscallAt)
}

// entersyscallHandleGCWait: a G enters a system call while the world
// stops, so its P stops at once (proc.go: entersyscallHandleGCWait).
func (mc *Machine) entersyscallHandleGCWait(mi int32) {
	if !mc.sched.gcwaiting {
		return
	}
	M := &mc.allm[mi]
	pp := M.p
	M.p = nilIdx
	mc.allp[pp].m = nilIdx
	mc.allp[pp].syscalltick++
	mc.gcstopP(pp)
}

// exitsyscall: M mi's G returns from its system call.
func (mc *Machine) exitsyscall(mi int32) {
	if mc.hookExitsyscall(mi) {
		return
	}
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	mc.casgstatus(gi, _Gsyscall, _Grunning)
	oldp := M.oldp
	M.oldp = nilIdx
	path := int64(0)
	why := ""
	pp := M.p
	if pp != nilIdx {
		why = "fast path: M" + vm.Itoa(int64(mi)) + " still has P" + vm.Itoa(int64(pp)) + ": the G goes on at once, without the scheduler (schedtick unchanged)"
	} else {
		pp, path, why = mc.exitsyscallTryGetP(mi, oldp)
		if pp != nilIdx {
			mc.acquirep(mi, pp)
		}
	}
	write := G.inWrite
	G.inWrite = false
	if write && mc.cfg.Why {
		why = "the print's write(2) returned; " + why
	}
	if pp != nilIdx {
		mc.allp[pp].syscalltick++
		if G.preempt {
			G.stackguard0 = stackPreempt
		}
		mc.continueG(mi, CostSyscall)
		if path != 0 || !write {
			if ev := mc.emit(EvExitsyscall, mi, pp, G.goid, path, 0); mc.cfg.Why {
				ev.Why = why
			}
		}
		return
	}
	// exitsyscallNoP: no P anywhere. The G becomes runnable; take an idle
	// P if one appeared, else the G goes to the global queue and the M parks.
	mc.casgstatus(gi, _Grunning, _Grunnable)
	mc.dropg(mi)
	if pp := mc.pidleget(); pp != nilIdx {
		mc.sysmonWake()
		mc.acquirep(mi, pp)
		why := "returned from its syscall with no P; an idle P appeared (exitsyscallNoP)"
		if write {
			why = "the print's write(2) " + why
		}
		mc.execute(mi, gi, false, why)
		return
	}
	mc.globrunqput(gi)
	if ev := mc.emit(EvExitsyscall, mi, -1, G.goid, 3, 0); mc.cfg.Why {
		if write {
			ev.Why = "the print's write(2) returned; "
		}
		ev.Why += "slowest path (exitsyscallNoP): its P was retaken and no P is idle: G" + vm.Itoa(G.goid) + " goes to the global queue's tail and M" + vm.Itoa(int64(mi)) + " parks"
	}
	if M.lockedg != 0 {
		mc.stoplockedm(mi) // it waits for whoever schedules its G (lockosthread.go)
		return
	}
	mc.stopm(mi)
}

// exitsyscallTryGetP: take the old P back if its holder is itself in a
// syscall, else any idle P (proc.go: exitsyscallTryGetP).
func (mc *Machine) exitsyscallTryGetP(mi int32, oldp int32) (int32, int64, string) {
	if oldp != nilIdx {
		if holder, _, ok := mc.inSyscall(oldp); ok {
			// setBlockOnExitSyscall + takeP: the holder keeps running its
			// syscall without a P.
			mc.takeP(oldp)
			return oldp, 1, "slow path: its old P" + vm.Itoa(int64(oldp)) + " was held by M" + vm.Itoa(int64(holder)) + ", itself in a syscall, so it takes it back (exitsyscallTryGetP)"
		}
	}
	if pp := mc.pidleget(); pp != nilIdx {
		mc.sysmonWake()
		return pp, 2, "slow path: its P was retaken; took idle P" + vm.Itoa(int64(pp)) + " (exitsyscallTryGetP)"
	}
	return nilIdx, 3, ""
}

// nextOtherAction is when the earliest M other than the acting mi acts
// (math64Max if none); mi is the actor heap's root while it acts.
func (mc *Machine) nextOtherAction(mi int32) int64 {
	h := mc.actors
	if len(h) == 0 || h[0] != mi {
		return mc.now // not the root: assume someone acts at once
	}
	next := int64(math64Max)
	if len(h) > 1 {
		next = mc.allm[h[1]].when
	}
	if len(h) > 2 {
		next = min(next, mc.allm[h[2]].when)
	}
	return next
}
