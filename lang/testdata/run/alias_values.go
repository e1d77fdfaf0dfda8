//go:build ignore

// Value semantics of structs and arrays held in maps, slices, arrays and
// interfaces: storing copies, reading copies, range variables are copies,
// x.(T) and a type switch's variable are copies, closures capture the
// variable itself, deferred calls' arguments are evaluated (copied) at
// the defer, multiple assignment swaps values, results are copies, a
// method value copies its receiver, and a three-clause loop's struct
// variable is a copy per iteration (Go 1.22) when a closure captures it.
package main

import "fmt"

type pt struct{ x, y int }

type shape struct {
	corners [2]pt
	n       int
}

func (p pt) moved() pt { p.x += 100; return p }

type mover interface{ moved() pt }

func pair() (pt, func()) {
	var s pt
	return s, func() { s.x = 99 }
}

var origin = pt{7, 7}

func getOrigin() pt { return origin }

func firstOf(s []pt) pt { return s[0] }

func main() {
	m := map[string]pt{"a": {1, 2}}
	v := m["a"]
	v.x = 9
	loc := pt{3, 4}
	m["b"] = loc
	loc.x = 9
	for _, e := range m {
		e.y = 55
	}
	fmt.Println("map:", m, v, loc)

	ma := map[int][2]pt{1: {{1, 1}}}
	av := ma[1]
	av[0].x = 5
	fmt.Println("map of arrays:", ma, av)

	sl := make([]pt, 2)
	sl[0] = loc
	loc.y = 9
	for _, e := range sl {
		e.x = 1
	}
	f := firstOf(sl)
	f.y = 0
	fmt.Println("slice:", sl, loc, f)

	arr := [2]pt{{1, 1}, {2, 2}}
	for i, e := range arr {
		arr[1].x = 50
		e.y = 60
		fmt.Println("range over an array:", i, e)
	}
	fmt.Println(arr)

	sh := shape{corners: [2]pt{{1, 2}, {3, 4}}, n: 1}
	sh2 := sh
	sh2.corners[0].x = 9
	cs := sh.corners
	cs[1].y = 9
	fmt.Println("struct holding an array:", sh, sh2, cs)

	var i any = loc
	loc.y = 77
	z := i.(pt)
	z.x = 1234
	switch zz := i.(type) {
	case pt:
		zz.x = 4321
	}
	var mv mover = pt{1, 1}
	fmt.Println("interface:", i, z, loc, mv.moved(), mv)

	ia := []any{pt{1, 1}}
	ib := append([]any(nil), ia...)
	ib[0] = pt{0, 0}
	fmt.Println("slice of interfaces:", ia, ib)

	cv := pt{1, 1}
	fn := func() { cv.x = 8 }
	fn()
	rv, set := pair()
	set()
	g := getOrigin()
	g.x = 0
	fmt.Println("closure:", cv, "result:", rv, origin, g)

	func() {
		da := pt{2, 2}
		defer fmt.Println("deferred print:", da)
		defer func(p pt) { fmt.Println("deferred call:", p) }(da)
		da.x = 999
	}()

	mvs := []pt{{1, 1}}
	get := mvs[0].moved
	mvs[0].x = 50
	fmt.Println("method value:", get(), mvs)

	var gs []func() pt
	for q := (pt{0, 0}); q.x < 3; q.x++ {
		gs = append(gs, func() pt { return q })
	}
	var arrs []func() [2]int
	for a := [2]int{}; a[0] < 2; a[0]++ {
		arrs = append(arrs, func() [2]int { return a })
	}
	fmt.Println("loop variables:", gs[0](), gs[1](), gs[2](), arrs[0](), arrs[1]())

	a1, a2 := pt{1, 1}, pt{2, 2}
	a1, a2 = a2, a1
	b1, b2 := [2]int{1, 2}, [2]int{3, 4}
	b1, b2 = b2, b1
	ss := []pt{{1, 1}, {2, 2}}
	ss[0], ss[1] = ss[1], ss[0]
	ss[0].y = 0
	sa := [2]pt{{1, 1}, {2, 2}}
	sa[0], sa[1] = sa[1], sa[0]
	fmt.Println("swaps:", a1, a2, b1, b2, ss, sa)
}
