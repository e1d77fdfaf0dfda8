//go:build ignore

// Value semantics of structs and arrays held in slices, through copy: the
// destination's elements get the source's contents (a change to one
// leaves the other alone, a pointer to a destination element sees what
// was copied), overlapping copies move as memmove does, and copies from
// and into arrays' slices.
package main

import "fmt"

type pt struct{ x, y int }

func main() {
	ps := []pt{{1, 2}, {3, 4}}
	e := make([]pt, 2)
	n := copy(e, ps)
	e[0].y = 7
	fmt.Println("copy:", n, ps, e)

	f := make([]pt, 3)
	pf := &f[0]
	copy(f, ps)
	pf.y = 70
	fmt.Println("pointer to the destination:", *pf, f, ps)

	g := []pt{{1, 1}, {2, 2}, {3, 3}, {4, 4}}
	copy(g[1:], g)
	g[1].x = 100
	fmt.Println("overlapping forwards:", g)

	h := []pt{{1, 1}, {2, 2}, {3, 3}, {4, 4}}
	copy(h, h[1:])
	h[0].x = 100
	fmt.Println("overlapping backwards:", h)

	src := [3]pt{{1, 1}, {2, 2}, {3, 3}}
	dst := make([]pt, 2)
	copy(dst, src[:])
	dst[0].x = 0
	copy(src[1:], []pt{{7, 7}})
	fmt.Println("arrays' slices:", src, dst)

	as := [][2]int{{1, 2}, {3, 4}}
	cs := make([][2]int, 3)
	fmt.Println(copy(cs, as))
	cs[1][1] = 9
	fmt.Println("arrays:", as, cs)

	var none []pt
	fmt.Println(copy(none, ps), copy(ps, none), ps)
}
