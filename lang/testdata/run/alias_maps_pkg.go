//go:build ignore

// Package maps on maps of structs and arrays: Clone and Copy copy the
// values (each map holds its own), Equal compares them with ==.
package main

import (
	"fmt"
	"maps"
)

type p struct {
	a   int
	arr [2]int
	f   float64
}

func main() {
	m := map[string]p{"x": {1, [2]int{2, 3}, 0.5}}
	c := maps.Clone(m)
	v := c["x"]
	v.arr[0] = 9
	c["x"] = v
	fmt.Println(m, c, maps.Equal(m, c))
	d := map[string]p{}
	maps.Copy(d, m)
	fmt.Println(d, maps.Equal(m, d))
	ma := map[int][2]int{1: {1, 2}}
	mb := maps.Clone(ma)
	fmt.Println(maps.Equal(ma, mb))
	var e map[string]p
	fmt.Println(maps.Clone(e) == nil)
}
