//go:build ignore

// The reference scenario for 04-scenario-handoff: three goroutines in long
// system calls on two Ps while main waits. The first two keep their Ps
// until sysmon sees each on two passes with the third waiting: two retakes.
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			sim.Syscall(5 * time.Millisecond)
			wg.Done()
		}()
	}
	wg.Wait()
}
