//go:build ignore

// Main spawns 300 goroutines, yields once with Gosched (to the global
// queue's tail), then spawns 10 more and waits.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var order []int
	spawn := func(n int) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			order = append(order, n)
			mu.Unlock()
		}()
	}
	for i := 0; i < 300; i++ {
		spawn(i)
	}
	runtime.Gosched()
	mu.Lock()
	fmt.Println("after Gosched,", len(order), "had run")
	mu.Unlock()
	for i := 300; i < 310; i++ {
		spawn(i)
	}
	wg.Wait()
	fmt.Println(order[:5], order[len(order)-5:])
}
