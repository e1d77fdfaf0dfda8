package runtime

import (
	"math"

	"github.com/gmplab/gmplab/vm"
)

// runtime.ReadMemStats and runtime/metrics.Read (mstats.go: readmemstats_m;
// metrics.go: the metrics table), fed from the model's heap accounting
// (vm.HeapStats, the sweep's frees, the pacer's goal) and the gc layer's
// cycle records (gcStats). The program's stub (lang/stubs/runtime)
// reads one field or sample per OpRuntime.
//
// Simplified (docs/assumptions.md): ReadMemStats stops no P (Go's stops
// the world): its caller is charged CostReadMemStats, what the stop, the
// read and the start cost when there is nothing to wait for, and the
// other Ps run on; the heap has no
// idle or released spans (the scavenger is not modelled and a sweep frees
// memory at once), so HeapSys = HeapInuse = HeapAlloc; Frees counts
// objects from the bytes the sweep freed at the heap's mean object size;
// the runtime's own structures (MSpan, MCache, GC metadata, BuckHash,
// OtherSys) are one figure, in Sys only; BySize is left zero. Without the
// gc layer nothing is ever freed: NumGC is 0, HeapAlloc is TotalAlloc,
// NextGC and /gc/heap/goal:bytes are 0.

// memStat is MemStats' field name (element i of PauseNs and PauseEnd);
// a float64's bits for GCCPUFraction, 1 for true.
func (mc *Machine) memStat(name string, i int64) uint64 {
	hs := mc.vm.HeapStats()
	S := &mc.gc.stats
	mem := mc.memSnapshot()
	frees := mc.heapFrees()
	unixNano := func(t int64) uint64 {
		if t == 0 {
			return 0
		}
		return uint64(vm.EpochUnix*1e9 + t)
	}
	switch name {
	case "Alloc", "HeapAlloc", "HeapSys", "HeapInuse":
		return mem.heapAlloc
	case "TotalAlloc":
		return hs.Alloc
	case "Sys":
		return mem.mappedReady
	case "Mallocs":
		return hs.Mallocs
	case "Frees":
		return frees
	case "HeapObjects":
		return hs.Mallocs - frees
	case "StackInuse", "StackSys":
		return uint64(mc.stackInUse())
	case "NextGC":
		return mc.HeapGoal()
	case "LastGC":
		return unixNano(S.lastGC)
	case "PauseTotalNs":
		return uint64(S.pauseTotal)
	case "PauseNs":
		return uint64(S.pauseNs[i%256])
	case "PauseEnd":
		return unixNano(S.pauseEnd[i%256])
	case "NumGC":
		return uint64(S.numgc)
	case "NumForcedGC":
		return uint64(S.numForced)
	case "GCCPUFraction":
		return math.Float64bits(S.gcCPUFraction)
	case "EnableGC":
		return 1
	}
	return 0
}

// heapFrees is the objects the sweeps have freed: the bytes freed at the
// heap's mean object size.
func (mc *Machine) heapFrees() uint64 {
	hs := mc.vm.HeapStats()
	if hs.Alloc == 0 {
		return 0
	}
	return uint64(float64(mc.gc.stats.totalFree) * float64(hs.Mallocs) / float64(hs.Alloc))
}

// The kinds of runtime/metrics.Value (metrics/value.go: ValueKind).
const (
	metricKindBad = iota
	metricKindUint64
	metricKindFloat64
)

// metric is the sample of runtime/metrics name: its kind and value (a
// float64's bits); KindBad for a name the model does not give.
func (mc *Machine) metric(name string) (kind int64, v uint64) {
	u := func(x uint64) (int64, uint64) { return metricKindUint64, x }
	hs := mc.vm.HeapStats()
	S := &mc.gc.stats
	C := &mc.gc.ctl
	switch name {
	case "/gc/cycles/total:gc-cycles":
		return u(uint64(S.numgc))
	case "/gc/cycles/forced:gc-cycles":
		return u(uint64(S.numForced))
	case "/gc/cycles/automatic:gc-cycles":
		return u(uint64(S.numgc - S.numForced))
	case "/gc/heap/allocs:bytes":
		return u(hs.Alloc)
	case "/gc/heap/allocs:objects":
		return u(hs.Mallocs)
	case "/gc/heap/frees:bytes":
		return u(S.totalFree)
	case "/gc/heap/frees:objects":
		return u(mc.heapFrees())
	case "/gc/heap/objects:objects":
		return u(hs.Mallocs - mc.heapFrees())
	case "/memory/classes/heap/objects:bytes":
		return u(mc.memSnapshot().heapAlloc)
	case "/gc/heap/goal:bytes":
		return u(mc.HeapGoal())
	case "/gc/heap/live:bytes":
		return u(C.heapMarked)
	case "/gc/gogc:percent":
		return u(uint64(max(C.gcPercent, 0)))
	case "/gc/gomemlimit:bytes":
		return u(uint64(C.memoryLimit))
	case "/sched/gomaxprocs:threads":
		return u(uint64(len(mc.allp)))
	case "/sched/threads/total:threads":
		return u(uint64(mc.mcount()))
	case "/sched/goroutines:goroutines", "/sched/goroutines/running:goroutines",
		"/sched/goroutines/runnable:goroutines", "/sched/goroutines/waiting:goroutines",
		"/sched/goroutines/not-in-go:goroutines":
		var total, running, runnable, waiting, syscall uint64
		for i := range mc.allg {
			G := &mc.allg[i]
			if G.status == _Gdead || G.system != 0 {
				continue
			}
			total++
			switch G.status {
			case _Grunning:
				running++
			case _Grunnable:
				runnable++
			case _Gwaiting:
				waiting++
			case _Gsyscall:
				syscall++
			}
		}
		return u(map[string]uint64{
			"/sched/goroutines:goroutines":           total,
			"/sched/goroutines/running:goroutines":   running,
			"/sched/goroutines/runnable:goroutines":  runnable,
			"/sched/goroutines/waiting:goroutines":   waiting,
			"/sched/goroutines/not-in-go:goroutines": syscall,
		}[name])
	case "/cpu/classes/gc/total:cpu-seconds":
		return metricKindFloat64, math.Float64bits(float64(S.gcTotal()) / 1e9)
	}
	return metricKindBad, 0
}
