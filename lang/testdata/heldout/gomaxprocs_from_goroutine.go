//go:build ignore

// A goroutine, not main, changes GOMAXPROCS to 1 while other goroutines
// wait in the queues; then main restores 2 and reads it back.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	old := runtime.GOMAXPROCS(2)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		fmt.Println("goroutine sets 1, was", runtime.GOMAXPROCS(1))
	}()
	wg.Wait()
	for i := 0; i < 4; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			fmt.Println("worker", i, "sees", runtime.GOMAXPROCS(0))
		}(i)
	}
	wg.Wait()
	fmt.Println("main sets 2, was", runtime.GOMAXPROCS(2))
	fmt.Println("now", runtime.GOMAXPROCS(0), old > 0)
}
