//go:build ignore

// service: a server whose slowest requests get slower while the garbage
// collector runs. Two workers keep replacing the nodes of a 4 MB cache
// (live pointers) and make garbage, so the heap reaches its trigger again
// and again; the server handles 2,000 requests, each building a 4 KB
// response, and times each one. While the collector marks, the server's
// allocations are charged mark assists and it shares the Ps with the
// mark workers; with the collector off (debug.SetGCPercent(-1)) the same
// requests run alone.
//
// Usage: service [GOGC [reuse]]: GOGC sets debug.SetGCPercent for the
// first half (100 by default); reuse builds every response in one buffer
// instead of allocating it.
package main

import (
	"fmt"
	"os"
	"runtime/debug"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"time"
)

type node struct {
	next *node
	pad  [7]int
}

var cache = make([]*node, 64_000) // 64,000 × 64 B = 4 MB live
var anchor = &node{}
var sinks [2][]int
var response []int

func work(id int, stop *atomic.Bool, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; !stop.Load(); i++ {
		cache[(i*2+id)%len(cache)] = &node{next: anchor}
		sinks[id] = make([]int, 64)
	}
}

// serve handles n requests while the workers run and returns the 99th
// percentile of their times.
func serve(n int, reuse bool) time.Duration {
	var stop atomic.Bool
	var wg sync.WaitGroup
	for id := 0; id < 2; id++ {
		wg.Add(1)
		go work(id, &stop, &wg)
	}
	buf := make([]int, 512)
	times := make([]time.Duration, n)
	for i := range times {
		t0 := time.Now()
		if reuse {
			response = buf
		} else {
			response = make([]int, 512)
		}
		for j := range response {
			response[j] = i + j
		}
		times[i] = time.Since(t0)
	}
	stop.Store(true)
	wg.Wait()
	slices.Sort(times)
	return times[n*99/100]
}

func main() {
	gogc, reuse := 100, false
	if len(os.Args) > 1 {
		gogc, _ = strconv.Atoi(os.Args[1])
	}
	if len(os.Args) > 2 {
		reuse = os.Args[2] == "reuse"
	}
	for i := range cache {
		cache[i] = &node{next: anchor}
	}
	debug.SetGCPercent(gogc)
	with := serve(2_000, reuse)
	debug.SetGCPercent(-1)
	without := serve(2_000, reuse)
	fmt.Println("p99 request time with the collector:", with, "without it:", without)
}
