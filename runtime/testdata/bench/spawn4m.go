//go:build ignore

// 4,000,000 goroutines spawned with go func(){...}() and joined (issue 7
// §6: under 150 MB; Go: 69 MB).
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	for i := 0; i < 4000000; i++ {
		wg.Add(1)
		go func() {
			wg.Done()
		}()
	}
	wg.Wait()
	println("done")
}
