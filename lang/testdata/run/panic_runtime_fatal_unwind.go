//go:build ignore

// A fatal error in a deferred call while a panic unwinds: fatal prints
// the panic first (printPreFatalDeferPanic), and no recover runs.
package main

import (
	"fmt"
	"sync"
)

var mu sync.Mutex

func work() {
	defer mu.Unlock()
	panic(fmt.Sprint("boom ", 1)) // before mu.Lock
}

func main() {
	defer func() {
		fmt.Println("recovered", recover())
	}()
	work()
}
