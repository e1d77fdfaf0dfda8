// fib: naive recursion, a non-inlined call and return per step.
// Usage: fib [n] (default fib(38), about 126 million calls).
package main

import (
	"fmt"
	"os"
	"strconv"
)

func fib(n int) int {
	if n < 2 {
		return n
	}
	return fib(n-1) + fib(n-2)
}

func main() {
	n := 38
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	fmt.Println(fib(n))
}
