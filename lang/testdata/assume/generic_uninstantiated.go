// A generic function that is never instantiated, holding a construct
// outside gmplab's subset (iter.Pull): Go compiles and runs the program.
package main

import (
	"fmt"
	"iter"
)

func first[T any](s iter.Seq[T]) (T, bool) {
	next, stop := iter.Pull(s)
	defer stop()
	return next()
}

func main() {
	fmt.Println("main runs")
}
