//go:build ignore

package main

import "fmt"

func check(n int) {
	if n > 2 {
		panic(fmt.Sprintf("n is too big: %d", n))
	}
}

func main() {
	for i := range 5 {
		defer fmt.Println("unwinding", i)
		check(i)
	}
}
