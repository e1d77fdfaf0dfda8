//go:build ignore

// pingpongwork: lesson 05's "Try this" #4, written out. Two goroutines
// ping-pong over an unbuffered channel, each doing sim.Work(time.Millisecond)
// per message, twenty messages, while a third computes for 60 ms without a
// call. On one P, each hand-off readies the other side into runnext, and
// the next execute inherits the time slice (proc.go: runqget, execute's
// inheritTime): the pair shares one slice, which sysmon's retake preempts
// once it is 10 ms old, and the computing goroutine gets the P.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(3)
	go func() { // the third: computes, no calls
		defer wg.Done()
		sim.Work(60 * time.Millisecond)
		fmt.Println("compute done")
	}()
	ping, pong := make(chan int), make(chan int)
	go func() {
		defer wg.Done()
		for i := 0; i < 20; i++ {
			sim.Work(time.Millisecond)
			ping <- i
			<-pong
		}
		close(ping)
	}()
	go func() {
		defer wg.Done()
		for v := range ping {
			sim.Work(time.Millisecond)
			pong <- v
		}
		fmt.Println("ping-pong done")
	}()
	wg.Wait()
}
