//go:build ignore

// Compound assignments through a call's pointer, to a field of an element
// with a call in its index, to nested array elements: each operand is
// evaluated once, as Go does.
package main

import "fmt"

type counter struct{ n, m int }

var calls int
var cs = []counter{{}, {}, {}}
var c0 counter
var iv int

func next() *counter { calls++; return &cs[calls%3] }
func idx() int       { calls++; return calls % 3 }
func ip() *int       { calls++; return &iv }
func arr() *[3]int   { calls++; return &[3]int{} }

type grid struct{ cells [3][3]int }

func main() {
	next().n++
	next().m += 5
	cs[idx()].n++
	cs[idx()].m -= 2
	*ip() += 7
	*ip()++
	g := grid{}
	g.cells[idx()][idx()]++
	g.cells[1][idx()] += 3
	p := &g
	p.cells[idx()][0] *= 2
	arr()[idx()]++
	pp := &c0
	pp.n += 4
	fmt.Println(cs, calls, iv, g, c0)
}
