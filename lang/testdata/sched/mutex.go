// sync.Mutex under contention, on one P: workers that yield while holding
// the lock, so that the others queue on its semaphore. The order of the
// lines is the one internal/sync/mutex.go's algorithm makes (FIFO wake-up,
// a woken waiter competing with newcomers).
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := range 3 {
				mu.Lock()
				fmt.Println("worker", i, "round", j)
				runtime.Gosched()
				mu.Unlock()
				runtime.Gosched()
			}
		}()
	}
	wg.Wait()
}
