//go:build ignore

// main calls runtime.Goexit: its deferred call runs, the other goroutine
// finishes, and then no goroutine is left.
package main

import (
	"fmt"
	"runtime"
	"time"
)

func main() {
	go func() {
		time.Sleep(time.Millisecond)
		fmt.Println("other goroutine done")
	}()
	defer fmt.Println("main's deferred call")
	runtime.Goexit()
	fmt.Println("not reached")
}
