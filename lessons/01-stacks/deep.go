//go:build ignore

// deep: a recursion 10,000 calls deep, three times. The first call grows
// main's stack by doubling it, copy after copy; the second finds the stack
// already big (nothing shrinks it in the model: shrinking happens at GC);
// the third runs in a new goroutine, which starts again at 2 KB.
package main

import "fmt"

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}

func main() {
	fmt.Println("main, first call:", depth(10000))
	fmt.Println("main, second call:", depth(10000))
	done := make(chan int)
	go func() {
		done <- depth(10000)
	}()
	fmt.Println("new goroutine:", <-done)
}
