package runtime

import "github.com/gmplab/gmplab/vm"

// Stop-the-world for the collector (proc.go: stopTheWorldWithSema,
// preemptall, gcstopm, startTheWorldWithSema, procresize).
//
// stopTheWorldWithSema sets sched.gcwaiting and asks every running G to
// stop (preemptall: preemptone on each _Prunning P). It stops at once the
// caller's P, the Ps held by Ms in system calls and the idle Ps; the
// others stop when their G reaches a safe point: it goes to its own P's
// runnext (goschedImpl sees gcwaiting), its M's findRunnable sees
// gcwaiting and gives the P up (gcstopm: _Pgcstop, stopwait--), and the
// last one wakes the stopper. The stopper re-sends the requests every
// 100 µs while it waits. The time from the call to the last gcstopm is
// the stop's latency, which preemption keeps short: a G in a loop with no
// safe point (asyncpreemptoff, or the preempt layer off) holds the whole
// program up until it blocks. startTheWorldWithSema runs procresize:
// the Ps with work get their Ms back, idle Ps get mark workers if the
// mark is on, the rest go idle; then wakep.
//
// (runtime.GOMAXPROCS's stop is procresize.go's: it stops the world at
// the caller's instant, as it always has in this model.)

// stwReason is why the world stops (runtime2.go: stwReason).
type stwReason uint8

const (
	stwGCSweepTerm stwReason = iota + 1
	stwGCMarkTerm
)

var stwReasonStrings = [...]string{stwGCSweepTerm: "GC sweep termination", stwGCMarkTerm: "GC mark termination"}

func (r stwReason) String() string { return stwReasonStrings[r] }

// stwRepreemptNS is how often the stopper re-sends the preemption requests
// while it waits (stopTheWorldWithSema: notetsleep(&sched.stopnote, 100*1000)).
const stwRepreemptNS = 100_000

// stwState is the stop in progress.
type stwState struct {
	active   bool
	reason   stwReason
	stopper  int32 // the M that stops the world
	stopwait int32 // Ps still to stop (sched.stopwait)
	start    int64 // when stopping began (worldStop.startedStopping)
	finish   int64 // when the last P stopped
}

// stopTheWorldWithSema starts stopping the world for the running G of M
// mi; it reports whether the world is stopped already. If not, the M
// waits: worldStopped says when it may go on.
func (mc *Machine) stopTheWorldWithSema(mi int32, reason stwReason) bool {
	S := &mc.gc.stw
	if S.active {
		panic("stopTheWorldWithSema: the world is already stopping")
	}
	now := mc.now + mc.acc
	*S = stwState{active: true, reason: reason, stopper: mi, stopwait: int32(len(mc.allp)), start: mc.now}
	mc.sched.gcwaiting = true
	M := &mc.allm[mi]
	preempted := mc.preemptall()
	// The caller's P.
	mc.setpstatus(M.p, _Pgcstop, "stopTheWorldWithSema")
	S.stopwait--
	stopped := int64(1)
	// Ps held by Ms in system calls (setBlockOnExitSyscall, gcstopP).
	for i := range mc.allp {
		P := &mc.allp[i]
		if P.status != _Prunning || P.m == nilIdx || P.m == mi {
			continue
		}
		holder := &mc.allm[P.m]
		if holder.curg == nilIdx || mc.allg[holder.curg].status != _Gsyscall {
			continue
		}
		holder.p = nilIdx
		P.m = nilIdx
		mc.setpstatus(int32(i), _Pgcstop, "stopTheWorldWithSema")
		P.syscalltick++
		S.stopwait--
		stopped++
	}
	// Idle Ps.
	for pp := mc.pidleget(); pp != nilIdx; pp = mc.pidleget() {
		mc.setpstatus(pp, _Pgcstop, "stopTheWorldWithSema")
		S.stopwait--
		stopped++
	}
	if ev := mc.emit(EvStopTheWorld, mi, M.p, mc.goidOf(M.curg), stopped, int64(S.stopwait)); true {
		ev.Text = reason.String()
		ev.Pos = mc.gpos(M.curg)
		if mc.cfg.Why {
			w := mc.why().s("stopTheWorldWithSema (").s(reason.String()).s("): sched.gcwaiting is set; ").i(stopped).s(" P(s) stopped at once (the caller's, idle ones, ones in system calls)")
			if S.stopwait > 0 {
				w.s("; ").i(int64(preempted)).s(" running G(s) asked to stop at their next safe point (preemptall): the world waits for ").i(int64(S.stopwait)).s(" more P(s)")
			}
			ev.Why = w.str()
		}
	}
	if S.stopwait > 0 {
		G := &mc.allg[M.curg]
		G.waitreason = waitReasonStoppingTheWorld
		M.workEnd = now + stwRepreemptNS
		mc.acc = 0
		mc.setWhen(mi, M.workEnd)
		return false
	}
	S.finish = now
	return true
}

// worldStopped is the stopper's M acting while it waits: if Ps are still
// running it asks their Gs again and waits another 100 µs; it reports
// whether the world is stopped.
func (mc *Machine) worldStopped(mi int32) bool {
	S := &mc.gc.stw
	if S.stopwait == 0 {
		mc.allg[mc.allm[mi].curg].waitreason = 0
		return true
	}
	mc.preemptall()
	M := &mc.allm[mi]
	M.workEnd = mc.now + stwRepreemptNS
	mc.setWhen(mi, M.workEnd)
	return false
}

// preemptall asks the G of every running P but the stopper's to stop
// (proc.go: preemptall); it returns how many it asked.
func (mc *Machine) preemptall() int {
	n := 0
	for i := range mc.allp {
		P := &mc.allp[i]
		if P.status == _Prunning && P.m != mc.gc.stw.stopper && mc.preemptone(int32(i), -1) {
			n++
		}
	}
	return n
}

// gcstopm: M mi, scheduling while the world stops, gives its P to the
// stop and sleeps (proc.go: gcstopm).
func (mc *Machine) gcstopm(mi int32) {
	M := &mc.allm[mi]
	if M.spinning {
		M.spinning = false
		mc.sched.nmspinning--
	}
	pp := mc.releasep(mi)
	mc.setpstatus(pp, _Pgcstop, "gcstopm")
	S := &mc.gc.stw
	S.stopwait--
	if ev := mc.emit(EvGcstopm, mi, pp, -1, int64(S.stopwait), mc.now-S.start); mc.cfg.Why {
		if S.stopwait == 0 {
			ev.Why = mc.why().s("the world is stopping (").s(S.reason.String()).s("): M").i(int64(mi)).s(" gives P").i(int64(pp)).
				s(" up; it was the last: the world is stopped, ").s(fmtNs(mc.now - S.start)).s(" after stopping began, and the stopper goes on").str()
		} else {
			ev.Why = mc.why().s("the world is stopping (").s(S.reason.String()).s("): M").i(int64(mi)).s(" gives P").i(int64(pp)).
				s(" up (_Pgcstop) and sleeps; ").i(int64(S.stopwait)).s(" P(s) to go").str()
		}
	}
	if S.stopwait == 0 {
		S.finish = mc.now
		mc.setWhen(S.stopper, mc.now+CostWakeM) // notewakeup(&sched.stopnote)
	}
	mc.mput(mi)
	mc.acc = 0
}

// gcstopP stops P pp, which has no M, for the stop in progress (handoffp
// and entersyscall while sched.gcwaiting).
func (mc *Machine) gcstopP(pp int32) {
	mc.setpstatus(pp, _Pgcstop, "gcstopP")
	S := &mc.gc.stw
	S.stopwait--
	if S.stopwait == 0 {
		S.finish = mc.now + mc.acc
		mc.setWhen(S.stopper, mc.now+mc.acc+CostWakeM)
	}
}

// startTheWorldWithSema starts the world the running G of M mi stopped
// (proc.go: startTheWorldWithSema): procresize gives the Ps with work
// their Ms and, while the mark is on, idle Ps mark workers; the others go
// idle; then wakep. The stopper's P runs again.
func (mc *Machine) startTheWorldWithSema(mi int32) {
	S := &mc.gc.stw
	M := &mc.allm[mi]
	if mc.cfg.Layers.Has(LayerNetpoll) && mc.netpollInited && !mc.sched.polling {
		if list := mc.netpoll(mi, 0); len(list) > 0 {
			mc.injectglist(mi, list)
		}
	}
	runnable := mc.procresize(mi, len(mc.allp))
	mc.setpstatus(M.p, _Prunning, "startTheWorldWithSema")
	mc.sched.gcwaiting = false
	S.active = false
	pause := mc.now + mc.acc - S.start
	mc.gc.pauseNS += pause
	if ev := mc.emit(EvStartTheWorld, mi, M.p, mc.goidOf(M.curg), pause, boolInt(mc.gc.blackenEnabled)); true {
		ev.Text = S.reason.String()
		if mc.cfg.Why {
			w := mc.why().s("startTheWorldWithSema (").s(S.reason.String()).s("): the world was stopped for ").s(fmtNs(pause)).
				s(" (").s(fmtNs(S.finish - S.start)).s(" of it waiting for running Gs to stop); ")
			if len(runnable) > 0 {
				w.i(int64(len(runnable))).s(" P(s) with work or a mark worker get an M")
			} else {
				w.s("no other P has work")
			}
			ev.Why = w.str()
		}
	}
	mc.sysmonWake()
	mc.startTheWorld(runnable)
}

// preemptWhy is preemptone's why for a stop of the world.
func (mc *Machine) preemptWhy(pp int32, goid int64, mi int32, signal bool) string {
	w := mc.why().s("the world is stopping (").s(mc.gc.stw.reason.String()).s("): preemptall asks G").i(goid).s(" on P").i(int64(pp)).
		s(" to stop at its next safe point (stackguard0 = stackPreempt")
	if signal {
		w.s(", SIGURG to M").i(int64(mi))
	}
	return w.s(")").str()
}

var _ = vm.Itoa
