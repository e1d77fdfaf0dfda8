//go:build ignore

// pairs: sixteen pairs of goroutines play ping-pong over unbuffered
// channels, a thousand round trips each, with 200 ns of work per message.
// Every message readies the other goroutine of its pair and every turn
// picks the next goroutine to run: in the GM model (layer stacks alone)
// each of those takes the one lock around the one global queue, so sixteen
// threads queue for it; with Ps (layers procs and steal) a pair keeps to
// its own P's runnext and takes no global lock. Run it at --gomaxprocs 8
// and 16 with and without procs,steal and compare the exit times.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 16; i++ {
		ping, pong := make(chan int), make(chan int)
		wg.Add(2)
		go func() {
			defer wg.Done()
			for j := 0; j < 1000; j++ {
				sim.Work(200 * time.Nanosecond)
				ping <- j
				<-pong
			}
			close(ping)
		}()
		go func() {
			defer wg.Done()
			for j := range ping {
				sim.Work(200 * time.Nanosecond)
				pong <- j
			}
		}()
	}
	wg.Wait()
	fmt.Println("16 pairs done")
}
