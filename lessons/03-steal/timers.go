//go:build ignore

// timers: a goroutine sleeps 100 µs while main keeps their P (P1 at
// GOMAXPROCS=2) busy for two milliseconds. P1 cannot check its own timers,
// so an M that waited for the timer (in netpoll, whose wait counts whole
// milliseconds) takes the idle P0 and runs P1's expired timer on
// stealWork's last pass, and the sleeper runs on P0.
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
	sim.Work(2 * time.Millisecond)
	fmt.Println("main's work is done")
	<-done
}
