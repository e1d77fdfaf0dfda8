// sync.RWMutex's rules, with an output that does not depend on the
// schedule: readers share the lock, a pending writer keeps new readers out
// (TryRLock fails while it waits), the writer gets the lock when the last
// reader leaves, and the readers it blocked get it when it unlocks.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

type counter struct {
	mu sync.RWMutex
	n  map[string]int
}

func (c *counter) get(k string) int {
	c.mu.RLock()
	defer c.mu.RUnlock()
	return c.n[k]
}

func (c *counter) inc(k string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n[k]++
}

func main() {
	var rw sync.RWMutex
	rw.RLock()
	rw.RLock()
	fmt.Println("two readers; TryLock:", rw.TryLock())

	var wg sync.WaitGroup
	wg.Add(1)
	wrote := make(chan bool)
	go func() {
		defer wg.Done()
		rw.Lock() // waits for both readers
		wrote <- true
		rw.Unlock()
	}()
	// Wait until the writer is pending: new readers are then kept out.
	for rw.TryRLock() {
		rw.RUnlock()
		runtime.Gosched()
	}
	fmt.Println("writer pending; TryRLock: false")

	got := make(chan string, 1)
	wg.Add(1)
	go func() {
		defer wg.Done()
		rw.RLock() // blocked behind the pending writer
		got <- "late reader in"
		rw.RUnlock()
	}()
	rw.RUnlock()
	select {
	case <-wrote:
		fmt.Println("writer in with one reader left?")
	default:
		fmt.Println("one reader left: the writer still waits")
	}
	rw.RUnlock()
	fmt.Println("last reader out; writer in:", <-wrote)
	fmt.Println(<-got)
	wg.Wait()
	fmt.Println("TryLock:", rw.TryLock(), "TryRLock:", rw.TryRLock())
	rw.Unlock()
	fmt.Println("TryRLock:", rw.TryRLock(), "TryLock:", rw.TryLock())
	rw.RUnlock()

	c := &counter{n: map[string]int{}}
	for i := range 10 {
		wg.Add(2)
		go func() {
			defer wg.Done()
			c.inc(fmt.Sprint("k", i%3))
		}()
		go func() {
			defer wg.Done()
			_ = c.get("k0")
		}()
	}
	wg.Wait()
	fmt.Println(c.get("k0"), c.get("k1"), c.get("k2"))
}
