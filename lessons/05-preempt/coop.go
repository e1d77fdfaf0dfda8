//go:build ignore

// coop: two goroutines compute in loops that call a function on every
// iteration. Each call's prologue compares the stack pointer with
// stackguard0, so when sysmon sets stackguard0 = stackPreempt the next
// call yields: cooperative preemption, before the signal is even needed.
// Try `break gopreempt_m`.
package main

import (
	"fmt"
	"sync"
)

var sink int

//go:noinline
func leaf(i int) int { return i & 7 }

// step calls leaf, so it is not a leaf function itself: it has a stack
// frame and a prologue check, a cooperative preemption point. Without
// //go:noinline the compiler would inline both into spin's loop, which
// would have no call left to check.
//
//go:noinline
func step(i int) int { return leaf(i) + leaf(i+1) }

func spin(id int) {
	for i := 0; i < 4000000; i++ {
		sink += step(i)
	}
	fmt.Println("loop", id, "done")
}

func main() {
	var wg sync.WaitGroup
	for id := 0; id < 2; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			spin(id)
		}()
	}
	wg.Wait()
}
