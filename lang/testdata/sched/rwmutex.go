// sync.RWMutex under contention, on one P: readers and writers that yield
// inside their critical sections. The order of the
// lines is the schedule that src/sync/rwmutex.go's algorithm over the
// runtime's semaphores makes (a pending writer blocks new readers; Unlock
// readies the waiting readers before the next writer gets the mutex).
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var rw sync.RWMutex
	var wg sync.WaitGroup
	reader := func(name string) {
		defer wg.Done()
		rw.RLock()
		fmt.Println(name, "reads")
		runtime.Gosched()
		fmt.Println(name, "done")
		rw.RUnlock()
	}
	writer := func(name string) {
		defer wg.Done()
		rw.Lock()
		fmt.Println(name, "writes")
		runtime.Gosched()
		fmt.Println(name, "done")
		rw.Unlock()
	}
	for round := 0; round < 2; round++ {
		wg.Add(7)
		go reader(fmt.Sprint("r", round, "a"))
		go reader(fmt.Sprint("r", round, "b"))
		go writer(fmt.Sprint("w", round, "a"))
		go reader(fmt.Sprint("r", round, "c"))
		go writer(fmt.Sprint("w", round, "b"))
		go reader(fmt.Sprint("r", round, "d"))
		go reader(fmt.Sprint("r", round, "e"))
		wg.Wait()
	}

	// TryLock and TryRLock.
	fmt.Println(rw.TryRLock(), rw.TryRLock(), rw.TryLock())
	rw.RUnlock()
	rw.RUnlock()
	fmt.Println(rw.TryLock(), rw.TryRLock(), rw.TryLock())
	rw.Unlock()

	// A value in a struct, through a pointer, and a deferred RUnlock.
	type cache struct {
		mu sync.RWMutex
		m  map[int]int
	}
	c := &cache{m: map[int]int{}}
	get := func(k int) int {
		c.mu.RLock()
		defer c.mu.RUnlock()
		return c.m[k]
	}
	wg.Add(4)
	for i := range 4 {
		go func() {
			defer wg.Done()
			if i%2 == 0 {
				c.mu.Lock()
				c.m[i] = i * 10
				runtime.Gosched()
				c.mu.Unlock()
				fmt.Println("set", i)
			} else {
				fmt.Println("get", i-1, get(i-1))
			}
		}()
	}
	wg.Wait()
}
