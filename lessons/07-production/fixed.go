//go:build ignore

// fixed: leak.go with the one-line fix: a buffered channel of one, so the
// worker's send completes even when nobody is left to receive it, and the
// worker exits.
package main

import (
	"fmt"
	"runtime"
	"time"
)

func fetch(id int) (int, bool) {
	result := make(chan int, 1) // room for the answer: the send never blocks
	go func() {
		time.Sleep(2 * time.Millisecond) // the slow backend
		result <- id * 10
	}()
	select {
	case v := <-result:
		return v, true
	case <-time.After(time.Millisecond):
		return 0, false
	}
}

func main() {
	for id := 1; id <= 5; id++ {
		if _, ok := fetch(id); !ok {
			fmt.Println("request", id, "timed out")
		}
	}
	time.Sleep(10 * time.Millisecond)
	fmt.Println("goroutines:", runtime.NumGoroutine())
}
