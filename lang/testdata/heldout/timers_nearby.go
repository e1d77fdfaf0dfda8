//go:build ignore

// Goroutines sleep for deadlines 10µs apart, all within the kernel's timer
// slack of one epoll_wait: they fire in one batch.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			time.Sleep(2*time.Millisecond + time.Duration(id)*10*time.Microsecond)
			fmt.Println("timer", id)
		}(i)
	}
	wg.Wait()
}
