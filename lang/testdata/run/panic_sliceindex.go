//go:build ignore

// An index past a slice's length panics as Go words it.
package main

import "fmt"

func main() {
	s := make([]int, 3, 10)
	t := s[1:8]
	fmt.Println(len(t), cap(t))
	i := 5
	fmt.Println(s[i])
}
