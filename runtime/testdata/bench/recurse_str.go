//go:build ignore

// An infinite recursion variant (issue 7 §5: every shape under 3 s and
// 500 MB of host memory).
package main

func f(n int, s string) int {
	t := s
	return f(n+1, t) + len(t)
}

func main() {
	println(f(0, "hello"))
}
