//go:build ignore

// locked: two goroutines sleep 1 ms three times on one P. G7 first calls
// runtime.LockOSThread, as code that drives a C GUI library or a Linux
// namespace must; G8 does not. Each time G7 sleeps, its thread M0 may run
// nothing else: it hands P0 to another thread and parks (stoplockedm). Each
// time G7 wakes, the thread that finds it hands P0 back to M0 and parks
// (startlockedm). Try `break stoplockedm`, `continue`, `threads`.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(2)
	go func() { // wired to its thread
		defer wg.Done()
		runtime.LockOSThread()
		defer runtime.UnlockOSThread()
		for i := 0; i < 3; i++ {
			time.Sleep(time.Millisecond)
		}
	}()
	go func() { // an ordinary goroutine doing the same
		defer wg.Done()
		for i := 0; i < 3; i++ {
			time.Sleep(time.Millisecond)
		}
	}()
	wg.Wait()
	fmt.Println("done")
}
