//go:build ignore

// runtime.Goexit two calls deep in a goroutine: every deferred call runs,
// innermost first, and the code after the calls never does.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

func inner() {
	defer fmt.Println("inner deferred")
	runtime.Goexit()
	fmt.Println("not reached")
}

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		defer fmt.Println("outer deferred")
		inner()
		fmt.Println("not reached either")
	}()
	wg.Wait()
	fmt.Println("main done", runtime.NumGoroutine())
}
