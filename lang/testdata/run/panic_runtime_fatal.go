//go:build ignore

// Errors that Go makes fatal cannot be recovered: the deferred call with
// recover does not run.
package main

import (
	"fmt"
	"sync"
)

func main() {
	defer func() {
		fmt.Println("recovered", recover())
	}()
	var mu sync.Mutex
	mu.Lock()
	mu.Unlock()
	fmt.Println("unlocking again")
	mu.Unlock()
}
