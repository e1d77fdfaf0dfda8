//go:build ignore

// gcload: what the garbage collector takes from a service's goroutines, in
// runtime/metrics. Eight goroutines allocate short-lived memory while
// computing; the program prints the GC cycles, the stop-the-world pauses
// (two per cycle: runtime/mgc.go stops the world to start marking and to
// end it), and the CPU time the allocating goroutines spent in mark
// assists, marking for the collector before they could allocate
// (runtime/mgcmark.go: gcAssistAlloc). Lesson 07, "Is it the scheduler?":
//
//	go build -o gcload lessons/07-production/real/gcload.go
//	GOGC=100 ./gcload
//	GOGC=10 ./gcload
package main

import (
	"fmt"
	"runtime/metrics"
	"sync"
)

var sink [8][]byte

func main() {
	s := []metrics.Sample{
		{Name: "/gc/cycles/total:gc-cycles"},
		{Name: "/sched/pauses/total/gc:seconds"},
		{Name: "/cpu/classes/gc/mark/assist:cpu-seconds"},
		{Name: "/gc/gogc:percent"},
	}
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			keep := make([][]byte, 256) // a live set for the marker to walk
			for j := 0; j < 10000; j++ {
				b := make([]byte, 4096)
				b[0] = byte(j)
				keep[j%len(keep)] = b
				sink[i] = b
			}
		}()
	}
	wg.Wait()
	metrics.Read(s)
	var pauses uint64
	for _, c := range s[1].Value.Float64Histogram().Counts {
		pauses += c
	}
	fmt.Printf("GOGC %d: %d GC cycles, %d stop-the-world pauses (/sched/pauses/total/gc:seconds), %.6f s of mark assists\n",
		s[3].Value.Uint64(), s[0].Value.Uint64(), pauses, s[2].Value.Float64())
}
