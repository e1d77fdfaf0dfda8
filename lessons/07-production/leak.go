//go:build ignore

// leak: fetch starts a worker for each request and waits for its answer or
// a 1 ms timeout. The workers need 2 ms, so every request times out, and
// every worker then blocks for ever on its send: nobody will ever receive
// from that channel. main finishes, but five goroutines have leaked. Try
// `continue`, then `goroutines`.
package main

import (
	"fmt"
	"runtime"
	"time"
)

func fetch(id int) (int, bool) {
	result := make(chan int) // unbuffered: the send waits for a receiver
	go func() {
		time.Sleep(2 * time.Millisecond) // the slow backend
		result <- id * 10                // blocks for ever once fetch has given up
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
