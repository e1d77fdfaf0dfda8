//go:build ignore

// sync/atomic's types: Go by Example's atomic counters, fields of atomic
// types, Swap, CompareAndSwap, Bool, and wrap-around of Int32 and Uint32.
package main

import (
	"fmt"
	"sync"
	"sync/atomic"
)

type Stats struct {
	hits   atomic.Int64
	misses atomic.Uint32
	ready  atomic.Bool
}

func main() {
	var ops atomic.Uint64
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func() {
			for c := 0; c < 1000; c++ {
				ops.Add(1)
			}
			wg.Done()
		}()
	}
	wg.Wait()
	fmt.Println("ops:", ops.Load())

	s := &Stats{}
	s.hits.Add(5)
	s.hits.Add(-2)
	s.misses.Store(7)
	old := s.misses.Swap(9)
	fmt.Println(s.hits.Load(), old, s.misses.Load(), s.ready.Load())
	fmt.Println(s.ready.CompareAndSwap(true, false), s.ready.CompareAndSwap(false, true), s.ready.Load())
	fmt.Println(s.hits.CompareAndSwap(3, 30), s.hits.Load())

	var i32 atomic.Int32
	i32.Store(1<<31 - 1)
	fmt.Println(i32.Add(1))
	var u32 atomic.Uint32
	fmt.Println(u32.Add(1<<32-1), u32.Add(2))
}
