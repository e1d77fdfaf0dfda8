//go:build ignore

// gomaxprocs258: main sets GOMAXPROCS to 1, then spawns 258 goroutines
// without yielding, each of which records its number on a buffered channel;
// main prints the order they ran in. With one P, the ring overflows once
// (runqputslow: 128 + 1 to the global queue) and the 61-tick fairness check
// picks global Gs where P0's schedtick puts it.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	prev := runtime.GOMAXPROCS(1)
	fmt.Println("GOMAXPROCS was", prev, "on", runtime.NumCPU(), "CPUs")
	order := make(chan int, 258)
	var wg sync.WaitGroup
	for i := 0; i < 258; i++ {
		wg.Add(1)
		go func(n int) {
			defer wg.Done()
			order <- n
		}(i)
	}
	wg.Wait()
	close(order)
	for n := range order {
		fmt.Print(n, " ")
	}
	fmt.Println()
}
