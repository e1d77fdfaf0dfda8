//go:build ignore

// syscalls: goroutines in system calls of several lengths while others
// compute, so sysmon retakes Ps and hands them off, and CPU-bound loops
// are preempted.
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 4; i++ {
		wg.Add(2)
		go func(i int) {
			sim.Syscall(time.Duration(50+i*700) * time.Microsecond)
			sim.Work(300 * time.Microsecond)
			sim.Syscall(time.Duration(i+1) * time.Millisecond)
			wg.Done()
		}(i)
		go func(i int) {
			sim.Work(time.Duration(3+i*4) * time.Millisecond)
			wg.Done()
		}(i)
	}
	wg.Wait()
}
