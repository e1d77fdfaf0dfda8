//go:build ignore

// pingpong: main hands three values to a consumer over an unbuffered
// channel while a hundred workers take turns: 10 µs of CPU work, then
// runtime.Gosched (to the global queue's tail), five times each.
// Each hand-off readies the other side: with Ps it goes to runnext and runs
// next; in the GM model (layer stacks alone) it queues behind every worker.
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
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 5; j++ {
				sim.Work(10 * time.Microsecond)
				runtime.Gosched()
			}
		}()
	}
	ch := make(chan int)
	wg.Add(1)
	go func() {
		defer wg.Done()
		for v := range ch {
			fmt.Println("received", v)
		}
	}()
	for i := 0; i < 3; i++ {
		ch <- i
	}
	close(ch)
	wg.Wait()
	fmt.Println("all done")
}
