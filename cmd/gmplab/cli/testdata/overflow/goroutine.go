// A closure recursing, with a string argument and many locals live across
// the call, in a goroutine other than main: the traceback ends with the
// goroutine's function and its creator.
package main

import "sync"

func main() {
	var wg sync.WaitGroup
	wg.Add(1)
	var g func(n int, s string) int
	g = func(n int, s string) int {
		a, b, c, d, e, f := n*3, n*5, n*7, n*11, n*13, n*17
		h, i, j, k, l, m := a^b, b^c, c^d, d^e, e^f, f^a
		return g(n+1, s) + len(s) + a + b + c + d + e + f + h + i + j + k + l + m
	}
	go func() {
		defer wg.Done()
		println(g(0, "deep"))
	}()
	wg.Wait()
}
