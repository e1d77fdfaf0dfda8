//go:build ignore

// gosched: two goroutines print three lines each and yield with
// runtime.Gosched after every line.
//
// What to look for (gmplab run examples/gosched.go --gomaxprocs 1):
// Gosched puts the G at the tail of the global queue, not its P's ring
// (goschedImpl), so on one P the two take turns: b, a, b, a, b, a.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	say := func(name string) {
		defer wg.Done()
		for i := 0; i < 3; i++ {
			fmt.Println(name, i)
			runtime.Gosched()
		}
	}
	wg.Add(2)
	go say("a")
	go say("b")
	wg.Wait()
}
