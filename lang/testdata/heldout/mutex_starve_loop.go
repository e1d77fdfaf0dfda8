//go:build ignore

// Three goroutines take a mutex in turn, each holding it across a sleep
// of 400µs: waits pass 1 ms, so the mutex flips into starvation mode and
// hand-offs decide who runs next.
package main

import (
	"fmt"
	"sync"
	"time"
)

func worker(name string, mu *sync.Mutex, wg *sync.WaitGroup) {
	defer wg.Done()
	for i := 0; i < 3; i++ {
		mu.Lock()
		fmt.Println(name, "holds", i)
		time.Sleep(400 * time.Microsecond)
		mu.Unlock()
	}
}

func main() {
	var mu sync.Mutex
	var wg sync.WaitGroup
	for _, name := range []string{"a", "b", "c"} {
		wg.Add(1)
		go worker(name, &mu, &wg)
	}
	wg.Wait()
	fmt.Println("all done")
}
