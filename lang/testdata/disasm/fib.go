//go:build ignore

// Recursion: fib's frame is 32 bytes (8 for n, 16 for the return address
// and saved BP, 8 for the outgoing argument); a leaf like add has no
// prologue check, and the compiler inlines it into main, whose frame takes
// add's locals.
package main

import "fmt"

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func add(a, b int) int { return a + b }

func main() {
	fmt.Println(fib(10), add(1, 2))
}
