//go:build ignore

// handoffwait is handoff.go on the real runtime with its workers' waits
// measured: main starts three workers that each compute 200 µs
// (sim.Work), then blocks in a 5 ms system call (sim.Syscall, nanosleep(2)
// on Linux). At GOMAXPROCS=1 a worker can start before the call returns
// only if sysmon's retake took main's P and handoffp gave it to another
// thread (runtime/proc.go: retake, handoffp). Each worker records how long
// it waited from its go statement to its first instruction (its time
// runnable, up to the clock's reads); main prints how many started during
// the call, the median and the longest wait, and how long the call took.
// Lesson 04 runs it in a runs cell; from the repository's root:
//
//	go build -o handoffwait lessons/04-sysmon/real/handoffwait.go
//	GOMAXPROCS=1 ./handoffwait
package main

import (
	"fmt"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	var inCall atomic.Bool
	var during atomic.Int32
	waits := make([]time.Duration, 3)
	inCall.Store(true) // before the go statements: a worker that runs before the call starts also counts as one that ran during it (none can, at one P, before main blocks)
	for i := range 3 {
		wg.Add(1)
		created := time.Now()
		go func() {
			defer wg.Done()
			waits[i] = time.Since(created)
			if inCall.Load() {
				during.Add(1)
			}
			sim.Work(200 * time.Microsecond)
		}()
	}
	start := time.Now()
	sim.Syscall(5 * time.Millisecond) // the thread blocks; the workers wait in P0's queue
	call := time.Since(start)
	inCall.Store(false)
	wg.Wait()
	slices.Sort(waits)
	ms := func(d time.Duration) string { return fmt.Sprintf("%.3f", float64(d)/1e6) }
	fmt.Printf("workers started during the call: %d of 3\n", during.Load())
	fmt.Printf("their wait to run: median %s ms, longest %s ms\n", ms(waits[1]), ms(waits[2]))
	fmt.Printf("the call took %s ms\n", ms(call))
}
