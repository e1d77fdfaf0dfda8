//go:build ignore

// Slicing past a slice's capacity panics as Go words it.
package main

import "fmt"

func main() {
	s := []string{"a", "b"}
	j := 3
	fmt.Println(s[:j])
}
