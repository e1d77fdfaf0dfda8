//go:build ignore

// handoff: main blocks in a 5 ms system call while three workers wait in
// its P's run queue. sysmon retakes the P and handoffp starts another M to
// run them; main gets a P back when the call returns. Try `break handoffp`.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sim.Work(200 * time.Microsecond)
		}()
	}
	sim.Syscall(5 * time.Millisecond) // the thread blocks; the workers wait in P0's queue
	fmt.Println("syscall returned")
	wg.Wait()
}
