//go:build ignore

// threads: twenty goroutines each block in a 10 ms system call, on two Ps.
// Every blocked call holds its thread; sysmon retakes the P each time and
// handoffp gives it to another thread, so the runtime grows new Ms until
// all twenty calls are in flight at once. Try `--format schedtrace`.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sim.Syscall(10 * time.Millisecond) // blocks its thread for 10 ms
		}()
	}
	wg.Wait()
	fmt.Println("20 syscalls done")
}
