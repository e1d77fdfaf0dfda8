//go:build ignore

// sync: Unlock of unlocked RWMutex is fatal: no recover catches it.
package main

import (
	"fmt"
	"sync"
)

func main() {
	defer func() {
		fmt.Println("recovered", recover())
	}()
	var mu sync.RWMutex
	mu.Lock()
	mu.Unlock()
	fmt.Println("unlocking again")
	mu.Unlock()
}
