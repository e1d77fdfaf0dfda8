package runtime

import "github.com/gmplab/gmplab/vm"

// The call sites of the whole-mechanism hooks (Hooks.FindRunnable, …):
// each runs the hook with a liveSched for the calling M, emits what the
// engine's own rule emits after it, and checks that the hook left the M
// in a state the engine can go on from (running a G, or parked), saying
// what is wrong when not.

// mech reports whether the hooks have a whole mechanism's hook set and
// the layers it needs: its rule is then the learner's.
func (mc *Machine) mech(set bool, need ...Layer) bool {
	if !set {
		return false
	}
	for _, l := range need {
		if !mc.cfg.Layers.Has(l) {
			return false
		}
	}
	return true
}

func (mc *Machine) hooked() *Hooks {
	if mc.cfg.Hooks == nil {
		return &noHooks
	}
	return mc.cfg.Hooks
}

var noHooks Hooks

// hookFindRunnable is findRunnable with Hooks.FindRunnable; hooked is
// false without it.
func (mc *Machine) hookFindRunnable(mi int32) (gi int32, inheritTime bool, why string, ok, hooked bool) {
	h := mc.hooked().FindRunnable
	if !mc.mech(h != nil, LayerSteal) {
		return nilIdx, false, "", false, false
	}
	s := mc.liveSched(mi, "findRunnable")
	gp, inh := h(s)
	s.flush()
	gi, ok = mc.foundG(s, gp)
	return gi, inh, "from your findRunnable", ok, true
}

// foundG checks what a findRunnable returned: a runnable G for an M with
// a P, or none from an M that parked.
func (mc *Machine) foundG(s *liveSched, gp Guintptr) (int32, bool) {
	if gp == 0 {
		if !s.parked {
			s.fail("returned no G without parking the M (stopm or a blocking netpoll: the M has nothing else to do)")
		}
		return nilIdx, false
	}
	gi := s.g(gp, "its caller (the G it returned)")
	M := &mc.allm[s.mi]
	switch {
	case s.parked:
		s.fail("returned G" + vm.Itoa(mc.allg[gi].goid) + " after parking the M")
	case M.p == nilIdx:
		s.fail("returned G" + vm.Itoa(mc.allg[gi].goid) + " to an M without a P (acquirep first)")
	case mc.allg[gi].status != _Grunnable:
		s.fail("returned G" + vm.Itoa(mc.allg[gi].goid) + ", which is " + mc.allg[gi].status.String() + ", not runnable")
	}
	return gi, true
}

// hookSchedule is schedule with Hooks.Schedule; it reports false without
// it.
func (mc *Machine) hookSchedule(mi int32) bool {
	h := mc.hooked().Schedule
	if !mc.mech(h != nil, LayerSteal) {
		return false
	}
	s := mc.liveSched(mi, "schedule")
	h(s)
	s.flush()
	if !s.parked && !s.executed {
		s.fail("returned without running a G (execute) or parking the M")
	}
	return true
}

// hookWakep is wakep with Hooks.Wakep; it reports false without it.
func (mc *Machine) hookWakep() bool {
	h := mc.hooked().Wakep
	if !mc.mech(h != nil, LayerSteal) {
		return false
	}
	s := mc.liveSched(mc.curM(), "wakep")
	h(s)
	s.flush()
	mc.checkNmspinning("wakep")
	return true
}

// hookResetspinning is resetspinning with Hooks.Resetspinning.
func (mc *Machine) hookResetspinning(mi int32) bool {
	h := mc.hooked().Resetspinning
	if !mc.mech(h != nil, LayerSteal) {
		return false
	}
	s := mc.liveSched(mi, "resetspinning")
	h(s)
	s.flush()
	mc.checkNmspinning("resetspinning")
	return true
}

// hookBecomeSpinning is becomeSpinning's change with Hooks.BecomeSpinning
// (the caller reports it).
func (mc *Machine) hookBecomeSpinning(mi int32) bool {
	h := mc.hooked().BecomeSpinning
	if !mc.mech(h != nil, LayerSteal) {
		return false
	}
	s := mc.liveSched(mi, "becomeSpinning")
	h(s)
	s.flush()
	mc.checkNmspinning("becomeSpinning")
	return true
}

// hookPidlegetSpinning is pidlegetSpinning with Hooks.PidlegetSpinning.
func (mc *Machine) hookPidlegetSpinning() (int32, bool) {
	h := mc.hooked().PidlegetSpinning
	if !mc.mech(h != nil, LayerSteal) {
		return nilIdx, false
	}
	s := mc.liveSched(mc.curM(), "pidlegetSpinning")
	pp := h(s)
	s.flush()
	if pp == 0 {
		return nilIdx, true
	}
	i := s.p(pp, "its caller (the P it returned)")
	if mc.allp[i].idle {
		s.fail("returned P" + vm.Itoa(int64(i)) + " without taking it off the idle list (pidleget)")
	}
	if mc.allp[i].m != nilIdx {
		s.fail("returned P" + vm.Itoa(int64(i)) + ", which M" + vm.Itoa(int64(mc.allp[i].m)) + " holds")
	}
	return i, true
}

// checkNmspinning refuses a count of spinning Ms below zero, as the
// runtime's throws do ("wakep: negative nmspinning").
func (mc *Machine) checkNmspinning(fn string) {
	if mc.sched.nmspinning < 0 {
		panic("hook: your " + fn + " left nmspinning at " + vm.Itoa(int64(mc.sched.nmspinning)) + " (negative nmspinning)")
	}
}

// hookRetakeAll is retake with Hooks.Retake.
func (mc *Machine) hookRetakeAll(mi int32, now int64) (int, bool) {
	h := mc.hooked().Retake
	if !mc.mech(h != nil, LayerSysmon, LayerPreempt) {
		return 0, false
	}
	s := mc.liveSched(mi, "retake")
	n := h(s, now)
	s.flush()
	return int(n), true
}

// hookExitsyscall is exitsyscall with Hooks.Exitsyscall: the learner's
// code takes a P back (or not); the engine then lets the G go on, or
// finds it queued and the M parked, and reports the path as its own
// exitsyscall does.
func (mc *Machine) hookExitsyscall(mi int32) bool {
	h := mc.hooked().Exitsyscall
	if h == nil || !mc.cfg.Layers.Has(LayerProcs) {
		return false
	}
	M := &mc.allm[mi]
	gi := M.curg
	hadP, oldp := M.p, M.oldp
	write := mc.allg[gi].inWrite
	s := mc.liveSched(mi, "exitsyscall")
	h(s)
	s.flush()
	M = &mc.allm[mi]
	G := &mc.allg[gi]
	switch {
	case s.parked:
		if G.status != _Grunnable {
			s.fail("parked the M while G" + vm.Itoa(G.goid) + " is " + G.status.String() + " (exitsyscallNoP: runnable, on the global queue)")
		}
		return true
	case s.executed:
		G.inWrite = false
		return true
	case M.p == nilIdx || M.curg != gi || G.status != _Grunning:
		s.fail("returned with G" + vm.Itoa(G.goid) + " " + G.status.String() + " and its M " + map[bool]string{true: "holding a P", false: "without a P"}[M.p != nilIdx] + ": the G goes on running on a P, or it is queued and the M parks")
	}
	if G.status == _Gsyscall {
		s.fail("left G" + vm.Itoa(G.goid) + " in _Gsyscall")
	}
	G.inWrite = false
	mc.continueG(mi, CostSyscall)
	path, why := int64(0), "fast path: M"+vm.Itoa(int64(mi))+" still has P"+vm.Itoa(int64(M.p))+": the G goes on at once"
	switch {
	case hadP != nilIdx:
	case s.took && M.p == oldp:
		path, why = 1, "slow path: it took its old P"+vm.Itoa(int64(oldp))+" back from an M in a syscall"
	default:
		path, why = 2, "slow path: it took idle P"+vm.Itoa(int64(M.p))
	}
	if path != 0 || !write {
		if ev := mc.emit(EvExitsyscall, mi, M.p, G.goid, path, 0); mc.cfg.Why {
			ev.Why = why + s.why()
			if write {
				ev.Why = "the print's write(2) returned; " + ev.Why
			}
		}
	}
	return true
}
