//go:build ignore

// main panics in a nested call while other goroutines are parked: the
// default traceback shows only the panicking goroutine.
package main

import "fmt"

func index(xs []int, i int) int {
	return xs[i]
}

func lookup(xs []int) int {
	return index(xs, len(xs))
}

func main() {
	c := make(chan int)
	for i := 0; i < 3; i++ {
		go func() { <-c }()
	}
	fmt.Println("three parked")
	fmt.Println(lookup([]int{1, 2, 3}))
}
