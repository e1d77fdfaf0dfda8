//go:build ignore

// Go by Example: Rate Limiting (the real program; each request prints how
// long after the start it was served, rounded to 100 ms, instead of the
// wall-clock time, so that go run's output is reproducible).
package main

import (
	"fmt"
	"time"
)

func main() {
	start := time.Now()

	requests := make(chan int, 5)
	for i := 1; i <= 5; i++ {
		requests <- i
	}
	close(requests)

	limiter := time.Tick(200 * time.Millisecond)

	for req := range requests {
		<-limiter
		fmt.Println("request", req, time.Since(start).Round(100*time.Millisecond))
	}

	burstyLimiter := make(chan time.Time, 3)

	for i := 0; i < 3; i++ {
		burstyLimiter <- time.Now()
	}

	go func() {
		for t := range time.Tick(200 * time.Millisecond) {
			burstyLimiter <- t
		}
	}()

	burstyRequests := make(chan int, 5)
	for i := 1; i <= 5; i++ {
		burstyRequests <- i
	}
	close(burstyRequests)
	for req := range burstyRequests {
		<-burstyLimiter
		fmt.Println("request", req, time.Since(start).Round(100*time.Millisecond))
	}
}
