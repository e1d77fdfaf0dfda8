//go:build ignore

// spawners: eight goroutines each start fifty short ones. In the GM model
// (layer stacks alone) every go statement, every exit and every pick of the
// next goroutine takes the one lock around the one global queue; run it at
// --gomaxprocs 1, 2, 4, 8, 16 with --stats and compare lock_contended.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 8; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for j := 0; j < 50; j++ {
				wg.Add(1)
				go func() {
					defer wg.Done()
					sim.Work(200 * time.Nanosecond)
				}()
			}
		}()
	}
	wg.Wait()
	fmt.Println("400 goroutines ran")
}
