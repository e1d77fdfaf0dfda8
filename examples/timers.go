//go:build ignore

// timers: three goroutines sleep for different durations.
//
// What to look for (gmplab run examples/timers.go --gomaxprocs 2):
// time.Sleep parks the G on a timer in its P's heap (gopark "sleep"); the
// timer is run at the start of findRunnable by whichever M checks the P
// next (or an M blocked in netpoll wakes for it), and readies the sleeper.
// While everyone sleeps, the Ms park: nothing burns CPU.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 3; i >= 1; i-- {
		wg.Add(1)
		go func(d time.Duration) {
			defer wg.Done()
			time.Sleep(d)
			fmt.Println("slept", d)
		}(time.Duration(i) * 10 * time.Millisecond)
	}
	wg.Wait()
	fmt.Println("all awake")
}
