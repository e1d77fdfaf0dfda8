//go:build ignore

// defer: a library call becomes a wrapper (main.main.deferwrap1); with
// named results, OpRunDefers runs the deferred calls before they are read.
package main

import "fmt"

var calls int

func twice() (n int) {
	defer func() { n *= 2 }()
	calls++
	return calls + 1
}

func main() {
	ch := make(chan int, 1)
	defer close(ch)
	defer fmt.Println("done", calls)
	for i := range 2 {
		fmt.Println(i, twice())
	}
	s := "gmplab"
	switch s[:3] {
	case "gmp":
		fmt.Println(len(s))
	default:
		panic("unreachable")
	}
}
