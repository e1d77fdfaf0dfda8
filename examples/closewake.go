//go:build ignore

// closewake: four goroutines block receiving from one channel; main closes
// it, which wakes them all.
//
// What to look for (gmplab run examples/closewake.go --gomaxprocs 1):
// closechan takes every waiter off the channel's receive queue, then
// readies them one by one; each goready puts its G in runnext and kicks
// the previous one to the ring, so the order they print in is not the
// order they started waiting in.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	start := make(chan bool)
	var wg sync.WaitGroup
	for i := 1; i <= 4; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			<-start
			fmt.Println("receiver", id, "woke")
		}(i)
	}
	// Give every receiver time to reach <-start and park.
	time.Sleep(time.Millisecond)
	close(start)
	wg.Wait()
}
