//go:build ignore

// preempt: two goroutines burn 30 ms of CPU each on one P, in loops with no
// function calls. Only asynchronous preemption can stop them: sysmon sends
// the signal every 10 ms and they take turns. Try `break preempt`.
package main

import (
	"fmt"
	"sync"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			sim.Work(30 * time.Millisecond)
		}()
	}
	wg.Wait()
	fmt.Println("both loops done")
}
