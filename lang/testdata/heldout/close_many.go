//go:build ignore

// Twenty receivers park on one unbuffered channel; close wakes them all at
// once (closechan readies every waiter, in the order they queued).
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	start := make(chan struct{})
	var wg sync.WaitGroup
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			<-start
			fmt.Println("receiver", id)
		}(i)
	}
	time.Sleep(time.Millisecond)
	close(start)
	wg.Wait()
}
