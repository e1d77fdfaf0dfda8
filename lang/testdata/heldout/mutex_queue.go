//go:build ignore

// A lock held across five waiters for 2 ms: they queue on the mutex's
// semaphore, the mutex goes into starvation mode, and each Unlock hands it
// to the waiter at the head of the queue.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	mu.Lock()
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			mu.Lock()
			fmt.Println("waiter", id, "got the lock")
			mu.Unlock()
		}(i)
	}
	time.Sleep(2 * time.Millisecond)
	fmt.Println("main unlocks")
	mu.Unlock()
	wg.Wait()
	fmt.Println("done")
}
