//go:build ignore

// Eight goroutines sleep for the same 1 ms: their timers expire together
// and are run in one timers.check; the order they print in is the order
// the scheduler readies them.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			time.Sleep(time.Millisecond)
			fmt.Println("woke", id)
		}(i)
	}
	wg.Wait()
}
