//go:build ignore

// timers: a goroutine on P0 sleeps 100 µs while main keeps P0 busy for a
// millisecond. P0 cannot check its own timers, so an M on the idle P1 runs
// P0's expired timer on stealWork's last pass, and the sleeper runs on P1.
package main

import (
	"fmt"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	started := make(chan bool)
	done := make(chan bool)
	go func() {
		started <- true
		time.Sleep(100 * time.Microsecond)
		fmt.Println("the sleeper woke up")
		done <- true
	}()
	<-started
	sim.Work(time.Millisecond)
	fmt.Println("main's work is done")
	<-done
}
