//go:build ignore

// Arrays and pointers together: arrays of pointers, a call's array
// indexed, arrays in structs, ++ and += on elements of nested arrays, a
// pointer to an inner array, copy into an array's slice, range over a
// pointer to an array (no copy), pointers to pointers to structs, and a
// pointer receiver of a non-struct type as a method value, deferred and
// started as a goroutine.
package main

import (
	"fmt"
	"strings"
)

type P struct{ X, Y int }

type C int

func (c *C) Inc() { *c++ }

func mk() [3]int { return [3]int{7, 8, 9} }

type S struct {
	arr [2]int
	ps  [2]P
}

func main() {
	var ptrs [3]*int
	v := 5
	ptrs[1] = &v
	*ptrs[1] = 6
	fmt.Println(ptrs[0] == nil, *ptrs[1], v)
	fmt.Println(mk()[1], len(mk()))
	arr := [3]string{"a", "b", "c"}
	fmt.Println(strings.Join(arr[:], ","))
	var s S
	s.arr = [2]int{1, 2}
	s.ps[1].X = 3
	s.arr[0]++
	fmt.Println(s)
	var g [2][2]int
	g[1][0]++
	g[1][0] += 5
	p := &g[1]
	p[1] = 9
	fmt.Println(g)
	var c C
	f := c.Inc
	f()
	defer fmt.Println("c", c)
	defer c.Inc()
	go c.Inc()
	n := copy(arr[1:], []string{"x", "y", "z"})
	fmt.Println(n, arr)
	pa := &arr
	for i, x := range pa {
		pa[2] = "w"
		fmt.Print(i, x, " ")
	}
	fmt.Println()
	pp := &P{1, 2}
	ppp := &pp
	(*ppp).X = 10
	fmt.Println(*pp, (**ppp).Y)
}
