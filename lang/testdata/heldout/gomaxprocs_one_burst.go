//go:build ignore

// GOMAXPROCS(1) first, then a burst of 258 goroutines that print: with one
// P the order is the runnext/ring/global order whatever the starting count.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	var wg sync.WaitGroup
	for i := 0; i < 258; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			fmt.Println(n)
		}(i)
	}
	wg.Wait()
}
