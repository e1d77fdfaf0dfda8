// A goroutine that ends with runtime.Goexit, for docs/events.md's example
// of the Goexit event.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer fmt.Println("deferred calls run")
		runtime.Goexit()
	}()
	wg.Wait()
}
