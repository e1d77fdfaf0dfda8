//go:build ignore

// tiny: main starts two goroutines on one P and waits for them.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 2; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sim.Work(100 * time.Microsecond)
		}()
	}
	wg.Wait()
	fmt.Println("done")
}
