//go:build ignore

// yield: goroutines that hand each other work over channels and yield,
// so runnext, the ring and the global queue all serve (the 61-tick check
// included).
package main

import (
	"runtime"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	ch := make(chan int)
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			for j := 0; j < 40; j++ {
				runtime.Gosched()
				sim.Work(2 * time.Microsecond)
			}
			wg.Done()
		}()
	}
	wg.Add(2)
	go func() {
		for i := 0; i < 200; i++ {
			ch <- i
		}
		close(ch)
		wg.Done()
	}()
	go func() {
		for range ch {
		}
		wg.Done()
	}()
	wg.Wait()
}
