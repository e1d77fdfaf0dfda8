//go:build ignore

// An infinite recursion variant (issue 7 §5: every shape under 3 s and
// 500 MB of host memory).
package main

func even(n int) bool {
	if n == -1 {
		return true
	}
	return odd(n + 1)
}

func odd(n int) bool {
	if n == -1 {
		return false
	}
	return even(n + 1)
}

func main() {
	println(even(0))
}
