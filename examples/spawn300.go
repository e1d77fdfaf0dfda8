//go:build ignore

// spawn300: main starts 300 goroutines without ever yielding, then waits
// for them. Each goroutine prints its number, so the output is the order in
// which the scheduler ran them.
//
// What to look for (gmplab run examples/spawn300.go --gomaxprocs 1):
//   - every go statement puts the new G in P0's runnext and kicks the
//     previous one to the tail of P0's 256-slot ring (newproc, runqput);
//   - when the ring is full, runqputslow moves its older half (128) plus
//     the kicked G to the global queue;
//   - when main blocks in wg.Wait, the G in runnext runs first, then the
//     ring in order, with one global G every 61 schedticks, then the rest
//     of the global queue.
//
// The same file runs on the real runtime: GOMAXPROCS=1 go run examples/spawn300.go
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 300; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			fmt.Println(n)
		}(i)
	}
	wg.Wait()
}
