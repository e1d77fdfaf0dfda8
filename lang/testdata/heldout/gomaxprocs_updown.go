//go:build ignore

// GOMAXPROCS changed mid-program, down to 1 and then up to 3: each call
// returns the previous setting, and a burst spawned at one P runs in the
// local ring's order.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func burst(n int) {
	var wg sync.WaitGroup
	var mu sync.Mutex
	var order []int
	for i := 0; i < n; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
		}(i)
	}
	wg.Wait()
	fmt.Println(len(order), "ran")
}

func main() {
	prev := runtime.GOMAXPROCS(1)
	fmt.Println("was", prev > 0)
	burst(20)
	fmt.Println("now", runtime.GOMAXPROCS(3))
	burst(20)
	fmt.Println("now", runtime.GOMAXPROCS(1))
	burst(5)
	fmt.Println("now", runtime.GOMAXPROCS(0))
}
