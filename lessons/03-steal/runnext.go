//go:build ignore

// runnext: main starts one goroutine (it goes to P0's runnext) and then
// computes for a millisecond. A spinning M on P1 finds P0's ring empty on
// three passes; on the fourth and last it takes P0's runnext, after
// usleep(3) has given P0 a chance to run it. Without stealing the new
// goroutine waits for main's millisecond.
package main

import (
	"fmt"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	done := make(chan bool)
	go func() {
		fmt.Println("the new goroutine ran")
		done <- true
	}()
	sim.Work(time.Millisecond)
	<-done
}
