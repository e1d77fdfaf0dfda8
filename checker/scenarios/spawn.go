//go:build ignore

// spawn: main starts goroutines in bursts; each does a little work, some
// yield. Run queues fill, spill to the global queue, and idle Ps steal.
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for burst := 0; burst < 3; burst++ {
		for i := 0; i < 140; i++ {
			wg.Add(1)
			go func(i int) {
				sim.Work(time.Duration(1+i%7) * time.Microsecond)
				wg.Done()
			}(i)
		}
		sim.Work(20 * time.Microsecond)
	}
	wg.Wait()
}
