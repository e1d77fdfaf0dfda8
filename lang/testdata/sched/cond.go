// sync.Cond on one P: the order in which Signal and Broadcast wake the
// waiters (notifyListNotifyOne takes the oldest ticket; notifyListNotifyAll
// readies them all in the order they waited, each into runnext, so the
// last one runs first) and then compete for the Mutex.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var mu sync.Mutex
	c := sync.NewCond(&mu)
	turn := 0
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			fmt.Println("waiter", i, "waits")
			c.Wait()
			fmt.Println("waiter", i, "woke at turn", turn)
			turn++
			mu.Unlock()
		}()
	}
	for range 3 {
		runtime.Gosched()
	}
	for range 2 {
		mu.Lock()
		c.Signal()
		mu.Unlock()
		runtime.Gosched()
	}
	mu.Lock()
	c.Broadcast()
	mu.Unlock()
	wg.Wait()
	fmt.Println("turns", turn)
}
