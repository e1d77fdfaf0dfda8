//go:build ignore

// A big heap that changes a little at a time: a 200,000-element slice and
// a 5,000-key map built once, four goroutines each bumping one of its own
// 500 counters per Gosched. The debugger's snapshots of it share what did
// not change (issue 8).
package main

import (
	"runtime"
	"sync"
)

func main() {
	xs := make([]int, 200000)
	m := map[int]int{}
	for i := 0; i < 5000; i++ {
		m[i] = i
	}
	var wg sync.WaitGroup
	for w := 0; w < 4; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 0; i < 100000; i++ {
				xs[w*500+i%500]++
				runtime.Gosched()
			}
		}()
	}
	wg.Wait()
	println(xs[0], len(m))
}
