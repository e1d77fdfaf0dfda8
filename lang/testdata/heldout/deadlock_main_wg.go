//go:build ignore

// main waits on a WaitGroup whose last Done is never called; the workers
// have all finished, so main is the only goroutine left.
package main

import (
	"fmt"
	"sync"
)

func run(wg *sync.WaitGroup, id int) {
	defer wg.Done()
	fmt.Println("worker", id)
}

func main() {
	var wg sync.WaitGroup
	wg.Add(4)
	for i := 0; i < 3; i++ {
		go run(&wg, i)
	}
	wg.Wait()
}
