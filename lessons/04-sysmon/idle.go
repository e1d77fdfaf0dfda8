//go:build ignore

// idle: main makes a 30 ms system call with nothing else to run and a
// second P idle. Handing the P over would help nobody, so sysmon leaves it
// attached for about 10 ms before it takes it. Run it with --gomaxprocs 2.
package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	runtime.Gosched()             // let the runtime's own goroutines run and park first
	sim.Syscall(time.Microsecond) // a first, short call, so that the long one is not its P's first (first.go shows why that matters)
	sim.Syscall(30 * time.Millisecond)
	fmt.Println("syscall returned")
}
