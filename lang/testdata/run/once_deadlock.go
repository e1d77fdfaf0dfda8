package main

// sync.Once.Do blocks a second caller until the first f returns: f calling
// Do on the same Once deadlocks, as in Go (once.go's doSlow holds o.m).

import (
	"fmt"
	"sync"
)

func main() {
	var once sync.Once
	once.Do(func() {
		fmt.Println("in f")
		once.Do(func() { fmt.Println("never") })
	})
	fmt.Println("unreachable")
}
