//go:build ignore

// start reports where the real runtime's start-up left main.main: the P it
// begins on and the id of the first goroutine it creates. The model always
// starts main on the last P with GOMAXPROCS above 1, and its first go
// statement makes G19 (lesson 02, docs/assumptions.md "Start-up"); on the
// real runtime both are the outcome of a race between the threads that run
// runtime.main's own goroutines, and vary from run to run. This program is
// not a gmplab scenario (it asks the runtime for its P). Run it from the
// repository's root, several times:
//
//	go build -o /tmp/start lessons/02-procs/real/start.go
//	for i in 1 2 3 4 5 6 7 8; do GOMAXPROCS=4 /tmp/start; done
package main

import (
	"fmt"
	"runtime"
	"strings"
	_ "unsafe" // for go:linkname
)

// procPin returns the id of the current P (and pins the goroutine to it
// until procUnpin): runtime/proc.go keeps it for packages that link to it.
//
//go:linkname procPin runtime.procPin
func procPin() int

//go:linkname procUnpin runtime.procUnpin
func procUnpin()

func main() {
	p := procPin()
	procUnpin()
	id := make(chan string)
	go func() {
		buf := make([]byte, 64)
		buf = buf[:runtime.Stack(buf, false)]
		id <- strings.Fields(string(buf))[1] // "goroutine N [running]:"
	}()
	fmt.Printf("main.main began on P%d; its first goroutine is G%s\n", p, <-id)
}
