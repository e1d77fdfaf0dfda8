// latency: goroutines allocate while one is latency-sensitive. Two
// workers replace nodes of a 4 MB live set (nodes of pointers) and make
// garbage, so the collector runs often; a server goroutine handles 4,000
// requests, each building a 4 KB response, and times each one. While the
// collector marks, the server's allocations are charged mark assists and
// it shares its P with mark workers, so its slowest requests are much
// slower: the program prints the 99th percentile of the request times
// with the collector, then with GOGC=off (debug.SetGCPercent(-1)).
package main

import (
	"fmt"
	"runtime/debug"
	"slices"
	"sync"
	"time"
)

type node struct {
	next *node
	pad  [7]int
}

var ring = make([]*node, 64_000) // 64,000 × 64 B = 4 MB live
var anchor = &node{}
var sinks [2][]int
var response []int

func work(id int, stop *bool, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; !*stop; i++ {
		k := (i*2 + id) % len(ring)
		ring[k] = &node{next: anchor}
		sinks[id] = make([]int, 64)
	}
}

// serve handles n requests while the workers run and returns the 99th
// percentile of their times.
func serve(n int) time.Duration {
	stop := false
	var wg sync.WaitGroup
	for id := 0; id < 2; id++ {
		wg.Add(1)
		go work(id, &stop, &wg)
	}
	times := make([]time.Duration, n)
	for i := range times {
		t0 := time.Now()
		response = make([]int, 512)
		for j := range response {
			response[j] = i + j
		}
		times[i] = time.Since(t0)
	}
	stop = true
	wg.Wait()
	slices.Sort(times)
	return times[n*99/100]
}

func main() {
	for i := range ring {
		ring[i] = &node{next: anchor}
	}
	withGC := serve(4_000)
	debug.SetGCPercent(-1)
	withoutGC := serve(4_000)
	fmt.Println("p99 request time with the collector:", withGC, "without:", withoutGC)
}
