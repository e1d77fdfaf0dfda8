//go:build ignore

// The reference scenario for 03-scenario-steal. main runs on P1 (at
// GOMAXPROCS=2 the start-up leaves it there) and starts a spawner, which
// P0's spinning M steals while main computes. The spawner starts three
// workers on P0 and computes; main parks in wg.Wait, P1 goes looking for
// work and steals the workers from P0, one at a time as each finishes: three.
package main

import (
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		for i := 0; i < 3; i++ {
			wg.Add(1)
			go func() {
				sim.Work(time.Millisecond)
				wg.Done()
			}()
		}
		sim.Work(5 * time.Millisecond)
		wg.Done()
	}()
	sim.Work(100 * time.Microsecond)
	wg.Wait()
}
