//go:build ignore

// The reference scenario for 03-scenario-steal: main starts one goroutine
// and keeps P0 busy in sim.Work. P0 holds the new G in runnext and two of
// the runtime's own goroutines in its ring: the spinning M on P1 steals one
// from the ring, then the other, then runnext on its last pass: three.
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 1; i++ {
		wg.Add(1)
		go func() {
			sim.Work(time.Millisecond)
			wg.Done()
		}()
	}
	sim.Work(5 * time.Millisecond)
	wg.Wait()
}
