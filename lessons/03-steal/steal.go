//go:build ignore

// steal: main spawns eight workers on its P (P3); wakep starts spinning Ms on the
// idle Ps, and they steal half of its ring at a time. Try `break steal`.
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
			sim.Work(time.Millisecond)
		}()
	}
	wg.Wait()
	fmt.Println("8 workers done")
}
