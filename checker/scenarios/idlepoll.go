//go:build ignore

// idlepoll: sysmon finds a G ready on the network while a P is idle and
// no M is blocked in netpoll, so injectglist runs without a P and starts
// an M on the idle P. The M that was blocked in netpoll wakes for the
// first read at 2 ms and runs that G itself (no wakep: nothing else is
// runnable), which then computes; the other P stays idle, and nobody
// polls until sysmon does, 10 ms after the last poll, finding the second
// reader ready (at 3 Ps and more).
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		c := sim.Dial(2 * time.Millisecond)
		c.Read()
		sim.Work(30 * time.Millisecond)
		wg.Done()
	}()
	go func() {
		c := sim.Dial(8 * time.Millisecond)
		c.Read()
		wg.Done()
	}()
	sim.Work(40 * time.Millisecond)
	wg.Wait()
}
