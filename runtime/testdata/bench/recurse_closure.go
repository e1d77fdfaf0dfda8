//go:build ignore

// An infinite recursion variant (issue 7 §5: every shape under 3 s and
// 500 MB of host memory).
package main

func main() {
	var g func(n int) int
	g = func(n int) int {
		return g(n+1) + 1
	}
	println(g(0))
}
