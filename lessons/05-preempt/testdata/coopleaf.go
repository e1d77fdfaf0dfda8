//go:build ignore

// coop: two goroutines compute in loops that call a function on every
// iteration. Each call's prologue compares the stack pointer with
// stackguard0, so when sysmon sets stackguard0 = stackPreempt the next
// call yields: cooperative preemption, before the signal is even needed.
// Each loop, when done, says whether both loops had started by then: on
// one P the first to finish can say true only if it was preempted. It says
// true with GODEBUG=asyncpreemptoff=1 too, on the model and on the real
// runtime (where the loops must be longer: `coop 100000000`), because the
// check is the callee's own. Try `break gopreempt_m`.
//
// Usage: coop [N] (N iterations per loop; 4000000 if not given).
package main

import (
	"fmt"
	"os"
	"strconv"
	"sync"
	"sync/atomic"
)

var (
	sink    int
	started atomic.Int32 // loops that have started
)

//go:noinline
func leaf(i int) int { return i & 7 }

// step calls leaf, so it is not a leaf function itself: it has a stack
// frame and a prologue check, a cooperative preemption point. Without
// //go:noinline the compiler would inline both into spin's loop, which
// would have no call left to check.
//
//go:noinline
func step(i int) int { return i & 7 }

func spin(id, n int) {
	started.Add(1)
	for i := 0; i < n; i++ {
		sink += step(i)
	}
	fmt.Println("loop", id, "done; both loops had started:", started.Load() == 2)
}

func main() {
	n := 4000000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	var wg sync.WaitGroup
	for id := 0; id < 2; id++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			spin(id, n)
		}()
	}
	wg.Wait()
}
