//go:build ignore

// first: idle.go without its short first call. main's 30 ms system call is
// the first on its P, so the P's syscalltick is still 0, as is sysmon's
// record of it and of when it saw it; nanotime() counts from the machine's
// boot, so "over 10 ms since sysmon saw the syscall" already holds, and
// sysmon takes the P at its first look with nothing waiting. Run it with
// --gomaxprocs 2.
package main

import (
	"fmt"
	"runtime"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	runtime.Gosched() // let the runtime's own goroutines run and park first
	sim.Syscall(30 * time.Millisecond)
	fmt.Println("syscall returned")
}
