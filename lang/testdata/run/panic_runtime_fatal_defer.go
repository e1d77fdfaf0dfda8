//go:build ignore

// A fatal error in a deferred call that runs after recover: the panic is
// printed as recovered before the fatal error.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var mu sync.Mutex
	defer func() {
		fmt.Println("recovered", recover())
		mu.Unlock()
	}()
	panic("boom")
}
