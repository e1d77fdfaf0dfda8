//go:build ignore

// Three consumers range over a buffered channel that a producer fills and
// closes: the buffered values are drained before the close is seen.
package main

import (
	"fmt"
	"sync"
)

func main() {
	jobs := make(chan int, 4)
	var wg sync.WaitGroup
	for w := 0; w < 3; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			for j := range jobs {
				fmt.Println("worker", w, "job", j)
			}
			fmt.Println("worker", w, "sees close")
		}(w)
	}
	for j := 0; j < 9; j++ {
		jobs <- j
	}
	close(jobs)
	wg.Wait()
}
