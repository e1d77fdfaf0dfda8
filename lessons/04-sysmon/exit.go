//go:build ignore

// exit: main's 1 ms system call loses its only P to a 3 ms worker. When
// the call returns there is no idle P, so exitsyscall takes its slowest
// path: main goes to the global queue and its thread parks. Try
// `break exitsyscall`.
package main

import (
	"fmt"
	"time"

	"github.com/gmplab/gmplab/sim"
)

func main() {
	done := make(chan bool)
	go func() {
		sim.Work(3 * time.Millisecond) // keeps the P busy for 3 ms
		done <- true
	}()
	sim.Syscall(time.Millisecond)
	fmt.Println("syscall returned")
	<-done
}
