//go:build ignore

// hog: one task computes for 50 ms without ever blocking, while ten
// requests arrive on the network, one every millisecond, each needing
// 100 µs of work. Each request prints how long it waited for a CPU after
// its data arrived. Every runtime in this lesson must decide what to do
// with the hog: Go and BEAM take the CPU away from it, Tokio and Java's
// virtual threads (as of this writing) do not.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	start := time.Now()
	var wg sync.WaitGroup
	for i := 1; i <= 10; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			c := sim.Dial(time.Duration(i) * time.Millisecond)
			c.Read()
			late := time.Since(start) - time.Duration(i)*time.Millisecond
			sim.Work(100 * time.Microsecond)
			fmt.Println("request", i, "waited", late.Milliseconds(), "ms")
		}()
	}
	runtime.Gosched() // let the requests start waiting first
	wg.Add(1)
	go func() {
		defer wg.Done()
		for j := 0; j < 50; j++ {
			sim.Work(time.Millisecond)
		}
	}()
	wg.Wait()
}
