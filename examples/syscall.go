//go:build ignore

// syscall: a goroutine blocks in a 10 ms system call while two others wait
// in the same P's run queue.
//
// What to look for (gmplab run examples/syscall.go --gomaxprocs 1):
// in Go 1.26 entersyscall keeps the P attached; sysmon notices the P stuck
// in a syscall with work queued, retakes it and hands it off (retake,
// handoffp, startm) to another M, which runs the workers. When the syscall
// returns, its M looks for a P (exitsyscall). The workers finish first.
//
// Without sysmon (--layers stacks,procs,steal) the syscall holds the only
// P for all 10 ms and the workers wait: the syscall finishes first.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(3)
	for i := 1; i <= 2; i++ {
		go func(id int) {
			defer wg.Done()
			sim.Work(2 * time.Millisecond)
			fmt.Println("worker", id, "done")
		}(i)
	}
	// Started last, so it is in runnext and runs first.
	go func() {
		defer wg.Done()
		sim.Syscall(10 * time.Millisecond)
		fmt.Println("syscall done")
	}()
	wg.Wait()
}
