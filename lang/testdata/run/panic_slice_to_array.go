//go:build ignore

// Converting a slice to an array copies its first elements (nested
// structs too), and panics as Go does when the slice is shorter.
package main

import "fmt"

func main() {
	s := []int{1, 2, 3, 4, 5}
	a := [3]int(s)
	s[0] = 100
	fmt.Println(a, s)
	ps := []struct{ N int }{{1}, {2}}
	b := [2]struct{ N int }(ps)
	ps[0].N = 9
	fmt.Println(b, ps)
	c := [4]int(s[3:])
	fmt.Println(c)
}
