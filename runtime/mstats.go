package runtime

import "strconv"

// Memory statistics (mstats.go: memstats, cpuStats; mgc.go's gctrace)
// from the model: what GODEBUG=gctrace=1 reports, and the memory
// GOMEMLIMIT is held against. runtime.ReadMemStats and runtime/metrics
// read them through readmemstats.go.
//
// The runtime's own memory besides heap objects and stacks (span
// structures, GC bitmaps, profiling buckets, …) is runtimeSysBytes plus
// heapMetadataPercent of the heap, both measured on the real runtime (a
// program's Sys − HeapIdle − HeapAlloc − StackSys as its live heap grows
// from 0 to 256 MB; no test repeats the measurement).

const (
	// runtimeSysBytes: the runtime's memory beside the heap and the
	// stacks when the heap is empty (measured: 3.9 MB on linux/amd64).
	runtimeSysBytes = 3_870_000
	// heapMetadataPercent: per 100 bytes of heap (measured: 2.7).
	heapMetadataPermille = 27
	// g0StackBytes: an M's g0 stack (proc.go: allocm, 16 KB on linux).
	g0StackBytes = 16384
	// sizeofG and sizeofHchan are unsafe.Sizeof(g{}) and hchan's in Go
	// 1.26 on linux/amd64 (read from a binary's DWARF): malg and
	// makechan allocate them on the heap.
	sizeofG     = 456
	sizeofHchan = 112
	// runtimeGlobalsBytes: the globals and bss every cycle scans beside
	// the program's own, the runtime's data above all (measured with
	// GODEBUG=gcpacertrace=1 on a program that imports nothing: 146 KB of
	// globals work a cycle, 155 KB with fmt).
	runtimeGlobalsBytes = 146_000
	// runtimeHeapBytes: the heap the runtime allocates for itself at start,
	// all of it holding pointers (the same trace: 30 KB of heap work in a
	// cycle of a program whose own heap is empty).
	runtimeHeapBytes = 30_000
)

// gcStats is memstats' GC part and cpuStats (mstats.go).
type gcStats struct {
	numgc, numForced uint32
	lastGC           int64 // virtual time of the last cycle's end (last_gc_nanotime)
	pauseTotal       int64
	pauseNs          [256]int64
	pauseEnd         [256]int64
	totalFree        uint64 // bytes swept away (totalFree)
	gcCPUFraction    float64

	// cpuStats: CPU time in virtual ns since the start.
	assistTime, dedicatedTime, fractionalTime, idleTime, pauseTime int64
	totalTime, lastAccum                                           int64
}

// accumulate adds the time since the last call to totalTime, at the
// GOMAXPROCS in force (cpuStats.accumulate).
func (s *gcStats) accumulate(mc *Machine, now int64) {
	s.totalTime += (now - s.lastAccum) * int64(len(mc.allp))
	s.lastAccum = now
}

func (s *gcStats) assist(d int64) { s.assistTime += d }

func (s *gcStats) markWorker(mode gcMarkWorkerMode, d int64) {
	switch mode {
	case gcMarkWorkerDedicatedMode:
		s.dedicatedTime += d
	case gcMarkWorkerFractionalMode:
		s.fractionalTime += d
	case gcMarkWorkerIdleMode:
		s.idleTime += d
	}
}

// pause accounts a stop of the world that began at start (its CPU time:
// the pause on every P).
func (s *gcStats) pause(mc *Machine, start int64) {
	s.pauseTime += (mc.now + mc.acc - start) * int64(len(mc.allp))
}

// gcTotal is cpuStats.GCTotalTime.
func (s *gcStats) gcTotal() int64 {
	return s.assistTime + s.dedicatedTime + s.fractionalTime + s.idleTime + s.pauseTime
}

// markTermination records a cycle's end at now (gcMarkTermination's
// memstats updates).
func (s *gcStats) markTermination(mc *Machine, now int64) {
	W := &mc.gc
	s.pause(mc, W.stw.start)
	pauseNS := W.pauseNS + (now - W.stw.start)
	s.lastGC = now
	s.pauseNs[s.numgc%256] = pauseNS
	s.pauseEnd[s.numgc%256] = now
	s.pauseTotal += pauseNS
	s.accumulate(mc, now)
	if s.totalTime > 0 {
		s.gcCPUFraction = float64(s.gcTotal()-s.idleTime) / float64(s.totalTime)
	}
	if W.userForced {
		s.numForced++
	}
	s.numgc++
}

// CPUTime is the CPU time the program has used, in virtual ns: the time
// its Ms spent running Go code, the runtime's included, with a P (what
// getrusage reports for a real process, less the system calls' own time).
//
// Simplified: every P that is not idle counts as one CPU busy (a P whose
// M is blocked in a system call too); stopped Ps count as busy.
func (mc *Machine) CPUTime() int64 {
	return mc.cpuTime + (mc.now-mc.cpuMark)*int64(int32(len(mc.allp))-mc.sched.npidle)
}

// accountCPU brings cpuTime up to now, before the number of busy Ps
// changes (pidlepush, pidleget, procresize).
func (mc *Machine) accountCPU() {
	mc.cpuTime = mc.CPUTime()
	mc.cpuMark = mc.now
}

// HeapGoal is the collector's current heap goal in bytes (mgcpacer.go:
// gcControllerState.heapGoal); 0 without the gc layer.
func (mc *Machine) HeapGoal() uint64 {
	if !mc.gcOn() {
		return 0
	}
	return mc.gc.ctl.heapGoal(mc.memSnapshot())
}

// gcState is the collector's part of State; where learns where the Gs it
// holds are.
func (mc *Machine) gcState(where []string) *GCInfo {
	W := &mc.gc
	mem := mc.memSnapshot()
	trigger, goal := W.ctl.trigger(mem)
	g := &GCInfo{Phase: W.phase.String(), Cycles: W.cycles, HeapLive: mc.heapLive(), HeapMarked: W.ctl.heapMarked,
		Trigger: trigger, HeapGoal: goal, GOGC: W.ctl.gcPercent, MemoryLimit: W.ctl.memoryLimit,
		MarkWork: W.markWork, SweepLeft: W.sweep.left}
	if W.stw.active {
		g.STW, g.StopWait = W.stw.reason.String(), W.stw.stopwait
	}
	if W.blackenEnabled {
		g.DedicatedNeeded = W.ctl.dedicatedMarkWorkersNeeded
		g.FractionalPermille = int64(W.ctl.fractionalUtilizationGoal*1000 + 0.5)
	}
	// A P's worker from the moment findRunnableGCWorker chooses it (its
	// gcBgMarkWorker event, before it runs) until it stops.
	for i := range mc.allp {
		if P := &mc.allp[i]; P.gcMarkWorkerMode != gcMarkWorkerNotWorker {
			g.Workers = append(g.Workers, GCWorkerInfo{G: mc.goidOf(P.gcMarkWorker), P: int32(i), Mode: P.gcMarkWorkerMode.String()})
		}
	}
	for i := range mc.allg {
		if G := &mc.allg[i]; G.rt.kind == rtAssist && G.status == _Grunning {
			g.Assisting = append(g.Assisting, G.goid)
		}
	}
	for _, gi := range W.assistQ {
		g.AssistQueue = append(g.AssistQueue, mc.goidOf(gi))
		where[gi] = "GC assist queue"
	}
	for _, gi := range W.sweepWaiters {
		where[gi] = "waiting for the GC cycle (runtime.GC)"
	}
	for _, gi := range W.startWaiters {
		where[gi] = "waiting for another gcStart (work.startSema)"
	}
	for _, gi := range W.pool {
		where[gi] = "mark worker pool"
	}
	return g
}

// stackInUse is the stack memory the runtime holds: every G's stack and
// each M's g0 stack.
func (mc *Machine) stackInUse() int64 {
	return mc.stackBytes + int64(mc.mcount())*g0StackBytes
}

// setStackSize sets G gi's stack size and keeps the sum of all Gs' stack
// sizes (Machine.stackBytes), which the pacer reads before every run of a
// G: summing allg there made a run of many goroutines quadratic.
func (mc *Machine) setStackSize(gi int32, size int64) {
	mc.stackBytes += size - mc.allg[gi].stackSize
	mc.allg[gi].stackSize = size
}

// memSnapshot is the pacer's view of memory. The scavenger is not
// modelled: memory a sweep frees is returned at once, so none is free
// and mapped.
func (mc *Machine) memSnapshot() memSnapshot {
	heapAlloc := mc.vm.HeapStats().Alloc - mc.gc.stats.totalFree
	sys := uint64(runtimeSysBytes) + heapAlloc*heapMetadataPermille/1000 + uint64(mc.stackInUse())
	return memSnapshot{heapLive: mc.heapLive(), heapAlloc: heapAlloc, mappedReady: heapAlloc + sys}
}

// gctrace is the cycle's GODEBUG=gctrace=1 line (mgc.go:
// gcMarkTermination), without its newline:
//
//	gc 1 @0.012s 2%: 0.015+1.2+0.003 ms clock, 0.060+0.35/1.1/0.40+0.012 ms cpu, 4->4->0 MB, 4 MB goal, 0 MB stacks, 0 MB globals, 4 P
func (mc *Machine) gctrace() string {
	W := &mc.gc
	S := &W.stats
	C := &W.ctl
	b := make([]byte, 0, 160)
	b = append(b, "gc "...)
	b = strconv.AppendUint(b, uint64(S.numgc), 10)
	b = append(b, " @"...)
	b = itoaDiv(b, uint64(W.tSweepTerm)/1e6, 3)
	b = append(b, "s "...)
	b = strconv.AppendInt(b, int64(S.gcCPUFraction*100), 10)
	b = append(b, "%: "...)
	prev := W.tSweepTerm
	for i, ns := range []int64{W.tMark, W.tMarkTerm, W.tEnd} {
		if i != 0 {
			b = append(b, '+')
		}
		b = fmtNSAsMS(b, uint64(ns-prev))
		prev = ns
	}
	b = append(b, " ms clock, "...)
	for i, ns := range []int64{
		int64(W.stwprocs) * (W.tMark - W.tSweepTerm),
		C.assistTime,
		C.dedicatedMarkTime + C.fractionalMarkTime,
		C.idleMarkTime,
		int64(W.stwprocs) * (W.tEnd - W.tMarkTerm),
	} {
		switch {
		case i == 2 || i == 3:
			b = append(b, '/')
		case i != 0:
			b = append(b, '+')
		}
		b = fmtNSAsMS(b, uint64(ns))
	}
	b = append(b, " ms cpu, "...)
	b = strconv.AppendUint(b, W.heap0>>20, 10)
	b = append(b, "->"...)
	b = strconv.AppendUint(b, W.heap1>>20, 10)
	b = append(b, "->"...)
	b = strconv.AppendUint(b, W.heap2>>20, 10)
	b = append(b, " MB, "...)
	b = strconv.AppendUint(b, C.lastHeapGoal>>20, 10)
	b = append(b, " MB goal, "...)
	b = strconv.AppendUint(b, C.lastStackScan>>20, 10)
	b = append(b, " MB stacks, "...)
	b = strconv.AppendUint(b, C.globalsScan>>20, 10)
	b = append(b, " MB globals, "...)
	b = strconv.AppendInt(b, int64(W.maxprocs), 10)
	b = append(b, " P"...)
	if W.userForced {
		b = append(b, " (forced)"...)
	}
	return string(b)
}

// itoaDiv appends val/10^dec with dec decimals (mgc.go: itoaDiv).
func itoaDiv(b []byte, val uint64, dec int) []byte {
	var buf [24]byte
	i := len(buf) - 1
	idec := i - dec
	for val >= 10 || i >= idec {
		buf[i] = byte(val%10 + '0')
		i--
		if i == idec {
			buf[i] = '.'
			i--
		}
		val /= 10
	}
	buf[i] = byte(val + '0')
	return append(b, buf[i:]...)
}

// fmtNSAsMS appends ns as milliseconds: whole ones from 10 ms, else two
// significant digits with at most three decimals (mgc.go: fmtNSAsMS).
func fmtNSAsMS(b []byte, ns uint64) []byte {
	if ns >= 10e6 {
		return itoaDiv(b, ns/1e6, 0)
	}
	x := ns / 1e3
	if x == 0 {
		return append(b, '0')
	}
	dec := 3
	for x >= 100 {
		x /= 10
		dec--
	}
	return itoaDiv(b, x, dec)
}
