//go:build ignore

// goroutines: a hundred goroutines that each sleep for a millisecond run on
// a handful of threads. Step it and count the Ms (`threads`) against the Gs
// (`goroutines`): a sleeping goroutine parks and frees its M for the next one.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			time.Sleep(time.Millisecond)
		}()
	}
	wg.Wait()
	fmt.Println("100 goroutines slept; they shared a few threads")
}
