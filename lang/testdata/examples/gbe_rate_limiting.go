//go:build ignore

// Go by Example: Rate Limiting (own version: elapsed virtual time printed
// in whole 100 ms steps).
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
}
