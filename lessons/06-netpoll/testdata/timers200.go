//go:build ignore

// timers: three goroutines sleep for 100, 200 and 300 µs while another
// keeps the only P busy for 1 ms. When the P looks at its timers again all
// three have expired: they fire in order, each goready puts its sleeper in
// runnext and kicks the previous one to the ring, so the last fired runs
// first. Try `break timer`.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 1; i <= 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(200 * time.Microsecond)
			fmt.Println("sleeper", i, "woke")
		}()
	}
	runtime.Gosched() // let the sleepers start their timers first
	wg.Add(1)
	go func() {
		defer wg.Done()
		sim.Work(time.Millisecond) // keeps the P busy past all three timers
	}()
	wg.Wait()
}
