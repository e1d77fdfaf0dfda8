//go:build ignore

// runtime.ReadMemStats and runtime/metrics.Read around a growing heap and
// a forced cycle: 4 MB of 1 KB objects kept (the heap passes the 4 MB
// minimum goal, so the pacer starts cycles), then dropped and
// runtime.GC(). Each line is "name value" for TestMemStats.
package main

import (
	"fmt"
	"runtime"
	"runtime/metrics"
)

var keep [][]byte

func main() {
	var m0, m1, m2 runtime.MemStats
	runtime.ReadMemStats(&m0)
	for i := 0; i < 4096; i++ {
		keep = append(keep, make([]byte, 1024))
	}
	runtime.ReadMemStats(&m1)
	fmt.Println("grown.NumGC", m1.NumGC-m0.NumGC)
	fmt.Println("grown.HeapAlloc", m1.HeapAlloc)
	fmt.Println("grown.TotalAlloc", m1.TotalAlloc-m0.TotalAlloc)
	fmt.Println("grown.Mallocs", m1.Mallocs-m0.Mallocs)
	fmt.Println("grown.NextGC", m1.NextGC)

	keep = nil
	runtime.GC()
	runtime.ReadMemStats(&m2)
	fmt.Println("gc.NumGC", m2.NumGC-m1.NumGC)
	fmt.Println("gc.NumForcedGC", m2.NumForcedGC)
	fmt.Println("gc.HeapAlloc", m2.HeapAlloc)
	fmt.Println("gc.HeapObjects", m2.HeapObjects)
	fmt.Println("gc.Frees", m2.Frees-m1.Frees)
	fmt.Println("gc.NextGC", m2.NextGC)
	fmt.Println("gc.PauseTotalNs", m2.PauseTotalNs)
	fmt.Println("gc.LastPauseNs", m2.PauseNs[(m2.NumGC+255)%256])
	fmt.Println("gc.LastGCAfterStart", m2.LastGC > 1e18)
	fmt.Println("gc.GCCPUFraction", m2.GCCPUFraction > 0 && m2.GCCPUFraction < 1)

	s := []metrics.Sample{
		{Name: "/gc/heap/goal:bytes"},
		{Name: "/gc/cycles/total:gc-cycles"},
		{Name: "/gc/cycles/forced:gc-cycles"},
		{Name: "/gc/heap/allocs:bytes"},
		{Name: "/sched/goroutines/running:goroutines"},
		{Name: "/sched/gomaxprocs:threads"},
		{Name: "/no/such:metric"},
	}
	metrics.Read(s)
	for _, x := range s {
		switch x.Value.Kind() {
		case metrics.KindUint64:
			fmt.Println(x.Name, x.Value.Uint64())
		case metrics.KindBad:
			fmt.Println(x.Name, "KindBad")
		}
	}
	fmt.Println("metrics.goal=NextGC", s[0].Value.Uint64() == m2.NextGC)
	fmt.Println("metrics.cycles=NumGC", s[1].Value.Uint64() == uint64(m2.NumGC))
}
