//go:build ignore

// Ten goroutines increment a shared counter under a mutex and report the
// value they saw; the lock is held by main for 1.5 ms first.
package main

import (
	"fmt"
	"sync"
	"time"
)

type counter struct {
	mu sync.Mutex
	n  int
}

func (c *counter) inc() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.n++
	return c.n
}

func main() {
	c := &counter{}
	var wg sync.WaitGroup
	c.mu.Lock()
	for i := 0; i < 10; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			v := c.inc()
			fmt.Printf("g%d saw %d\n", id, v)
		}(i)
	}
	time.Sleep(1500 * time.Microsecond)
	c.mu.Unlock()
	wg.Wait()
	fmt.Println("final", c.n)
}
