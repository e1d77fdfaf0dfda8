// A dedicated mark worker preempted by sysmon, for docs/events.md's
// example of runqdrain (golang/go#21698). Three goroutines keep three Ps
// busy, two more wait in main's P's run queue, and runtime.GC marks a
// 70 MB heap of string headers. When main waits for the cycle, its P
// takes the dedicated worker, which marks for nearly 20 ms; sysmon
// preempts it after 10 ms, and it kicks the two waiting goroutines to the
// global queue so that other Ps can run them.
package main

import (
	"fmt"
	"runtime"
	"runtime/debug"
	"time"

	"github.com/gmplab/gmplab/sim"
)

var big []string

func main() {
	debug.SetGCPercent(-1) // no cycle before the stage is set
	big = make([]string, 4_400_000)
	done := make(chan bool)
	for i := 0; i < 3; i++ {
		go func() {
			sim.Work(60 * time.Millisecond)
			done <- true
		}()
	}
	sim.Work(200 * time.Microsecond) // the three take the other Ps
	for i := 0; i < 2; i++ {
		go func() { done <- true }()
	}
	debug.SetGCPercent(100)
	runtime.GC()
	for i := 0; i < 5; i++ {
		<-done
	}
	fmt.Println(len(big))
}
