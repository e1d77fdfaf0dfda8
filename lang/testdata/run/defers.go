//go:build ignore

// Deferred calls: LIFO, arguments evaluated at the defer, named results.
package main

import (
	"fmt"
	"sync"
)

func named() (r int) {
	defer func() { r *= 2 }()
	r = 5
	return r + 1
}

func naked() (a, b int) {
	defer func() { a, b = b, a }()
	a, b = 1, 2
	return
}

func unnamed() int {
	x := 1
	defer func() { x = 100 }()
	return x
}

func loop() {
	for i := 0; i < 3; i++ {
		defer fmt.Println("deferred", i)
	}
	fmt.Println("loop body done")
}

func depth(n int) int {
	if n == 0 {
		return 0
	}
	defer func() {}()
	return depth(n-1) + 1
}

func withMutex(mu *sync.Mutex, name string) {
	mu.Lock()
	defer mu.Unlock()
	fmt.Println("holding the lock:", name)
}

func main() {
	defer fmt.Println("main's deferred call runs last")
	x := 1
	defer fmt.Println("x was", x)
	x = 2
	fmt.Println(named(), unnamed())
	fmt.Println(naked())
	loop()
	fmt.Println(depth(500))
	var mu sync.Mutex
	func() {
		mu.Lock()
		defer mu.Unlock()
		fmt.Println("locked", mu.TryLock())
	}()
	fmt.Println("unlocked", mu.TryLock())
	mu.Unlock()
	withMutex(&mu, "a")
	withMutex(&mu, "b")
	ch := make(chan int, 1)
	func() {
		defer close(ch)
		ch <- 7
	}()
	v, ok := <-ch
	v2, ok2 := <-ch
	fmt.Println(v, ok, v2, ok2)
	defer func(s string) { fmt.Println("closure arg", s) }("evaluated early")
	println("println works in defer too")
	defer println("deferred println", x)
}
