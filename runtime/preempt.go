package runtime

import "github.com/gmplab/gmplab/vm"

// Preemption (proc.go: preemptone; signal_unix.go: preemptM, doSigPreempt;
// preempt.go: isAsyncSafePoint, asyncPreempt).
//
// preemptone asks twice: cooperatively (stackguard0 = stackPreempt, honoured
// at the next prologue check: see newstack) and asynchronously (a signal to
// the M, delivered CostSignal later, honoured if the G is at an async safe
// point). The G stops at whichever comes first and goes to the global
// queue's tail (no stop-the-world is modelled, so never to its P's runnext).
//
// Simplified: an async safe point is any instruction boundary of the G's own
// code, or inside sim.Work; a G stopped in front of a scheduler op (it is
// "in the runtime", whose functions are never async safe points), exiting or
// in morestack is not at one. Calls into the runtime are not cooperative
// preemption points either.

// preemptone requests preemption of the G running on P pp (proc.go:
// preemptone): for sysmon, whose slice has lasted ran; ran < 0 for a stop
// of the world (preemptall).
func (mc *Machine) preemptone(pp int32, ran int64) bool {
	P := &mc.allp[pp]
	mi := P.m
	if mi == nilIdx || mi == mc.curM() {
		return false
	}
	M := &mc.allm[mi]
	gi := M.curg
	if gi == nilIdx || mc.allg[gi].status != _Grunning {
		return false
	}
	if !mc.cfg.Layers.Has(LayerPreempt) && mc.allg[gi].rt.kind == rtNone {
		// Without the preempt layer only the collector's own code (mark
		// workers, assists) listens.
		return false
	}
	G := &mc.allg[gi]
	again := G.preempt
	G.preempt = true
	// Every call in a goroutine checks for stack overflow by comparing the
	// current stack pointer to gp->stackguard0. Setting gp->stackguard0 to
	// StackPreempt folds preemption into the normal stack overflow check.
	G.stackguard0 = stackPreempt
	signal := false
	// Request an async preemption of this P (unless
	// GODEBUG=asyncpreemptoff=1).
	if !mc.cfg.AsyncPreemptOff {
		P.preempt = true
		signal = mc.preemptM(mi)
	}
	if G.rt.kind != rtNone && M.when > M.signalAt {
		// A G in the collector's code (a mark worker, an assist) checks
		// gp.preempt between objects: it stops as soon as a signal would.
		mc.setWhen(mi, M.signalAt)
	}
	if ran < 0 {
		// preemptall, for a stop of the world: reported once per G.
		if !again {
			if ev := mc.emit(EvPreemptone, mc.curM(), pp, G.goid, boolInt(signal), 0); mc.cfg.Why {
				ev.Why = mc.preemptWhy(pp, G.goid, mi, signal)
			}
		}
		return true
	}
	mc.emitPreemptone(pp, gi, signal, ran, "")
	return true
}

// emitPreemptone reports preemptone's request on P pp of G gi, which ran
// ran ns; signal: SIGURG was sent. suffix ends the why.
func (mc *Machine) emitPreemptone(pp, gi int32, signal bool, ran int64, suffix string) {
	G := &mc.allg[gi]
	mi := mc.allp[pp].m
	if ev := mc.emit(EvPreemptone, mc.curM(), pp, G.goid, boolInt(signal), ran); mc.cfg.Why {
		ev.Why = "P" + vm.Itoa(int64(pp)) + "'s schedtick has not changed for " + fmtNs(ran) + " (≥ forcePreemptNS = 10ms): G" + vm.Itoa(G.goid) + " has used its time slice; set stackguard0 = stackPreempt"
		switch {
		case signal:
			ev.Why += " and send SIGURG to M" + vm.Itoa(int64(mi))
		case mc.cfg.AsyncPreemptOff:
			ev.Why += "; no signal (GODEBUG=asyncpreemptoff=1): only its next prologue check can stop it"
		default:
			ev.Why += " (a signal is already pending on M" + vm.Itoa(int64(mi)) + ")"
		}
		ev.Why += suffix
	}
}

// preemptM sends the preemption signal to M mi, delivered CostSignal
// later, unless one is already on its way; it reports whether it sent one
// (signal_unix.go: preemptM and its m.signalPending).
func (mc *Machine) preemptM(mi int32) bool {
	M := &mc.allm[mi]
	if M.signalPending {
		return false
	}
	M.signalPending = true
	M.signalAt = mc.now + CostSignal
	if M.when > M.signalAt {
		mc.setWhen(mi, M.signalAt)
	}
	return true
}

// preemptedTo says where a G preempted now goes (goschedImpl).
func (mc *Machine) preemptedTo() string {
	if mc.sched.gcwaiting {
		return "the world is stopping, so to its own P's runnext, to run first when it starts again"
	}
	return "to the global queue's tail"
}

// asyncPreempt is the signal arriving on M mi (signal_unix.go:
// doSigPreempt). It reports whether the G was preempted.
func (mc *Machine) asyncPreempt(mi int32) bool {
	M := &mc.allm[mi]
	gi := M.curg
	if gi == nilIdx {
		return false
	}
	G := &mc.allg[gi]
	pp := M.p
	want := (G.preempt || (pp != nilIdx && mc.allp[pp].preempt)) && G.status == _Grunning
	safe := !M.hasPending || G.inWork
	if stop, hooked := mc.hookAsyncPreempt(mi, gi); hooked {
		want, safe = stop, stop
	}
	if !want || !safe {
		return false
	}
	if M.workEnd > mc.now {
		G.workLeft = M.workEnd - mc.now
	}
	mc.stats.Preemptions++
	mc.acc += CostPreempt
	pos := mc.gpos(gi)
	mc.gosched1(mi, true)
	// The event's argument is the CPU left of the sim.Work the signal
	// stopped, and only that: stopped between two instructions of its own
	// code, a G's workLeft is the rest of the model's charge for the
	// instruction, which is no work of the program's.
	var left int64
	if G.inWork {
		left = G.workLeft
	}
	if ev := mc.emit(EvAsyncPreempt, mi, pp, G.goid, left, 0); mc.cfg.Why {
		ev.Pos = pos
		where := "between two instructions of its code"
		if G.inWork {
			where = "inside sim.Work (a loop with no calls: only the signal can stop it)"
		}
		ev.Why = "SIGURG reached M" + vm.Itoa(int64(mi)) + " while G" + vm.Itoa(G.goid) + " was " + where + ", an async safe point: asyncPreempt → gopreempt_m, " + mc.preemptedTo()
	}
	mc.gosched2(mi)
	return true
}
