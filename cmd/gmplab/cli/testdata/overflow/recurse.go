// An infinite recursion in main: it ends at the 1 GB stack limit with the
// traceback's innermost and outermost frames around "...N frames elided...".
package main

func f(n int) int {
	return f(n+1) + 1
}

func main() {
	println(f(0))
}
