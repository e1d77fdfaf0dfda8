//go:build ignore

// recover in a deferred call that runtime.Goexit runs returns nil (no
// panic is in progress), and the goroutine still ends.
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
		defer func() {
			fmt.Println("recover during Goexit:", recover())
		}()
		runtime.Goexit()
	}()
	wg.Wait()
	fmt.Println("main goes on")
}
