//go:build ignore

// spin: what schedticks=[…] says of one long goroutine. main computes for
// 200 ms (-ms) in a loop with no calls, alone: nothing else is runnable.
// Run at GOMAXPROCS=1 under GODEBUG=schedtrace=20, its P's schedtick still
// moves every 10-20 ms: sysmon asks for a preemption once a slice has run
// 10 ms, whether or not anything waits (runtime/proc.go: retake looks only
// at schedtick and schedwhen), the signal stops the loop
// (preempt.go: asyncPreempt), and execute counts a new slice when main
// runs again. With GODEBUG=asyncpreemptoff=1 nothing can stop a loop with
// no calls, and the tick stays still until it ends. Lesson 07, "Reading
// schedtrace and scheddetail":
//
//	go build -o spin lessons/07-production/real/spin.go
//	GOMAXPROCS=1 GODEBUG=schedtrace=20 ./spin
//	GOMAXPROCS=1 GODEBUG=schedtrace=20,asyncpreemptoff=1 ./spin
package main

import (
	"flag"
	"fmt"
	"time"
)

var x uint64 = 1

// loop runs n iterations of arithmetic: no call, so no cooperative
// preemption point (a function's prologue) inside it.
//
//go:noinline
func loop(n uint64) {
	for i := uint64(0); i < n; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
}

func main() {
	ms := flag.Int("ms", 200, "how long to compute, in milliseconds")
	flag.Parse()
	// How many iterations make a millisecond: the fastest of five short
	// runs (a slower one was interrupted).
	const probe = 1 << 20
	best := time.Hour
	for range 5 {
		start := time.Now()
		loop(probe)
		best = min(best, time.Since(start))
	}
	n := uint64(float64(*ms) * float64(time.Millisecond) / float64(best) * probe)
	start := time.Now()
	loop(n) // one call: the loop is all there is to preempt
	fmt.Printf("main computed for %d ms in one loop with no calls (%.0f ms of wall time)\n",
		*ms, float64(time.Since(start))/float64(time.Millisecond))
}
