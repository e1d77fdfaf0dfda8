//go:build ignore

// Garbage: func values and captured variables are freed once unreachable
// (tens of thousands of each, so the collector runs many times), while the
// ones held by channel buffers, blocked senders, globals, deferred calls,
// other closures' captured variables and goroutines keep working.
package main

import (
	"fmt"
	"sync"
	"time"
)

var keep func() int

func adder(base int) func(int) int {
	return func(x int) int { return base + x }
}

func garbage(n int) int {
	s := 0
	for i := 0; i < n; i++ {
		f := adder(i)
		g := func() int { return f(i) }
		s += g() % 7
	}
	return s
}

func main() {
	sum := 0
	for i := 0; i < 50000; i++ {
		f := func() int { return i * 2 }
		sum += f()
	}
	fmt.Println("loop", sum)

	ch := make(chan func() int, 100)
	for i := 0; i < 100; i++ {
		ch <- func() int { return i }
	}
	sent := make(chan func() int)
	go func() {
		k := 99
		sent <- func() int { return k }
	}()
	time.Sleep(time.Millisecond)

	mk := func(n int) func() int {
		h := adder(n)
		return func() int { return h(n) }
	}
	keep = mk(21)

	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}

	defer func(f func(int) int) {
		fmt.Println("deferred", f(1), garbage(5000))
	}(adder(41))

	fmt.Println("garbage", garbage(30000))
	total := 0
	for i := 0; i < 100; i++ {
		total += (<-ch)()
	}
	fmt.Println("buffered", total, "blocked sender", (<-sent)(), "global", keep(), "fib", fib(20))

	var wg sync.WaitGroup
	var mu sync.Mutex
	acc := 0
	for i := 0; i < 2000; i++ {
		wg.Add(1)
		f := adder(i)
		go func() {
			defer wg.Done()
			v := f(garbage(3))
			mu.Lock()
			acc += v
			mu.Unlock()
		}()
	}
	wg.Wait()
	fmt.Println("goroutines", acc, garbage(20000))
}
