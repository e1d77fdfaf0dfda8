//go:build ignore

// gcalloc: four goroutines allocate 1 KB buffers, each keeping its last
// 256 (a live heap of 1 MB), while a fifth computes in short slices: the
// heap reaches its trigger several times, and each cycle's mark workers
// (dedicated, fractional, idle) take Ps from the allocators and the
// computing goroutine, whose allocations are charged assists.
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

// The buffers are []int: 1 KB each to the collector as a []byte of 1024
// would be, in an eighth of the interpreter's memory.
var keep [4][256][]int

func main() {
	var wg sync.WaitGroup
	for id := 0; id < 4; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 4000; i++ {
				keep[id][i%256] = make([]int, 128)
			}
		}()
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for i := 0; i < 200; i++ {
			sim.Work(5 * time.Microsecond)
		}
	}()
	wg.Wait()
}
