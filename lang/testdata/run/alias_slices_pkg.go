//go:build ignore

// Package slices on slices of structs and arrays: Clone, Insert, Concat,
// Repeat, Grow and Replace copy the elements (the source keeps its own)
// with Go's capacities for the element's size; Insert, Delete, Compact,
// Reverse and Replace within the capacity move values between the slots
// (a pointer to a slot sees the value it now holds, and the zeroed tail);
// Equal, Index, Contains and Compact compare with ==.
package main

import (
	"fmt"
	"slices"
)

type pt struct{ x, y int }
type big struct {
	a, b, c int
	s       string
}

func show(name string, s []pt) { fmt.Println(name, s, len(s), cap(s)) }

func main() {
	ps := []pt{{1, 2}, {3, 4}, {5, 6}}
	c := slices.Clone(ps)
	c[0].x = 9
	show("clone", c)
	show("orig", ps)
	ins := slices.Insert(ps, 1, pt{7, 7}, ps[2])
	ins[1].x = 0
	ins[2].y = 0
	show("insert", ins)
	show("orig", ps)
	w := make([]pt, 3, 10)
	copy(w, ps)
	pw := &w[1]
	w2 := slices.Insert(w, 1, pt{8, 8})
	show("insert in place", w2)
	fmt.Println(*pw)
	pw.y = 100
	show("w2", w2)
	cc := slices.Concat(ps, ps, []pt{{0, 1}})
	cc[0].x = 42
	show("concat", cc)
	show("orig", ps)
	rp := slices.Repeat(ps[:1], 3)
	rp[0].y = 11
	show("repeat", rp)
	cp := []pt{{1, 1}, {1, 1}, {2, 2}, {2, 2}, {1, 1}}
	pc := &cp[4]
	cp2 := slices.Compact(cp)
	show("compact", cp2)
	fmt.Println(*pc, cp[:cap(cp)])
	d := slices.Clone(ps)
	d2 := slices.Delete(d, 0, 1)
	show("delete", d2)
	fmt.Println(d)
	rv := slices.Clone(ps)
	pr := &rv[0]
	slices.Reverse(rv)
	fmt.Println("reverse", rv, *pr)
	fmt.Println(slices.Equal(ps, c), slices.Equal(ps, slices.Clone(ps)), slices.Index(ps, pt{5, 6}), slices.Contains(ps, pt{9, 9}))
	g := slices.Grow(ps, 5)
	show("grow", g)
	g = append(g, pt{1, 1})
	g[0].x = 100
	show("orig", ps)
	show("clip", slices.Clip(g))
	rep := slices.Replace(slices.Clone(ps), 0, 1, pt{3, 3}, pt{4, 4})
	show("replace", rep)
	bs := []big{{1, 2, 3, "a"}, {4, 5, 6, "b"}, {7, 8, 9, "c"}, {1, 1, 1, "d"}, {2, 2, 2, "e"}}
	bc := slices.Clone(bs)
	fmt.Println(len(bc), cap(bc), cap(slices.Concat(bs, bs[:1])), cap(slices.Insert(bs, 1, bs[0], bs[1], bs[2], bs[3])))
	as := [][2]pt{{{1, 1}, {2, 2}}}
	ac := slices.Clone(as)
	ac[0][0].x = 5
	fmt.Println(as, ac, slices.Equal(as, ac), slices.Index(ac, [2]pt{{5, 1}, {2, 2}}))
	var nilps []pt
	fmt.Println(slices.Clone(nilps) == nil, slices.Concat(nilps) == nil, slices.Clone(ps[:0]) == nil)
}
