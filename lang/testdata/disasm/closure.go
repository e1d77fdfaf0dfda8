//go:build ignore

// Closures: captured variables live in boxes; a loop variable captured by
// a goroutine gets a fresh box per iteration (Go 1.22).
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	total := 0
	var mu sync.Mutex
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			mu.Lock()
			defer mu.Unlock()
			total += i
		}()
	}
	wg.Wait()
	fmt.Println("total", total)
}
