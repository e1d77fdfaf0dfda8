//go:build ignore

// Writing to a nil map panics as Go words it.
package main

import "fmt"

type Registry struct{ byName map[string]int }

func main() {
	var r Registry
	fmt.Println(r.byName["x"], len(r.byName))
	r.byName["x"] = 1
}
