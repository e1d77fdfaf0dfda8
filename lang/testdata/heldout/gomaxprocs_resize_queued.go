//go:build ignore

// GOMAXPROCS(1) while goroutines are queued in P0's runnext and ring:
// procresize keeps P0's queues (P0 survives), then Gosched lets them run.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	var wg sync.WaitGroup
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			fmt.Println("g", i)
		}(i)
	}
	runtime.GOMAXPROCS(1)
	fmt.Println("main after resize")
	runtime.Gosched()
	fmt.Println("main after Gosched")
	wg.Wait()
}
