//go:build ignore

// A goroutine locks its thread and ends without unlocking: its thread
// exits with it. Another locked goroutine blocks for good, and main too:
// the deadlock lists both.
package main

import (
	"fmt"
	"runtime"
)

func worker(done chan int) {
	runtime.LockOSThread()
	done <- 1
}

func main() {
	done := make(chan int)
	go worker(done)
	<-done
	runtime.Gosched()
	fmt.Println("main goes on")
	block := make(chan int)
	go func() {
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		<-block
	}()
	<-block
}
