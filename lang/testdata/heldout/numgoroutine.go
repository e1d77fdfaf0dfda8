//go:build ignore

// runtime.NumGoroutine as goroutines are spawned, parked and finished.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	fmt.Println("start", runtime.NumGoroutine())
	block := make(chan bool)
	var wg sync.WaitGroup
	for i := 0; i < 5; i++ {
		wg.Add(1)
		go func() {
			wg.Done()
			<-block
		}()
	}
	wg.Wait()
	fmt.Println("parked", runtime.NumGoroutine())
	close(block)
	for runtime.NumGoroutine() > 1 {
		runtime.Gosched()
	}
	fmt.Println("end", runtime.NumGoroutine())
}
