//go:build ignore

// Sleeps of 5, 4, 3, 2, 1 ms started in that order finish in the reverse
// order: far apart deadlines are run one by one.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 5; i >= 1; i-- {
		wg.Add(1)
		go func(ms int) {
			defer wg.Done()
			time.Sleep(time.Duration(ms) * time.Millisecond)
			fmt.Println("slept", ms, "ms")
		}(i)
	}
	wg.Wait()
}
