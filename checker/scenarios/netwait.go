//go:build ignore

// netwait: goroutines parked on the network become ready in groups, so
// netpoll hands lists to injectglist with and without a P.
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 24; i++ {
		wg.Add(1)
		go func(i int) {
			c := sim.Dial(time.Duration(100+(i%4)*400) * time.Microsecond)
			c.Read()
			sim.Work(time.Duration(20+i) * time.Microsecond)
			wg.Done()
		}(i)
	}
	wg.Wait()
}
