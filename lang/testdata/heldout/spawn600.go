//go:build ignore

// A burst of 600 goroutines that each print their number: two overflows to
// the global queue, and the fairness check every 61 schedticks.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 600; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			fmt.Println(n)
		}(i)
	}
	wg.Wait()
}
