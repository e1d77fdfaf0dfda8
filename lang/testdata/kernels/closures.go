// closures: calls of closures that capture and update variables, through a
// func value the compiler cannot inline.
// Usage: closures [n] (default 100,000,000 calls).
package main

import (
	"fmt"
	"os"
	"strconv"
)

func counter(step int) (func(int) int, func() int) {
	total := 0
	add := func(x int) int {
		total += x * step
		return total
	}
	get := func() int { return total }
	return add, get
}

func apply(fs []func(int) int, n int) int {
	s := 0
	for i := 0; i < n; i++ {
		s ^= fs[i&3](i)
	}
	return s
}

func main() {
	n := 100_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	var fs []func(int) int
	var gets []func() int
	for k := 1; k <= 4; k++ {
		add, get := counter(k)
		fs = append(fs, add)
		gets = append(gets, get)
	}
	s := apply(fs, n)
	for _, g := range gets {
		s += g()
	}
	fmt.Println(s)
}
