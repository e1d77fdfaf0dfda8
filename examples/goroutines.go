//go:build ignore

// goroutines: main and one goroutine each print a word five times, sleeping
// 100 ms before each print (the program of A Tour of Go's "Goroutines").
//
// What to look for (gmplab run examples/goroutines.go --gomaxprocs 1):
//   - both sleepers' timers are due microseconds apart; the idle M sleeps
//     in netpoll for whole milliseconds plus the timer slack, so both fire
//     in one timers.check and the one fired last runs first, from runnext;
//   - so the words alternate in pairs (world hello hello world ...), the
//     order go run prints with one P.
//
// The same file runs on the real runtime: GOMAXPROCS=1 go run examples/goroutines.go
package main

import (
	"fmt"
	"time"
)

func say(s string) {
	for i := 0; i < 5; i++ {
		time.Sleep(100 * time.Millisecond)
		fmt.Println(s)
	}
}

func main() {
	go say("world")
	say("hello")
}
