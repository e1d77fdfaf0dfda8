//go:build ignore

// Normal mode: main unlocks and immediately locks again, without ever
// blocking, while a goroutine waits for less than a millisecond. The
// running G barges in ahead of the woken waiter.
package main

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var mu sync.Mutex
	got := make(chan int)
	mu.Lock()
	go func() {
		mu.Lock()
		got <- 1
		mu.Unlock()
	}()
	time.Sleep(100 * time.Microsecond)
	for i := 0; i < 3; i++ {
		mu.Unlock()
		mu.Lock()
		fmt.Println("main relocked", i)
	}
	mu.Unlock()
	fmt.Println("waiter got it:", <-got)
}
