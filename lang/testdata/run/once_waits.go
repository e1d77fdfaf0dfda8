package main

// sync.Once.Do: a second goroutine calling Do while f runs waits for f to
// return, and then sees what f did.

import (
	"fmt"
	"sync"
	"time"
)

func main() {
	var once sync.Once
	var wg sync.WaitGroup
	config := ""
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			once.Do(func() {
				time.Sleep(20 * time.Millisecond)
				config = "loaded"
			})
			fmt.Println("sees", config)
		}()
	}
	wg.Wait()
}
