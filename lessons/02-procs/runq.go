//go:build ignore

// runq: 300 goroutines spawned on one P. Behind runnext they fill the ring
// (256 slots, two taken by the runtime's start-up goroutines); the next one
// overflows it: runqputslow moves 129 to the global queue. Try `break runqputslow`.
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
