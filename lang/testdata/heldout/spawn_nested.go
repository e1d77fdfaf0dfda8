//go:build ignore

// Goroutines that spawn goroutines: each of four parents starts three
// children; everyone prints its path.
package main

import (
	"fmt"
	"sync"
)

func main() {
	var wg sync.WaitGroup
	for p := 0; p < 4; p++ {
		wg.Add(1)
		go func(p int) {
			defer wg.Done()
			fmt.Println("parent", p)
			for c := 0; c < 3; c++ {
				wg.Add(1)
				go func(c int) {
					defer wg.Done()
					fmt.Println("child", p, c)
				}(c)
			}
		}(p)
	}
	wg.Wait()
}
