//go:build ignore

// coop: lesson 05's coop.go at a fraction of its cost. Three goroutines
// compute on one P in loops that call a function on every iteration; each
// call's prologue is a cooperative preemption point, and each call is a
// microsecond of sim.Work, so 25,000 calls are 25 ms of the loop's time
// (the lesson's loops interpret 4 million calls each, 192 million
// instructions in all, to get as far). At one P sysmon preempts each loop
// once, and the next call yields (gopreempt_m, before the signal lands);
// the third preempted G comes back from the global queue with the others.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

var sink int

//go:noinline
func step(i int) int {
	sim.Work(time.Microsecond)
	return i & 7
}

func spin(id, n int) {
	for i := 0; i < n; i++ {
		sink += step(i)
	}
	fmt.Println("loop", id, "done")
}

func main() {
	var wg sync.WaitGroup
	for id := 0; id < 3; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			spin(id, 25000)
		}()
	}
	wg.Wait()
}
