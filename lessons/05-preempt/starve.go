//go:build ignore

// starve: a goroutine computes for 100 ms in a loop with no calls while
// main, on the same P, sleeps for 1 ms three times and prints how late it
// woke. Without preemption main waits for the whole loop; with it, for
// about one time slice. The real runtime prints different, varying
// numbers (its sysmon and signals are not as punctual as the model's).
package main

import (
	"fmt"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	go func() {
		sim.Work(100 * time.Millisecond) // a loop with no function calls
	}()
	for i := 0; i < 3; i++ {
		start := time.Now()
		time.Sleep(time.Millisecond)
		fmt.Println("slept 1ms, woke after", time.Since(start).Milliseconds(), "ms")
	}
}
