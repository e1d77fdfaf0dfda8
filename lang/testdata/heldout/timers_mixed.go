//go:build ignore

// Sleepers and busy goroutines together: the sleepers' timers fire while
// the others yield with Gosched.
package main

import (
	"fmt"
	"runtime"
	"sync"
	"time"
)

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func(id int) {
			defer wg.Done()
			time.Sleep(time.Duration(id+1) * 300 * time.Microsecond)
			fmt.Println("sleeper", id)
		}(i)
	}
	wg.Add(1)
	go func() {
		defer wg.Done()
		for j := 0; j < 3; j++ {
			fmt.Println("yielder", j)
			runtime.Gosched()
		}
	}()
	wg.Wait()
}
