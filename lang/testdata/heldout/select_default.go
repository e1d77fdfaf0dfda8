//go:build ignore

// Polling with select and default, yielding with Gosched, until a worker
// reports; the number of polls depends on the scheduler's order.
package main

import (
	"fmt"
	"runtime"
)

func main() {
	res := make(chan int, 1)
	go func() {
		s := 0
		for i := 1; i <= 100; i++ {
			s += i
		}
		res <- s
	}()
	polls := 0
	for {
		select {
		case v := <-res:
			fmt.Println("result", v, "after", polls, "polls")
			return
		default:
			polls++
			runtime.Gosched()
		}
	}
}
