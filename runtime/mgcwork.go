package runtime

import (
	"math"

	"github.com/gmplab/gmplab/vm"
)

// The background mark workers (mgc.go: gcBgMarkStartWorkers,
// gcBgMarkWorker; mgcpacer.go: findRunnableGCWorker,
// assignWaitingGCWorker; proc.go: findRunnable's idle-priority marking,
// checkIdleGCNoP).
//
// Each P has a gcBgMarkWorker goroutine, started by the first cycle, that
// sleeps in a pool (gcBgMarkWorkerPool) until a P's findRunnable takes it
// in one of three modes:
//
//   - dedicated: while dedicatedMarkWorkersNeeded > 0, first in
//     findRunnable (before the run queues): it marks until there is no
//     work left or the world stops. If sysmon preempts it (10 ms), it
//     kicks every G of its P's run queue to the global queue (runqdrain)
//     so that other Ps run them, and goes on.
//   - fractional: when startCycle asked for a fraction of a P and this P
//     is behind it (gcFractionalMarkTime over the time since the mark
//     began ≤ the goal): it marks until it is 20% over its share
//     (pollFractionalWorkerExit) or is preempted.
//   - idle: when findRunnable found nothing else to run (before it drops
//     the P): it marks until other work appears (pollWork: a G in the
//     P's or the global run queue, or a ready connection) or it is
//     preempted.
//
// A worker marks in chunks of drainCheckThreshold scan work claimed from
// the cycle's pool (gcDrain checks for preemption and, fractional and
// idle, whether to stop, every drainCheckThreshold), and flushes each
// chunk's credit to parked assists first (gcFlushBgCredit). The worker
// that finds no work left while no other worker or assist holds any calls
// gcMarkDone.

// gcMarkWorkerMode is a mark worker's mode (mgc.go).
type gcMarkWorkerMode uint8

const (
	gcMarkWorkerNotWorker gcMarkWorkerMode = iota
	gcMarkWorkerDedicatedMode
	gcMarkWorkerFractionalMode
	gcMarkWorkerIdleMode
)

// gcMarkWorkerModeStrings are the modes' names in execution traces.
var gcMarkWorkerModeStrings = [...]string{"Not worker", "GC (dedicated)", "GC (fractional)", "GC (idle)"}

func (m gcMarkWorkerMode) String() string { return gcMarkWorkerModeStrings[m] }

// drainCheckThreshold is the scan work between gcDrain's checks
// (mgcmark.go).
const drainCheckThreshold = 100000

// markWorkNs is the CPU time w bytes of this cycle's scan work take: its
// share of the cycle's mark CPU (gcState.nsPerWork, set by gcStartMark
// from the objects and bytes the mark scans).
func (mc *Machine) markWorkNs(w int64) int64 {
	return int64(math.Ceil(float64(w) * mc.gc.nsPerWork))
}

// markWorkDone is the scan work d ns of marking does this cycle.
func (mc *Machine) markWorkDone(d int64) int64 {
	return int64(float64(d) / mc.gc.nsPerWork)
}

// markCPU is the CPU time a mark of scanObjects objects holding pointers
// and scanWork bytes of scan work (theirs, the stacks', the globals')
// takes: CostGCScanObject an object and GCScanBytesPerUs (cost.go). The
// scan work is what the pacer counts; the CPU is mostly per object.
func markCPU(scanObjects, scanWork int64) int64 {
	return scanObjects*CostGCScanObject + (scanWork*1000+GCScanBytesPerUs-1)/GCScanBytesPerUs
}

// gcMarkWorkAvailable reports whether there is mark work left to claim
// (mgc.go: gcShouldScheduleWorker, gcMarkWorkAvailable).
func (mc *Machine) gcMarkWorkAvailable() bool { return mc.gc.markWork > 0 }

// gcBgMarkStartWorker starts one more mark worker from gcStart on M mi
// and waits for it (mgc.go: gcBgMarkStartWorkers: go gcBgMarkWorker(ready);
// <-ready): the worker goes into the P's runnext, the caller parks on the
// channel, the worker readies it and parks in the pool.
func (mc *Machine) gcBgMarkStartWorker(mi int32) {
	M := &mc.allm[mi]
	caller := M.curg
	pos := mc.gpos(caller)
	wi := mc.newprocOn(mi, M.p, 0, nil, pos, mc.goidOf(caller), "gcBgMarkStartWorkers: go gcBgMarkWorker")
	W := &mc.allg[wi]
	W.system = waitReasonGCWorkerIdle
	W.th.MarkStarted()
	W.rt = rtState{kind: rtMarkWorker, step: workerInit, peer: caller}
	mc.gopark(mi, waitReasonChanReceive, pos)
}

// The steps of a worker's loop.
const (
	workerInit  = iota // just created: ready the caller, then park in the pool
	workerStart        // taken from the pool: start marking
	workerDrain        // marking a chunk
	workerPark         // back from gcMarkDone: park in the pool
)

// gcBgMarkWorkerStep goes on with the worker M mi runs (mgc.go:
// gcBgMarkWorker).
func (mc *Machine) gcBgMarkWorkerStep(mi int32) {
	M := &mc.allm[mi]
	wi := M.curg
	W := &mc.allg[wi]
	R := &W.rt
	switch R.step {
	case workerInit:
		mc.ready(R.peer, M.p, "gcBgMarkWorker: ready <- struct{}{}")
		mc.gc.workers++
		mc.gcWorkerPark(mi)
		return
	case workerPark:
		mc.gcWorkerPark(mi)
		return
	case workerStart:
		pp := M.p
		P := &mc.allp[pp]
		if P.gcMarkWorkerMode == gcMarkWorkerNotWorker {
			panic("gcBgMarkWorker: mode not set")
		}
		P.gcMarkWorkerStartTime = mc.now
		mc.gc.busy++ // gcBeginWork
		W.waitreason = waitReasonGCWorkerActive
		R.step = workerDrain
		R.owed = 1 // the first drain of a dedicated worker is preemptible
		mc.gcDrainChunk(mi)
		return
	}
	// workerDrain: a chunk ended, or the worker was told to stop early.
	P := &mc.allp[M.p]
	mode := P.gcMarkWorkerMode
	mc.gcDrainAccount(mi)
	stop := ""
	switch {
	case W.preempt && mode == gcMarkWorkerDedicatedMode && !mc.sched.gcwaiting && R.owed == 1:
		// Preempted (sysmon's 10 ms): a useful signal to kick
		// everything out of the run queue so it can run elsewhere,
		// then go on draining without preemption.
		R.owed = 0
		W.preempt = false
		W.stackguard0 = stackGuard
		mc.runqKick(mi)
	case W.preempt && (mode != gcMarkWorkerDedicatedMode || mc.sched.gcwaiting):
		stop = "it was preempted"
		if mc.sched.gcwaiting {
			stop = "the world is stopping"
		}
	case !mc.gcMarkWorkAvailable():
		stop = "no mark work is left"
	case mode == gcMarkWorkerFractionalMode && mc.pollFractionalWorkerExit(mi):
		stop = "its P is 20% over its fractional share (pollFractionalWorkerExit)"
	case mode == gcMarkWorkerIdleMode && mc.pollWork(mi):
		stop = "its P has other work (pollWork)"
	}
	if stop == "" {
		mc.gcDrainChunk(mi)
		return
	}
	// The worker stops: account its time, and end the mark if it was the
	// last one with work and none is left.
	duration := mc.now - P.gcMarkWorkerStartTime
	mc.gc.ctl.markWorkerStop(mode, duration)
	if mode == gcMarkWorkerFractionalMode {
		P.gcFractionalMarkTime += duration
	}
	mc.gc.stats.markWorker(mode, duration)
	P.gcMarkWorkerMode = gcMarkWorkerNotWorker
	mc.gc.busy-- // gcEndWork
	W.waitreason = 0
	if ev := mc.emit(EvMarkWorkerStop, mi, M.p, W.goid, int64(mode), duration); mc.cfg.Why {
		ev.Why = mc.why().s("the ").s(mode.String()).s(" mark worker stops after ").s(fmtNs(duration)).s(": ").s(stop).str()
	}
	R.step = workerPark
	if mc.gc.busy == 0 && !mc.gcMarkWorkAvailable() && mc.gc.phase == _GCmark {
		mc.gcMarkDone(mi)
		return
	}
	mc.gcWorkerPark(mi)
}

// gcWorkerPark parks the worker M mi runs in the pool (gcBgMarkWorker's
// gopark: the worker G is released to gcBgMarkWorkerPool).
func (mc *Machine) gcWorkerPark(mi int32) {
	wi := mc.allm[mi].curg
	mc.allg[wi].rt.step = workerStart
	mc.gc.pool = append(mc.gc.pool, wi)
	mc.gopark(mi, waitReasonGCWorkerIdle, vm.Pos{})
}

// gcDrainChunk claims the next chunk of scan work for the worker M mi
// runs and marks it.
func (mc *Machine) gcDrainChunk(mi int32) {
	W := &mc.allg[mc.allm[mi].curg]
	R := &W.rt
	c := min(int64(drainCheckThreshold), mc.gc.markWork)
	mc.gc.markWork -= c
	R.claimed = c
	R.start = mc.now + mc.acc
	R.end = R.start + mc.markWorkNs(c)
	M := &mc.allm[mi]
	M.workEnd = R.end
	mc.acc = 0
	mc.setWhen(mi, R.end)
}

// gcDrainAccount ends the chunk M mi's worker was marking, at R.end or,
// stopped early, now: the work not done goes back to the pool; the work
// done is credited (gcFlushBgCredit).
func (mc *Machine) gcDrainAccount(mi int32) {
	W := &mc.allg[mc.allm[mi].curg]
	R := &W.rt
	done := R.claimed
	if mc.now < R.end {
		done = min(R.claimed, mc.markWorkDone(mc.now-R.start))
		mc.gc.markWork += R.claimed - done
	}
	R.claimed = 0
	mc.gc.ctl.heapScanWork += done
	mc.gcFlushBgCredit(done)
	M := &mc.allm[mi]
	M.workEnd = mc.now
}

// pollFractionalWorkerExit: the fractional worker on M mi stops once its
// P's share of the time since the mark began is over 1.2 times the goal
// (mgc.go: pollFractionalWorkerExit).
func (mc *Machine) pollFractionalWorkerExit(mi int32) bool {
	delta := mc.now - mc.gc.ctl.markStartTime
	if delta <= 0 {
		return true
	}
	P := &mc.allp[mc.allm[mi].p]
	selfTime := P.gcFractionalMarkTime + (mc.now - P.gcMarkWorkerStartTime)
	return float64(selfTime)/float64(delta) > float64(1.2*mc.gc.ctl.fractionalUtilizationGoal)
}

// pollWork: is there other work for M mi's P, for its idle worker to
// stop (proc.go: pollWork)? A non-blocking netpoll's ready Gs are injected.
func (mc *Machine) pollWork(mi int32) bool {
	if mc.sched.runq.size > 0 || !mc.runqempty(mc.allm[mi].p) {
		return true
	}
	if mc.cfg.Layers.Has(LayerNetpoll) && mc.netpollInited && mc.netpollWaiters > 0 && !mc.sched.polling {
		if list := mc.netpoll(mi, 0); len(list) > 0 {
			mc.injectglist(mi, list)
			return true
		}
	}
	return false
}

// runqKick moves every G of M mi's P's run queue to the global queue
// (gcBgMarkWorker: runqdrain, globrunqputbatch).
func (mc *Machine) runqKick(mi int32) {
	pp := mc.allm[mi].p
	P := &mc.allp[pp]
	n := int64(0)
	var first int32 = nilIdx
	if P.runnext != nilIdx {
		first = P.runnext
		mc.globrunqput(P.runnext)
		P.runnext = nilIdx
		n++
	}
	for P.runqhead != P.runqtail {
		gi := P.runq[P.runqhead%runqSize]
		P.runqhead++
		if first == nilIdx {
			first = gi
		}
		mc.globrunqput(gi)
		n++
	}
	if n == 0 {
		return
	}
	if ev := mc.emit(EvRunqdrain, mi, pp, mc.goidOf(first), n, 0); mc.cfg.Why {
		ev.Why = mc.why().s("sysmon preempted the dedicated mark worker on P").i(int64(pp)).s(": a useful signal to kick everything out of its run queue so it can run somewhere else (runqdrain): ").
			i(n).s(" G(s) to the global queue, and the worker goes on marking").str()
	}
	mc.wakep()
}

// findRunnableGCWorker returns the mark worker P pp should run, if any
// (mgcpacer.go: findRunnableGCWorker, assignWaitingGCWorker).
func (mc *Machine) findRunnableGCWorker(mi, pp int32) int32 {
	P := &mc.allp[pp]
	if P.nextGCMarkWorker == nilIdx && !mc.assignWaitingGCWorker(pp) {
		return nilIdx
	}
	wi := P.nextGCMarkWorker
	P.nextGCMarkWorker = nilIdx
	mc.casgstatus(wi, _Gwaiting, _Grunnable)
	mc.allg[wi].waitreason = 0
	mode := P.gcMarkWorkerMode
	P.gcMarkWorker = wi
	if ev := mc.emit(EvFindRunnableGCWorker, mi, pp, mc.goidOf(wi), int64(mode), 0); mc.cfg.Why {
		w := mc.why()
		if mode == gcMarkWorkerDedicatedMode {
			w.s("the mark is on and a dedicated worker is still needed (startCycle wants ").i(mc.dedicatedWorkers()).
				s(" of GOMAXPROCS=").i(int64(len(mc.allp))).s(", 25% rounded): P").i(int64(pp)).s(" runs G").i(mc.goidOf(wi)).s(" before any G of its run queues")
		} else {
			w.s("the mark is on and P").i(int64(pp)).s(" is behind its fractional share (").s(fmtPct(mc.gc.ctl.fractionalUtilizationGoal)).
				s(" of its time): it runs the fractional mark worker G").i(mc.goidOf(wi)).s(" before its run queues")
		}
		ev.Why = w.str()
	}
	return wi
}

// dedicatedWorkers is startCycle's count of dedicated workers.
func (mc *Machine) dedicatedWorkers() int64 { return mc.gc.ctl.dedicatedAtStart }

// fmtPct formats a fraction as a percentage with one decimal.
func fmtPct(f float64) string {
	t := int64(f*1000 + 0.5)
	return vm.Itoa(t/10) + "." + vm.Itoa(t%10) + "%"
}

// assignWaitingGCWorker takes a worker from the pool for P pp if one
// should run there, dedicated or fractional, and sets the P's mode
// (mgcpacer.go: assignWaitingGCWorker).
func (mc *Machine) assignWaitingGCWorker(pp int32) bool {
	C := &mc.gc.ctl
	if !mc.gc.blackenEnabled {
		panic("assignWaitingGCWorker: blackening not enabled")
	}
	if !mc.gcMarkWorkAvailable() {
		return false
	}
	if C.dedicatedMarkWorkersNeeded <= 0 && C.fractionalUtilizationGoal == 0 {
		return false
	}
	n := len(mc.gc.pool)
	if n == 0 {
		return false
	}
	P := &mc.allp[pp]
	switch {
	case C.dedicatedMarkWorkersNeeded > 0:
		C.dedicatedMarkWorkersNeeded--
		P.gcMarkWorkerMode = gcMarkWorkerDedicatedMode
	case C.fractionalUtilizationGoal == 0:
		return false
	default:
		delta := mc.now - C.markStartTime
		if delta > 0 && float64(P.gcFractionalMarkTime)/float64(delta) > C.fractionalUtilizationGoal {
			return false
		}
		P.gcMarkWorkerMode = gcMarkWorkerFractionalMode
	}
	P.nextGCMarkWorker = mc.gc.pool[n-1]
	P.gcMarkWorker = P.nextGCMarkWorker
	mc.gc.pool = mc.gc.pool[:n-1]
	return true
}

// findRunnableIdleGCWorker: P pp has nothing else to run; run an idle
// mark worker if the mark has work and another idle worker is allowed
// (proc.go: findRunnable, before it drops the P).
func (mc *Machine) findRunnableIdleGCWorker(mi, pp int32) int32 {
	if !mc.gc.blackenEnabled || !mc.gcMarkWorkAvailable() || len(mc.gc.pool) == 0 || !mc.gc.ctl.addIdleMarkWorker() {
		return nilIdx
	}
	return mc.runIdleGCWorker(mi, pp, "P"+vm.Itoa(int64(pp))+" found nothing else to run")
}

// runIdleGCWorker makes the top of the pool P pp's idle worker.
func (mc *Machine) runIdleGCWorker(mi, pp int32, what string) int32 {
	n := len(mc.gc.pool)
	wi := mc.gc.pool[n-1]
	mc.gc.pool = mc.gc.pool[:n-1]
	mc.allp[pp].gcMarkWorkerMode = gcMarkWorkerIdleMode
	mc.allp[pp].gcMarkWorker = wi
	mc.casgstatus(wi, _Gwaiting, _Grunnable)
	mc.allg[wi].waitreason = 0
	if ev := mc.emit(EvFindRunnableGCWorker, mi, pp, mc.goidOf(wi), int64(gcMarkWorkerIdleMode), 0); mc.cfg.Why {
		ev.Why = mc.why().s(what).s(" and the mark has work: rather than give the P up it runs an idle-priority mark worker, G").
			i(mc.goidOf(wi)).s(", until other work appears (idle workers: ").i(int64(mc.gc.ctl.idleMarkWorkers)).s(" of at most ").
			i(int64(mc.gc.ctl.maxIdleMarkWorkers)).s(")").str()
	}
	return wi
}

// checkIdleGCNoP: after dropping its P, a spinning M looks for idle mark
// work: an idle P, a worker and work (proc.go: checkIdleGCNoP). It
// returns the P (acquired) and the worker, or nilIdx.
func (mc *Machine) checkIdleGCNoP(mi int32) (int32, int32) {
	if !mc.gc.blackenEnabled || !mc.gc.ctl.needIdleMarkWorker() || !mc.gcMarkWorkAvailable() || len(mc.gc.pool) == 0 {
		return nilIdx, nilIdx
	}
	pp := mc.pidlegetSpinning()
	if pp == nilIdx {
		return nilIdx, nilIdx
	}
	if !mc.gc.ctl.addIdleMarkWorker() {
		mc.pidlepush(pp)
		return nilIdx, nilIdx
	}
	mc.acquirep(mi, pp)
	mc.becomeSpinning(mi)
	return pp, mc.runIdleGCWorker(mi, pp, "M"+vm.Itoa(int64(mi))+" dropped its P and re-checked for work without one (checkIdleGCNoP)")
}
