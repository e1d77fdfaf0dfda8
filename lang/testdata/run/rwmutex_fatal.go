// RUnlock of an RWMutex that is not read-locked is a fatal error (a throw,
// not a panic: no recover, exit status 2).
package main

import (
	"fmt"
	"sync"
)

func main() {
	var rw sync.RWMutex
	rw.RLock()
	rw.RUnlock()
	fmt.Println("balanced")
	rw.RUnlock()
	fmt.Println("not reached")
}
