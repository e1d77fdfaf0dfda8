//go:build ignore

// A burst of 257 goroutines from main: with one P, runnext holds the last,
// the ring holds 256 and the 257th go statement overflows half the ring to
// the global queue (runqputslow).
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	order := make([]int, 0, 257)
	var mu sync.Mutex
	for i := 0; i < 257; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			mu.Lock()
			order = append(order, n)
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	fmt.Println(len(order), "ran; first 10:", order[:10])
	fmt.Println("last 10:", order[247:])
}
