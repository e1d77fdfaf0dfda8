//go:build ignore

// runq: 300 goroutines spawned on one P. The first 256 (after runnext) fill
// the ring; the next one overflows it and runqputslow moves 129 to the
// global queue. Try `break runqputslow`, then `board`.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 300; i++ {
		wg.Add(1)
		go func() {
			wg.Done()
		}()
	}
	wg.Wait()
	fmt.Println("300 goroutines ran")
}
