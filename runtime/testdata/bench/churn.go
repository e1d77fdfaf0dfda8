//go:build ignore

// A scheduler-heavy mix for events/s: ping-pong pairs, fan-out workers and
// Gosched loops, with little Go code between scheduler operations.
package main

import (
	"runtime"
	"sync"
)

func pingpong(n int, wg *sync.WaitGroup) {
	ping := make(chan int)
	pong := make(chan int)
	go func() {
		for v := range ping {
			pong <- v + 1
		}
		close(pong)
	}()
	for i := 0; i < n; i++ {
		ping <- i
		<-pong
	}
	close(ping)
	wg.Done()
}

func main() {
	var wg sync.WaitGroup
	for p := 0; p < 8; p++ {
		wg.Add(1)
		go pingpong(20000, &wg)
	}
	for w := 0; w < 2000; w++ {
		wg.Add(1)
		go func() {
			for i := 0; i < 20; i++ {
				runtime.Gosched()
			}
			wg.Done()
		}()
	}
	wg.Wait()
}
