//go:build ignore

// A field read through a nil pointer panics as Go words it, after the
// deferred calls ran.
package main

import "fmt"

type T struct{ n int }

func get(t *T) int { return t.n }

func main() {
	defer fmt.Println("deferred")
	var t *T
	fmt.Println(t == nil)
	fmt.Println(get(t))
}
