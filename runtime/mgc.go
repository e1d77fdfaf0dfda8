package runtime

import "github.com/gmplab/gmplab/vm"

// The garbage collector as a scheduling actor (layer gc; mgc.go,
// mgcpacer.go, mgcmark.go, mgcwork.go, mgcsweep.go and proc.go's parts of
// Go 1.26.8).
//
// What a cycle does to the schedule, in order (the real runtime's steps,
// each by the function the model names):
//
//  1. gcStart, on the goroutine whose allocation crossed the trigger
//     (mallocgc), on one that called runtime.GC, or on the forcegc helper
//     sysmon woke after two minutes without a cycle. The first cycle
//     starts one gcBgMarkWorker goroutine per P (gcBgMarkStartWorkers),
//     waiting for each in turn on a channel.
//  2. stopTheWorldWithSema (sweep termination): every running G is asked
//     to stop at its next safe point and goes to its own P's runnext; Ms
//     give their Ps up (gcstopm); the world is stopped when the last one
//     has. startCycle splits 25% of GOMAXPROCS into dedicated and
//     fractional workers; the write barrier and assists turn on;
//     startTheWorldWithSema hands idle Ps to mark workers (procresize).
//  3. The concurrent mark: findRunnable runs a mark worker first
//     (findRunnableGCWorker: a dedicated one until none is needed, else a
//     fractional one while its P is behind its share), and an idle worker
//     on a P with nothing else to do. A goroutine that allocates pays for
//     it in mark work (gcAssistAlloc), in proportion to what it allocated,
//     and parks when there is no work left to do but its debt is not paid.
//  4. gcMarkDone, on the worker or assist that finds no work left:
//     stopTheWorldWithSema (mark termination), gcMarkTermination: the
//     marked heap sets the next goal; sweeping starts (the bgsweep
//     goroutine is readied); assists and runtime.GC callers wake;
//     startTheWorldWithSema.
//
// What a cycle costs: marking scans the live heap's pointer-holding
// objects, the stacks and the globals: CostGCScanObject an object and
// GCScanBytesPerUs (cost.go) for the scan work (markCPU); the two stops
// cost CostSTWSweepTerm and CostSTWMarkTerm once the world is stopped;
// sweeping costs CostSweepSpan a span; a pointer store costs
// CostWriteBarrier more while the write barrier is on.
//
// What is live: the interpreter knows exactly what its goroutines can reach
// (vm/malloc.go). At mark start the model measures the live heap (vm
// Collect); mark termination's marked heap is that plus what was allocated
// during the mark (allocated black), as the real collector retains it.
//
// Simplified (docs/assumptions.md): marking is one pool of scan work
// claimed in drainCheckThreshold chunks, not objects and work buffers;
// the work is known when the mark starts (no mark work the write barrier
// discovers), a small object counted as Green Tea's sparse scan counts it
// (up to its last pointer) or, greyed with enough of its size class by one
// scan, as a dense span scan does (whole: vm/mgcspan.go), its CPU spread
// evenly over the cycle's work; assists claim in the same chunks as the
// workers; stack scanning does
// not suspend running goroutines (suspendG); gcMarkDone's ragged barrier
// (forEachP) costs nothing; the CPU limiter and the scavenger are not
// modelled (freed memory is returned at once); the tiny allocator and
// escape analysis are approximated (vm/malloc.go).

// gcPhase is gcphase (mgc.go).
type gcPhase uint8

const (
	_GCoff             gcPhase = iota // not collecting; sweeping in the background
	_GCmark                           // marking: allocate black, write barrier on
	_GCmarktermination                // mark termination: the world is stopped
)

var gcPhaseNames = [...]string{_GCoff: "off", _GCmark: "mark", _GCmarktermination: "mark termination"}

func (ph gcPhase) String() string { return gcPhaseNames[ph] }

// gcTriggerKind is why a cycle starts (mgc.go: gcTrigger).
type gcTriggerKind uint8

const (
	gcTriggerHeap  gcTriggerKind = iota // the heap reached the trigger
	gcTriggerTime                       // two minutes without a cycle (sysmon's forcegc)
	gcTriggerCycle                      // runtime.GC: cycle n is wanted
)

// forcegcperiod is the longest time between cycles (proc.go).
const forcegcperiod = 2 * 60 * 1e9

// gcState is the collector's state (mgc.go: work, gcController, memstats,
// the worker pool and the queues), part of Machine.
type gcState struct {
	phase          gcPhase
	blackenEnabled bool // gcBlackenEnabled: workers and assists may mark
	ctl            gcControllerState

	cycles     uint32  // work.cycles: cycles started
	markWork   int64   // scan work not yet claimed (roots and grey objects)
	nsPerWork  float64 // CPU ns a byte of this cycle's scan work takes (markCPU over the work)
	busy       int32   // workers and assists holding claimed work (nproc - nwait)
	userForced bool    // this cycle was started by runtime.GC
	periodic   bool    // ... by the forcegc helper
	live       vm.HeapLive
	allocMark  uint64 // bytes the program had allocated when the mark began
	allocBase  uint64 // ... when the last cycle ended: heapLive = heapMarked + alloc - allocBase
	scanBase   uint64 // pointer-holding bytes allocated when the last mark ended (vm.HeapStats.ScanAlloc)
	stackScan  int64  // stack bytes this cycle scans
	rtLive     uint64 // the runtime's own live objects (gs, channels): always marked

	heap0, heap1, heap2                uint64 // gctrace's heap sizes
	tSweepTerm, tMark, tMarkTerm, tEnd int64
	pauseNS                            int64
	stwprocs, maxprocs                 int32

	stw stwState

	starter      int32   // the G inside gcStart (holds work.startSema), or nilIdx
	startWaiters []int32 // Gs waiting for work.startSema, FIFO
	workers      int32   // gcBgMarkWorkerCount
	pool         []int32 // idle mark worker Gs (gcBgMarkWorkerPool, LIFO)
	assistQ      []int32 // parked assists (work.assistQueue, FIFO)
	sweepWaiters []int32 // runtime.GC callers waiting for a mark to end

	sweep sweepState
	stats gcStats
}

// gcOn reports whether the collector runs (layer gc).
func (mc *Machine) gcOn() bool { return mc.cfg.Layers.Has(LayerGC) }

// gcinit sets the pacer up from GOGC and GOMEMLIMIT (mgc.go: gcinit).
func (mc *Machine) gcinit() error {
	limit, ok := readGOMEMLIMIT(mc.cfg.GOMEMLIMIT)
	if !ok {
		return malformedGOMEMLIMIT(mc.cfg.GOMEMLIMIT)
	}
	mc.gc.sweep.g, mc.gc.sweep.forcegcG = nilIdx, nilIdx
	mc.gc.starter = nilIdx
	for i := range mc.allg {
		switch mc.allg[i].system {
		case waitReasonGCSweepWait:
			mc.gc.sweep.g = int32(i)
		case waitReasonForceGCIdle:
			mc.gc.sweep.forcegcG = int32(i)
		}
	}
	mc.gc.sweep.parked = true
	mc.gc.rtLive += runtimeHeapBytes
	// The runtime's own start-up allocations are scannable heap to the
	// pacer, as every allocation before the first mark is (update).
	mc.gc.ctl.heapScan = runtimeHeapBytes
	mc.gc.ctl.init(readGOGC(mc.cfg.GOGC), limit, mc.memSnapshot())
	return nil
}

// malformedGOMEMLIMIT is the runtime's throw at start (readGOMEMLIMIT).
func malformedGOMEMLIMIT(s string) error {
	return &StartError{Msg: "GOMEMLIMIT=" + s + "\nfatal error: malformed GOMEMLIMIT; see `go doc runtime/debug.SetMemoryLimit`"}
}

// StartError is New's error when the program would die as it starts, as
// Go's runtime does on a malformed GOMEMLIMIT: Msg is what Go prints, and
// the exit status is 2.
type StartError struct{ Msg string }

func (e *StartError) Error() string { return e.Msg }

// heapLive is gcController.heapLive: the heap the last cycle marked plus
// everything allocated since.
func (mc *Machine) heapLive() uint64 {
	return mc.gc.ctl.heapMarked + mc.vm.HeapStats().Alloc - mc.gc.allocBase
}

// gcTriggerTest reports whether a cycle of kind should start now, cycle n
// for gcTriggerCycle (mgc.go: gcTrigger.test).
func (mc *Machine) gcTriggerTest(kind gcTriggerKind, n uint32) bool {
	if !mc.gcOn() || mc.exit != nil || mc.gc.phase != _GCoff {
		return false
	}
	switch kind {
	case gcTriggerHeap:
		trigger, _ := mc.gc.ctl.trigger(mc.memSnapshot())
		return mc.heapLive() >= trigger
	case gcTriggerTime:
		if mc.gc.ctl.gcPercent < 0 {
			return false
		}
		last := mc.gc.stats.lastGC
		return last != 0 && mc.now-last > forcegcperiod
	case gcTriggerCycle:
		return int32(n-mc.gc.cycles) > 0
	}
	return true
}

// setAllocLimit tells the interpreter where G gi must stop allocating
// before it runs (malloc.go: mallocgc's two checks): while marking, where
// its assist credit runs out (deductAssistCredit); otherwise where the
// heap reaches the trigger (the gcTrigger test at the end of mallocgc).
// A G asked to stop stops at its next allocation: makeslice, growslice
// and newobject are calls whose prologue checks stackguard0.
func (mc *Machine) setAllocLimit(gi int32) {
	alloc := mc.vm.HeapStats().Alloc
	var limit uint64
	switch {
	case mc.allg[gi].stackguard0 == stackPreempt:
		limit = alloc + 1
	case mc.gc.blackenEnabled:
		limit = alloc + 1
		if c := mc.allg[gi].gcAssistBytes; c > 0 {
			limit += uint64(c)
		}
	case mc.gc.phase == _GCoff:
		trigger, _ := mc.gc.ctl.trigger(mc.memSnapshot())
		if live := mc.heapLive(); live < trigger {
			limit = alloc + (trigger - live)
		} else {
			limit = alloc + 1
		}
	}
	mc.vm.SetAllocLimit(limit)
}

// chargeAlloc debits what G gi allocated in its last run from its assist
// credit (deductAssistCredit), while assists are on.
func (mc *Machine) chargeAlloc(gi int32, before uint64) {
	if mc.gc.blackenEnabled {
		mc.allg[gi].gcAssistBytes -= int64(mc.vm.HeapStats().Alloc - before)
	}
}

// mallocgc is the end of an allocation that stopped the running G of M
// mi (vm.StopAlloc): an assist if the G is in debt while marking, a new
// cycle if the heap reached the trigger, or nothing.
func (mc *Machine) mallocgc(mi int32) {
	gi := mc.allm[mi].curg
	switch {
	case mc.allg[gi].stackguard0 == stackPreempt:
		mc.preemptAtCall(mi, "runtime.mallocgc")
	case mc.gc.blackenEnabled && mc.allg[gi].gcAssistBytes < 0:
		mc.gcAssistAlloc(mi)
	case mc.gcTriggerTest(gcTriggerHeap, 0):
		mc.gcStart(mi, gcTriggerHeap, 0)
	default:
		mc.continueG(mi, 0)
	}
}

// ---- gcStart -----------------------------------------------------------------

// gcStart starts a cycle from the running G of M mi (mgc.go: gcStart): the
// trigger is checked again, the first cycle starts the mark workers, then
// the world stops for sweep termination. The G goes on when the mark
// phase has begun.
func (mc *Machine) gcStart(mi int32, kind gcTriggerKind, n uint32) {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	G.rtRet = G.rt
	G.rt = rtState{kind: rtGCStart, trig: kind, cycle: n}
	mc.gcStartStep(mi)
}

// gcStartStep goes on with gcStart on M mi's G.
func (mc *Machine) gcStartStep(mi int32) {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	R := &G.rt
	switch R.step {
	case 0:
		// semacquire(&work.startSema): one gcStart at a time; the others
		// wait, then find the condition gone.
		if mc.gc.starter != nilIdx && mc.gc.starter != gi {
			mc.gc.startWaiters = append(mc.gc.startWaiters, gi)
			mc.gopark(mi, waitReasonSemacquire, mc.gpos(gi))
			return
		}
		// Re-check the transition condition (under work.startSema).
		if !mc.gcTriggerTest(R.trig, R.cycle) {
			mc.gcStartRelease(mi)
			mc.rtReturn(mi)
			return
		}
		mc.gc.starter = gi
		R.step = 1
		mc.gc.userForced = R.trig == gcTriggerCycle
		mc.gc.periodic = R.trig == gcTriggerTime
		mc.acc += mc.finishSweep() + CostGCStart
		if ev := mc.emit(EvGCStart, mi, mc.allm[mi].p, G.goid, int64(R.trig), int64(mc.gc.cycles+1)); mc.cfg.Why {
			ev.Pos = mc.gpos(gi)
			ev.Why = mc.gcStartWhy(R.trig)
		}
		if mc.rtElapse(mi) {
			return
		}
		fallthrough
	case 1:
		// gcBgMarkStartWorkers: one worker per P, each waited for.
		if mc.gc.workers < int32(len(mc.allp)) {
			mc.gcBgMarkStartWorker(mi)
			return
		}
		R.step = 2
		fallthrough
	case 2:
		R.step = 3
		mc.gcResetMarkState()
		mc.gc.heap0 = mc.heapLive()
		mc.gc.pauseNS = 0
		mc.gc.stwprocs, mc.gc.maxprocs = int32(min(len(mc.allp), mc.cfg.NCPU)), int32(len(mc.allp))
		mc.gc.tSweepTerm = mc.now
		if !mc.stopTheWorldWithSema(mi, stwGCSweepTerm) {
			return // the last gcstopm wakes this M
		}
		fallthrough
	case 3:
		if !mc.worldStopped(mi) {
			return
		}
		mc.gcStartMark(mi)
		mc.startTheWorldWithSema(mi)
		mc.gc.tMark = mc.now + mc.acc
		mc.gcStartRelease(mi)
		mc.rtReturn(mi)
	}
}

// gcResetMarkState clears every G's assist credit before a cycle's mark
// (mgc.go: gcResetMarkState, which gcStart calls before the stop): what a
// G earned or owed in the last cycle does not carry over, so a G that a
// windfall assist left with megabytes of credit (revise's floor) pays its
// share again in the next mark.
func (mc *Machine) gcResetMarkState() {
	for i := range mc.allg {
		mc.allg[i].gcAssistBytes = 0
	}
}

// gcStartRelease is semrelease(&work.startSema) by M mi's G: the first
// waiter, if any, is readied into its P's runnext.
func (mc *Machine) gcStartRelease(mi int32) {
	if mc.gc.starter == mc.allm[mi].curg {
		mc.gc.starter = nilIdx
	}
	if mc.gc.starter != nilIdx || len(mc.gc.startWaiters) == 0 {
		return
	}
	gi := mc.gc.startWaiters[0]
	mc.gc.startWaiters = mc.gc.startWaiters[1:]
	mc.ready(gi, mc.allm[mi].p, "semrelease(&work.startSema): gcStart is done")
}

func (mc *Machine) gcStartWhy(kind gcTriggerKind) string {
	switch kind {
	case gcTriggerHeap:
		trigger, goal := mc.gc.ctl.trigger(mc.memSnapshot())
		return mc.why().s("the heap reached the trigger (").s(fmtMB(mc.heapLive())).s(" ≥ ").s(fmtMB(trigger)).s(", goal ").s(fmtMB(goal)).
			s("): this allocation starts a cycle (mallocgc → gcStart)").str()
	case gcTriggerTime:
		return "no cycle for over two minutes (forcegcperiod): the forcegc helper starts one"
	}
	return "runtime.GC: a full cycle, waited for (gcTriggerCycle)"
}

// gcStartMark is gcStart with the world stopped: finish sweeping, start
// the cycle's counters and the pacer, measure what the mark must scan,
// and turn the write barrier and assists on.
func (mc *Machine) gcStartMark(mi int32) {
	W := &mc.gc
	mc.acc += CostSTWSweepTerm
	W.cycles++
	now := mc.now + mc.acc
	// What the mark must scan (markroot: the stacks and the globals;
	// gcDrain: the live heap's pointers), found by marking from the
	// roots at once; the workers and assists then spend its CPU time.
	W.live = mc.gcCollect()
	W.stackScan = mc.stackScan()
	W.ctl.globalsScan = runtimeGlobalsBytes + uint64(mc.prog.Globals)*8
	W.live.Bytes += W.rtLive
	W.live.ScanBytes += W.rtLive
	W.markWork = int64(W.live.ScanBytes) + W.stackScan + int64(W.ctl.globalsScan)
	W.nsPerWork = 1000.0 / GCScanBytesPerUs
	if W.markWork > 0 {
		W.nsPerWork = float64(markCPU(int64(W.live.ScanObjects), W.markWork)) / float64(W.markWork)
	}
	hs := mc.vm.HeapStats()
	W.allocMark = hs.Alloc
	// The pacer's scannable heap is not what the mark will scan: it is the
	// last mark's heap scan work plus the pointer-holding bytes allocated
	// while no mark was on (gcControllerState.update adds dHeapScan only
	// while gcBlackenEnabled is 0). What the last mark allocated black is
	// live and scanned now, but not in it: a growing heap's work passes
	// the pacer's worst case (revise), see gcAssistAlloc.
	W.ctl.heapScan += hs.ScanAlloc - W.scanBase
	W.ctl.maxStackScan = uint64(mc.stackInUse())
	W.ctl.startCycle(now, mc.gcStartCycleWorkers(W.periodic), mc.memSnapshot())
	for i := range mc.allp {
		mc.allp[i].gcFractionalMarkTime = 0
	}
	W.phase = _GCmark
	mc.vm.SetWriteBarrier(CostWriteBarrier * 1000) // in ps
	W.busy = 0
	W.blackenEnabled = true
	mc.gc.stats.pause(mc, mc.gc.stw.start)
}

// ---- gcMarkDone and gcMarkTermination -----------------------------------------------

// gcMarkDone ends the mark from the running G of M mi, which found no
// work left (mgc.go: gcMarkDone): it stops the world (mark termination)
// and finishes the cycle. The G goes on (a worker parks) when the world
// starts again.
func (mc *Machine) gcMarkDone(mi int32) {
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	G.rtRet = G.rt
	G.rt = rtState{kind: rtMarkDone}
	mc.gcMarkDoneStep(mi)
}

func (mc *Machine) gcMarkDoneStep(mi int32) {
	gi := mc.allm[mi].curg
	R := &mc.allg[gi].rt
	switch R.step {
	case 0:
		if mc.gc.phase != _GCmark || mc.gc.busy != 0 || mc.gc.markWork != 0 || mc.gc.stw.active {
			mc.rtReturn(mi)
			return
		}
		R.step = 2
		mc.acc += CostGCMarkDone
		if ev := mc.emit(EvGCMarkDone, mi, mc.allm[mi].p, mc.goidOf(gi), mc.gc.ctl.heapScanWork+mc.gc.ctl.stackScanWork+mc.gc.ctl.globalsScanWork, 0); mc.cfg.Why {
			ev.Why = mc.why().s("no mark work is left and no worker or assist holds any (gcIsMarkDone): G").i(mc.goidOf(gi)).
				s(" ends the mark and stops the world for mark termination").str()
		}
		if mc.rtElapse(mi) {
			return // the ragged barrier's time; the mark may restart meanwhile
		}
		fallthrough
	case 2:
		if mc.gc.phase != _GCmark || mc.gc.busy != 0 || mc.gc.markWork != 0 || mc.gc.stw.active {
			mc.rtReturn(mi)
			return
		}
		R.step = 1
		mc.gc.tMarkTerm = mc.now
		if !mc.stopTheWorldWithSema(mi, stwGCMarkTerm) {
			return
		}
		fallthrough
	case 1:
		if !mc.worldStopped(mi) {
			return
		}
		mc.gcMarkTermination(mi)
		mc.rtReturn(mi)
	}
}

// gcMarkTermination finishes the cycle with the world stopped and starts
// it again (mgc.go: gcMarkDone's end, gcMarkTermination).
func (mc *Machine) gcMarkTermination(mi int32) {
	W := &mc.gc
	now := mc.now + mc.acc
	W.blackenEnabled = false
	W.phase = _GCmarktermination
	mc.gcWakeAllAssists(mi)
	// The scan work done, heap first in the counters, split as gcDrain
	// and markroot account it.
	W.ctl.stackScanWork = W.stackScan
	W.ctl.globalsScanWork = int64(W.ctl.globalsScan)
	W.ctl.heapScanWork -= W.stackScan + int64(W.ctl.globalsScan)
	W.ctl.endCycle(now, len(mc.allp), mc.memSnapshot())
	W.heap1 = mc.heapLive()
	// gcMark: what the mark retained: the heap live at its start, what
	// was allocated during it (black) and the runtime's own objects.
	alloc := mc.vm.HeapStats().Alloc
	marked := W.live.Bytes + (alloc - W.allocMark)
	W.heap2 = marked
	W.ctl.resetLive(marked)
	W.allocBase = alloc
	W.scanBase = mc.vm.HeapStats().ScanAlloc
	mc.acc += CostSTWMarkTerm
	W.phase = _GCoff
	mc.vm.SetWriteBarrier(0)
	mc.gcSweep(mi)
	W.ctl.commit(false, mc.memSnapshot())
	now = mc.now + mc.acc
	W.tEnd = now
	W.stats.markTermination(mc, now)
	if len(W.sweepWaiters) > 0 {
		list := W.sweepWaiters
		W.sweepWaiters = nil
		mc.injectglist(mi, list)
	}
	trigger, goal := W.ctl.trigger(mc.memSnapshot())
	ev := mc.emit(EvGCMarkTermination, mi, mc.allm[mi].p, mc.goidOf(mc.allm[mi].curg), int64(marked), int64(goal))
	ev.Text = mc.gctrace()
	if mc.cfg.Why {
		ev.Why = mc.why().s("mark termination: ").s(fmtMB(marked)).s(" marked live, so the next goal is ").s(fmtMB(goal)).
			s(" (GOGC=").s(gogcString(W.ctl.gcPercent)).s(") and the next cycle starts at ").s(fmtMB(trigger)).
			s("; sweeping starts (bgsweep is readied)").str()
	}
	mc.startTheWorldWithSema(mi)
}

// gogcString is GOGC as the environment says it.
func gogcString(p int32) string {
	if p < 0 {
		return "off"
	}
	return vm.Itoa(int64(p))
}

// fmtMB formats bytes as MB with one decimal, as the whys say sizes.
func fmtMB(b uint64) string {
	tenths := (b*10 + 1<<19) >> 20
	return vm.Itoa(int64(tenths/10)) + "." + vm.Itoa(int64(tenths%10)) + " MB"
}

// ---- runtime.GC ----------------------------------------------------------------

// runtimeGC is runtime.GC() by the running G of M mi (mgc.go: GC): wait
// for the mark in progress (cycle n), start cycle n+1 and wait for its
// mark to end, then sweep with the others until sweeping is done.
func (mc *Machine) runtimeGC(mi int32) {
	if !mc.gcOn() {
		mc.continueG(mi, 0)
		return
	}
	gi := mc.allm[mi].curg
	G := &mc.allg[gi]
	G.rt = rtState{kind: rtGC, cycle: mc.gc.cycles}
	mc.runtimeGCStep(mi)
}

func (mc *Machine) runtimeGCStep(mi int32) {
	gi := mc.allm[mi].curg
	R := &mc.allg[gi].rt
	n := R.cycle
	switch R.step {
	case 0:
		R.step = 1
		if mc.gcWaitOnMark(mi, n) {
			return
		}
		fallthrough
	case 1:
		R.step = 2
		mc.gcStart(mi, gcTriggerCycle, n+1)
		return
	case 2:
		R.step = 3
		if mc.gcWaitOnMark(mi, n+1) {
			return
		}
		fallthrough
	case 3:
		// Help sweep cycle n+1 (one span, then Gosched), then wait for the
		// other sweepers the same way.
		if mc.gc.cycles == n+1 && !mc.gc.sweep.done() {
			mc.acc += mc.sweepSome(1)
			mc.goschedBy(mi, false, mc.gpos(gi), "runtime.GC sweeps one span, then Gosched")
			return
		}
		mc.rtReturn(mi)
	}
}

// gcWaitOnMark parks the running G of M mi until the mark of cycle n
// has ended, if it has not (mgc.go: gcWaitOnMark); it reports whether it
// parked.
func (mc *Machine) gcWaitOnMark(mi int32, n uint32) bool {
	nMarks := mc.gc.cycles
	if mc.gc.phase != _GCmark {
		nMarks++
	}
	if nMarks > n {
		return false
	}
	gi := mc.allm[mi].curg
	mc.gc.sweepWaiters = append(mc.gc.sweepWaiters, gi)
	mc.gopark(mi, waitReasonWaitForGCCycle, mc.gpos(gi))
	return true
}

// ---- debug.SetGCPercent, debug.SetMemoryLimit ----------------------------------

// setGCParam is debug.SetGCPercent(v) or debug.SetMemoryLimit(v) (rt) by
// the running G of M mi (mgcpacer.go: setGCPercent, setMemoryLimit,
// gcControllerCommit): it pushes the old value; the new goal and trigger
// hold from the next allocation. SetGCPercent(-1) waits for a mark in
// progress to end (gcWaitOnMark). Without the gc layer the values are
// kept but nothing collects.
func (mc *Machine) setGCParam(mi int32, rt int32, v int64, pos vm.Pos) {
	M := &mc.allm[mi]
	gi := M.curg
	G := &mc.allg[gi]
	C := &mc.gc.ctl
	var old int64
	name := "SetGCPercent"
	if rt == vm.RtSetGCPercent {
		old = int64(C.setGCPercent(int32(v)))
		mc.gcControllerCommit()
	} else {
		name = "SetMemoryLimit"
		old = C.setMemoryLimit(v)
		if v >= 0 && old != v {
			mc.gcControllerCommit()
		}
	}
	mc.push(G, vm.Value{I: old})
	kind := EvSetGCPercent
	if rt == vm.RtSetMemoryLimit {
		kind = EvSetMemoryLimit
	}
	if ev := mc.emit(kind, mi, M.p, G.goid, v, old); mc.cfg.Why {
		ev.Pos = pos
		trigger, goal := C.trigger(mc.memSnapshot())
		ev.Why = mc.why().s("debug.").s(name).s(": the pacer recomputes the goal (").s(fmtMB(goal)).s(") and the trigger (").s(fmtMB(trigger)).
			s(") at once (gcControllerCommit); the heap is ").s(fmtMB(mc.heapLive())).str()
	}
	if rt == vm.RtSetGCPercent && v < 0 && mc.gcOn() && mc.gcWaitOnMark(mi, mc.gc.cycles) {
		return
	}
	mc.continueG(mi, 0)
}

// gcControllerCommit is commit with the sweep's state, and revise while
// marking (mgcpacer.go: gcControllerCommit).
func (mc *Machine) gcControllerCommit() {
	mc.gc.ctl.commit(mc.gc.sweep.done(), mc.memSnapshot())
	if mc.gc.phase != _GCoff {
		mc.gc.ctl.revise(mc.memSnapshot())
	}
}

// ---- runtime procedures on a G --------------------------------------------------

// rtKind is the runtime procedure a G is inside, which its M goes on with
// when it runs the G, instead of the G's Go code.
type rtKind uint8

const (
	rtNone       rtKind = iota
	rtGCStart           // gcStart
	rtMarkDone          // gcMarkDone, gcMarkTermination
	rtAssist            // gcAssistAlloc
	rtGC                // runtime.GC
	rtMarkWorker        // gcBgMarkWorker's loop
	rtSweep             // bgsweep's loop
	rtForceGC           // forcegchelper
)

// rtState is where a G is in a runtime procedure.
type rtState struct {
	kind  rtKind
	step  uint8
	trig  gcTriggerKind
	cycle uint32
	// A burst of marking (a worker's chunk, an assist): when it started,
	// when it ends and the scan work claimed for it.
	start, end, claimed int64
	owed                int64 // an assist's scan work still to do
	debt                int64 // the bytes it allocated past its credit
	peer                int32 // a new worker: the G gcStart that waits for it
}

// rtStep goes on with the runtime procedure M mi's G is inside.
func (mc *Machine) rtStep(mi int32) {
	G := &mc.allg[mc.allm[mi].curg]
	switch G.rt.kind {
	case rtGCStart:
		mc.gcStartStep(mi)
	case rtMarkDone:
		mc.gcMarkDoneStep(mi)
	case rtAssist:
		mc.gcAssistStep(mi)
	case rtGC:
		mc.runtimeGCStep(mi)
	case rtMarkWorker:
		mc.gcBgMarkWorkerStep(mi)
	case rtSweep:
		mc.bgsweepStep(mi)
	case rtForceGC:
		mc.forcegchelperStep(mi)
	default:
		panic("rtStep: G" + vm.Itoa(G.goid) + " is in no runtime procedure")
	}
}

// rtElapse lets the time M mi's G spent so far in its procedure (mc.acc)
// pass before the procedure's next step: it reports whether the M must
// wait for it (the step then runs when the M next acts).
func (mc *Machine) rtElapse(mi int32) bool {
	if mc.acc == 0 {
		return false
	}
	M := &mc.allm[mi]
	M.workEnd = mc.now + mc.acc
	mc.acc = 0
	mc.setWhen(mi, M.workEnd)
	return true
}

// rtReturn ends the procedure M mi's G is in: it goes back to the one it
// was called from, or to the G's own loop (a system goroutine) or code.
func (mc *Machine) rtReturn(mi int32) {
	G := &mc.allg[mc.allm[mi].curg]
	G.rt, G.rtRet = G.rtRet, rtState{}
	if G.rt.kind != rtNone {
		mc.rtStep(mi)
		return
	}
	mc.continueG(mi, 0)
}
