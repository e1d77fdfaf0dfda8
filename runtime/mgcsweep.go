package runtime

import "github.com/gmplab/gmplab/vm"

// Sweeping (mgcsweep.go: bgsweep, sweepone, goschedIfBusy; mgc.go:
// gcSweep) and the forcegc helper (proc.go: forcegchelper, sysmon).
//
// Mark termination readies the bgsweep goroutine into the stopping P's
// runnext (gcSweep: ready(sweep.g, 0, true)). bgsweep sweeps the heap's
// spans in batches of ten; after each batch it yields (Gosched, to the
// global queue) if its G was asked to or no P is idle (goschedIfBusy), so
// that it runs on spare time; when every span is swept it parks. A cycle
// that starts before sweeping is done has its starter sweep the rest
// (gcStart: sweepone until none is left); runtime.GC sweeps one span at a
// time between Goscheds until sweeping is done.
//
// Simplified: a span is 8 KB of the heap in use when the mark ended; an
// allocating goroutine does not sweep in proportion (deductSweepCredit:
// the bgsweep goroutine and the next gcStart do it all); the memory a
// span frees is returned at once (no scavenger).

const (
	// spanBytes is the heap a span covers in the model: one page
	// (mheap.go: _PageSize, the span of every small size class up to
	// 1 KB).
	spanBytes = 8192
	// sweepBatchSize is how many spans bgsweep sweeps between yields
	// (mgcsweep.go: bgsweep).
	sweepBatchSize = 10
)

// sweepState is the sweeper's (mgcsweep.go: sweep).
type sweepState struct {
	g        int32  // the bgsweep goroutine
	parked   bool   // sweep.parked
	left     int64  // spans not yet swept this cycle
	spans    int64  // spans this cycle sweeps
	garbage  uint64 // bytes the sweep frees over all its spans
	freed    uint64 // of which freed so far
	forcegcG int32  // the forcegc helper
}

// done reports whether sweeping is done (isSweepDone).
func (s *sweepState) done() bool { return s.left == 0 }

// gcSweep starts the sweep of the heap the mark just ended with, with the
// world stopped, and readies bgsweep into M mi's P's runnext
// (mgc.go: gcSweep).
func (mc *Machine) gcSweep(mi int32) {
	S := &mc.gc.sweep
	heap1 := mc.gc.heap1
	S.spans = int64((heap1 + spanBytes - 1) / spanBytes)
	S.left = S.spans
	S.garbage = heap1 - min(heap1, mc.gc.heap2)
	S.freed = 0
	if S.parked && S.g != nilIdx {
		S.parked = false
		mc.allg[S.g].rt = rtState{kind: rtSweep}
		mc.ready(S.g, mc.allm[mi].p, "gcSweep: sweeping starts in the background")
	}
}

// sweepSome sweeps up to n spans and returns their cost.
func (mc *Machine) sweepSome(n int64) int64 {
	S := &mc.gc.sweep
	n = min(n, S.left)
	if n <= 0 {
		return 0
	}
	S.left -= n
	freed := S.garbage
	if S.left > 0 {
		freed = uint64(float64(float64(S.garbage) * (float64(S.spans-S.left) / float64(S.spans))))
	}
	mc.gc.stats.totalFree += freed - S.freed
	S.freed = freed
	return n * CostSweepSpan
}

// finishSweep sweeps every span left (gcStart, finishsweep_m) and returns
// the cost.
func (mc *Machine) finishSweep() int64 { return mc.sweepSome(mc.gc.sweep.left) }

// bgsweepStep goes on with the bgsweep goroutine M mi runs
// (mgcsweep.go: bgsweep): a batch, then go on, yield or park.
func (mc *Machine) bgsweepStep(mi int32) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	S := &mc.gc.sweep
	if S.done() {
		G.rt = rtState{}
		S.parked = true
		mc.gopark(mi, waitReasonGCSweepWait, vm.Pos{})
		return
	}
	if G.rt.step == 1 && (G.preempt || mc.sched.npidle == 0) {
		// goschedIfBusy: no spare P, so give the P to others.
		G.rt.step = 0
		mc.goschedBy(mi, G.preempt, vm.Pos{}, "bgsweep's goschedIfBusy: no P is idle, so the sweeper yields")
		return
	}
	G.rt.step = 1
	cost := mc.sweepSome(sweepBatchSize)
	mc.continueG(mi, cost)
}

// forcegchelperStep goes on with the forcegc helper M mi runs
// (proc.go: forcegchelper): start a periodic cycle, then park again.
func (mc *Machine) forcegchelperStep(mi int32) {
	G := &mc.allg[mc.allm[mi].curg]
	if G.rt.step == 0 {
		G.rt.step = 1
		mc.gcStart(mi, gcTriggerTime, 0)
		return
	}
	G.rt = rtState{}
	mc.gopark(mi, waitReasonForceGCIdle, vm.Pos{})
}

// sysmonForceGC is sysmon's check for a periodic cycle: two minutes since
// the last one and the helper idle, it is injected into the global queue
// (proc.go: sysmon, gcTrigger{kind: gcTriggerTime}.test).
func (mc *Machine) sysmonForceGC(mi int32) {
	S := &mc.gc.sweep
	if !mc.gcTriggerTest(gcTriggerTime, 0) || S.forcegcG == nilIdx {
		return
	}
	G := &mc.allg[S.forcegcG]
	if G.status != _Gwaiting || G.rt.kind != rtNone {
		return
	}
	G.rt = rtState{kind: rtForceGC}
	mc.injectglist(mi, []int32{S.forcegcG})
}
