//go:build ignore

// An infinite recursion: it ends at the 1 GB stack limit (issue 7 §5:
// under 3 s and 500 MB of host memory).
package main

func f(n int) int {
	return f(n+1) + 1
}

func main() {
	println(f(0))
}
