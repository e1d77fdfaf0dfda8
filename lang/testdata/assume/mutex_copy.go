// Copying a struct that holds a sync.Mutex copies the lock's state in Go
// (go vet reports the copy); in gmplab the copy shares the lock.
package main

import (
	"fmt"
	"sync"
)

type S struct {
	mu sync.Mutex
	n  int
}

func main() {
	var a S
	a.mu.Lock()
	b := a // copies the locked state
	a.mu.Unlock()
	fmt.Println("the copy of a locked mutex is locked after the original's unlock:", !b.mu.TryLock())
	var c S
	d := c // copies the unlocked state
	c.mu.Lock()
	fmt.Println("the copy of an unlocked mutex is free while the original is locked:", d.mu.TryLock())
}
