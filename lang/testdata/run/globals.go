//go:build ignore

// Package-level variables (initialised in dependency order), init funcs.
package main

import (
	"fmt"
	"runtime"
	"sync"
)

var (
	a     = b + 1
	b     = f(2)
	c, d  = pair()
	total int
	wg    sync.WaitGroup
	mu    sync.Mutex
	greet = func(s string) string { return "hi " + s }
	ch    = make(chan int, 4)
)

func f(x int) int { return x * 10 }

func pair() (int, string) { return 7, "seven" }

func init() {
	total = a + b
	ch <- 1
}

func init() {
	total++
}

func add(n int) {
	defer wg.Done()
	mu.Lock()
	total += n
	mu.Unlock()
}

func main() {
	fmt.Println(a, b, c, d, total, greet("there"), len(ch))
	for i := range 4 {
		wg.Add(1)
		go add(i)
	}
	wg.Wait()
	fmt.Println(total, runtime.NumGoroutine())
	runtime.Gosched()
}
