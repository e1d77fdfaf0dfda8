// sync.OnceFunc, compiled from Go's source: f runs once whoever calls
// first, and a panic in f panics again, with the same value, on every call.
package main

import (
	"errors"
	"fmt"
	"sync"
)

func main() {
	n := 0
	f := sync.OnceFunc(func() {
		n++
		fmt.Println("init runs")
	})
	f()
	f()
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			f()
		}()
	}
	wg.Wait()
	fmt.Println("n =", n)

	calls := 0
	g := sync.OnceFunc(func() {
		calls++
		panic(errors.New("init failed"))
	})
	for i := range 3 {
		func() {
			defer func() {
				r := recover()
				fmt.Println("call", i, "recovered:", r)
			}()
			g()
		}()
	}
	fmt.Println("calls =", calls)

	h := sync.OnceFunc(func() { panic(fmt.Sprint("boom ", calls)) })
	defer fmt.Println("deferred in main")
	h()
}
