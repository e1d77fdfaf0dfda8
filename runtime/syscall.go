package runtime

// System calls with Go 1.26 semantics (proc.go: reentersyscall, exitsyscall,
// exitsyscallTryGetP, exitsyscallNoP; shared/go126-scheduler.md §6).
//
// In 1.26 entersyscall no longer detaches the P: the P stays _Prunning with
// pp.m pointing at the M, and the G goes _Gsyscall. A P "is in a syscall"
// when its M's curg is _Gsyscall. sysmon (retake) may take such a P and hand
// it off; the returning G then looks for a P on the slow paths.

// entersyscall: the running G of M mi makes a blocking system call of d.
func (mc *Machine) entersyscall(mi int32, d int64, pos Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	mc.casgstatus(gi, _Grunning, _Gsyscall)
	M.oldp = M.p
	M.state = mSyscall
	M.hasPending = false
	G.syscallAt = mc.now + mc.acc + CostSyscall + d
	mc.sysmonWake() // entersyscall wakes a deep-sleeping sysmon (sched.sysmonwait)
	mc.acc = 0
	mc.setWhen(mi, G.syscallAt)
	if ev := mc.emit(EvEntersyscall, mi, M.p, G.goid, d, 0); mc.cfg.Why {
		ev.Pos = pos
		ev.Why = "G" + itoa(G.goid) + " enters a " + fmtNs(d) + " system call; in Go 1.26 its P" + itoa(int64(M.p)) + " stays attached (_Prunning) to M" + itoa(int64(mi))
		if mc.cfg.Layers.Has(LayerSysmon) {
			ev.Why += " until sysmon's retake takes it"
		} else {
			ev.Why += ": without sysmon nobody takes it, so the P is blocked until the call returns"
		}
	}
}

// exitsyscall: M mi's G returns from its system call.
func (mc *Machine) exitsyscall(mi int32) {
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
		why = "fast path: M" + itoa(int64(mi)) + " still has P" + itoa(int64(pp)) + ": the G goes on at once, without the scheduler (schedtick unchanged)"
	} else {
		pp, path, why = mc.exitsyscallTryGetP(mi, oldp)
		if pp != nilIdx {
			mc.acquirep(mi, pp)
		}
	}
	if pp != nilIdx {
		mc.allp[pp].syscalltick++
		if G.preempt {
			G.stackguard0 = stackPreempt
		}
		mc.continueG(mi, CostSyscall)
		if ev := mc.emit(EvExitsyscall, mi, pp, G.goid, path, 0); mc.cfg.Why {
			ev.Why = why
		}
		return
	}
	// exitsyscallNoP: no P anywhere. The G becomes runnable; take an idle
	// P if one appeared, else the G goes to the global queue and the M parks.
	mc.casgstatus(gi, _Grunning, _Grunnable)
	mc.dropg(mi)
	if pp := mc.pidleget(); pp != nilIdx {
		mc.acquirep(mi, pp)
		mc.execute(mi, gi, false, "returned from its syscall with no P; an idle P appeared (exitsyscallNoP)")
		return
	}
	mc.globrunqput(gi)
	if ev := mc.emit(EvExitsyscall, mi, -1, G.goid, 3, 0); mc.cfg.Why {
		ev.Why = "slowest path (exitsyscallNoP): its P was retaken and no P is idle: G" + itoa(G.goid) + " goes to the global queue's tail and M" + itoa(int64(mi)) + " parks"
	}
	mc.stopm(mi)
}

// exitsyscallTryGetP: take the old P back if its holder is itself in a
// syscall, else any idle P (proc.go: exitsyscallTryGetP).
func (mc *Machine) exitsyscallTryGetP(mi int32, oldp int32) (int32, int64, string) {
	if oldp != nilIdx {
		P := &mc.allp[oldp]
		if P.status == _Prunning && P.m != nilIdx {
			holder := P.m
			if cg := mc.allm[holder].curg; cg != nilIdx && mc.allg[cg].status == _Gsyscall {
				// setBlockOnExitSyscall + takeP: the holder keeps running
				// its syscall without a P.
				mc.allm[holder].p = nilIdx
				P.m = nilIdx
				P.status = _Pidle
				P.syscalltick++
				return oldp, 1, "slow path: its old P" + itoa(int64(oldp)) + " was held by M" + itoa(int64(holder)) + ", itself in a syscall, so it takes it back (exitsyscallTryGetP)"
			}
		}
	}
	if pp := mc.pidleget(); pp != nilIdx {
		mc.sysmonWake()
		return pp, 2, "slow path: its P was retaken; took idle P" + itoa(int64(pp)) + " (exitsyscallTryGetP)"
	}
	return nilIdx, 3, ""
}
