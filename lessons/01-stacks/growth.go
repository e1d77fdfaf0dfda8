//go:build ignore

// growth: a recursion 200 calls deep does not fit in the 2 KB stack a
// goroutine starts with, so newstack doubles it by copying, twice. Use
// `break newstack`, then `goroutine 1` to see the frames and their sizes.
package main

import "fmt"

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}

func main() {
	fmt.Println("depth", depth(200))
}
