//go:build ignore

// A goroutine locked to its thread yields with Gosched: its M hands the P
// off and sleeps (stoplockedm) and the other M hands it back (startlockedm).
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	runtime.GOMAXPROCS(1)
	var wg sync.WaitGroup
	wg.Add(2)
	go func() {
		defer wg.Done()
		runtime.LockOSThread()
		for i := 0; i < 3; i++ {
			fmt.Println("locked", i)
			runtime.Gosched()
		}
		runtime.UnlockOSThread()
	}()
	go func() {
		defer wg.Done()
		for i := 0; i < 3; i++ {
			fmt.Println("free", i)
			runtime.Gosched()
		}
	}()
	wg.Wait()
	runtime.GC()
	x := []int{1}
	runtime.KeepAlive(x)
}
