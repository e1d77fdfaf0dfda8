//go:build ignore

// gc: the garbage collector as a client of the scheduler. Two workers keep
// replacing the nodes of a cache and make garbage; a handler answers
// requests. When the heap reaches its trigger a cycle starts: the world
// stops (every running G is asked to stop at a safe point), one of the
// four Ps runs a dedicated mark worker (25% of GOMAXPROCS), idle Ps run
// idle workers, and the goroutines that allocate while the collector
// marks pay for it in mark assists; then the world stops again and the
// cycle ends. main then halves GOGC, sets a memory limit and forces a
// cycle.
//
// What to look for (gmplab run examples/gc.go --gomaxprocs 4): gcStart,
// stopTheWorld and the gcstopm of each P (how long the world takes to
// stop), findRunnableGCWorker, gcAssistAlloc, gcMarkDone and
// gcMarkTermination, whose details are the cycle's GODEBUG=gctrace=1
// line; then setGCPercent, setMemoryLimit and the forced cycle. With
// --format gctrace, only the gctrace lines.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
)

type node struct {
	next *node
	pad  [7]int
}

var cache = make([]*node, 10_000) // 640 KB live
var garbage [2][]int
var response []int

func worker(id, n int, done chan<- bool) {
	for i := 0; i < n; i++ {
		cache[(i*2+id)%len(cache)] = &node{}
		garbage[id] = make([]int, 64)
	}
	done <- true
}

func main() {
	done := make(chan bool)
	go worker(0, 8_000, done)
	go worker(1, 8_000, done)
	for i := 0; i < 40; i++ {
		response = make([]int, 1024) // an 8 KB response
		response[0] = i
	}
	<-done
	<-done
	old := debug.SetGCPercent(50)
	debug.SetMemoryLimit(64 << 20)
	runtime.GC()
	fmt.Println("GOGC was", old)
}
