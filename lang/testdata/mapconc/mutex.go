//go:build ignore

// The same two writers as writes.go, with a mutex around each write:
// never two at once, so no fatal error at any GOMAXPROCS.
package main

import (
	"fmt"
	"sync"
)

func main() {
	m := map[int]int{}
	var mu sync.Mutex
	done := make(chan bool)
	for g := 0; g < 2; g++ {
		go func() {
			for i := 0; i < 20000; i++ {
				mu.Lock()
				m[i%100] = i
				mu.Unlock()
			}
			done <- true
		}()
	}
	<-done
	<-done
	fmt.Println(len(m), "keys")
}
