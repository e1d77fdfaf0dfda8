//go:build ignore

// spawn_println: spawn300 without fmt: a program that does not import os
// has no finalizer goroutine, so its first goroutine is 6, only one system
// goroutine waits in P0's ring, and the ring overflows one G later than
// with fmt. println writes to stderr.
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 300; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			println(n)
		}(i)
	}
	wg.Wait()
}
