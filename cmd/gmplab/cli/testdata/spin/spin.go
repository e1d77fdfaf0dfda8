//go:build ignore

// spin: one goroutine, main, computes for 300 ms in a loop with no calls,
// alone on its P. Nothing else is runnable, yet sysmon preempts it every
// 10-20 ms and execute starts it on a new slice each time, so its P's
// schedtick moves (lesson 07's schedtrace reading).
package main

import (
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	sim.Work(300 * time.Millisecond)
}
