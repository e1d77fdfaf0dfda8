//go:build ignore

// preempt: two CPU-bound goroutines on one P that never block or yield.
//
// What to look for (gmplab run examples/preempt.go --gomaxprocs 1):
// sim.Work burns CPU without function calls, so only asynchronous
// preemption can stop it: sysmon sees the P's schedtick unchanged for
// 10 ms (retake), asks for preemption (preemptone), the signal stops the
// G at a safe point (asyncPreempt) and it goes to the global queue, so a
// and b take turns about every 10–20 ms and main wakes from its sleep.
//
// Without preemption (--layers stacks,procs,steal,sysmon) the first
// goroutine keeps the P forever: the other never runs, main never wakes,
// and the run ends at --max-time. (The real runtime with
// GODEBUG=asyncpreemptoff=1 hangs the same way.)
package main

import (
	"fmt"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func spin(name string) {
	for i := 1; ; i++ {
		sim.Work(5 * time.Millisecond)
		fmt.Printf("%s: %dms of CPU\n", name, 5*i)
	}
}

func main() {
	go spin("a")
	go spin("b")
	time.Sleep(50 * time.Millisecond)
	fmt.Println("main: woke after 50ms")
}
