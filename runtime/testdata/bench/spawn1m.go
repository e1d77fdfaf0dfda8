//go:build ignore

// Spawn and finish 1,000,000 goroutines (issue 2's scale benchmark).
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 1000000; i++ {
		wg.Add(1)
		go func() {
			wg.Done()
		}()
	}
	wg.Wait()
}
