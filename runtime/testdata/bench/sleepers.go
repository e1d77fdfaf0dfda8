//go:build ignore

package main

import (
	"sync"
	"time"
)

// 1,000 goroutines each sleep 1,000 times: about 5 million events, and a
// million timers made and fired.
func main() {
	var wg sync.WaitGroup
	for i := 0; i < 1000; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 1000; j++ {
				time.Sleep(time.Millisecond)
			}
		}()
	}
	wg.Wait()
}
