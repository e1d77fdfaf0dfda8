//go:build ignore

// recursion: a deep recursion that outgrows the goroutine's 2 KB stack.
//
// What to look for (gmplab run examples/recursion.go):
// every call's prologue compares SP with stackguard0; when the next frame
// does not fit, morestack calls newstack, which doubles the stack and
// copies the used part (newstack 2048 → 4096 bytes, …). The cost of the
// copy grows with the stack, but each size is reached only once.
package main

import "fmt"

func depth(n int) int {
	if n == 0 {
		return 0
	}
	return depth(n-1) + 1
}

func main() {
	fmt.Println("reached depth", depth(10000))
}
