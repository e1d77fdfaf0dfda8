//go:build ignore

// An infinite recursion variant (issue 7 §5: every shape under 3 s and
// 500 MB of host memory).
package main

func f(n, a, b int) int {
	c := a + b
	d := n * 2
	return f(n+1, c, d) + c - d
}

func main() {
	println(f(0, 1, 2))
}
