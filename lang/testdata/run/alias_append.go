//go:build ignore

// Value semantics of structs and arrays held in slices, through append:
// append(s, t...) copies t's elements (a change to the result's element
// leaves t's alone), append within the capacity copies into the slots
// (a pointer to a slot sees the new value), growslice copies the old
// elements (the old array keeps its own) and gives the tail beyond the
// length zero values, an overlapping append moves like memmove, and an
// append into a slice of an array writes the array's elements.
package main

import "fmt"

type pt struct{ x, y int }

type box struct {
	in  pt
	arr [2]int
}

func main() {
	ps := []pt{{1, 2}, {3, 4}}
	c := append([]pt(nil), ps...)
	c[0].x = 9
	fmt.Println("append(nil, ps...):", ps, c)

	d := make([]pt, 0, 4)
	d = append(d, ps...)
	d[1].y = 8
	fmt.Println("within capacity:", ps, d)

	s := []pt{{1, 1}}
	t := append(s, pt{2, 2})
	t[0].x = 50
	fmt.Println("grown:", s, t, len(t), cap(t))

	one := make([]pt, 1, 1)
	p := &one[0]
	two := append(one, pt{3, 3})
	p.x = 42
	fmt.Println("pointer into the old array:", one, two)

	var u []pt
	for i := 0; i < 3; i++ {
		u = append(u, pt{i, i})
	}
	u = u[:cap(u)]
	u[len(u)-1].x = 77
	fmt.Println("tail after growth:", u, len(u), cap(u))

	w := make([]pt, 1, 4)
	pw := &w[:2][1]
	w = append(w, pt{5, 5})
	fmt.Println("pointer into the tail:", *pw, w)

	base := []pt{{1, 1}, {2, 2}, {3, 3}}
	pb := &base[2]
	sub := append(base[:2], pt{9, 9})
	pb.x = 10
	fmt.Println("append to a prefix:", base, sub)

	del := []pt{{1, 1}, {2, 2}, {3, 3}, {4, 4}}
	del = append(del[:1], del[2:]...)
	del[1].y = 0
	fmt.Println("delete idiom:", del)

	up := []pt{{1, 1}, {2, 2}, {3, 3}, {0, 0}}
	up = append(up[:2], up[1:3]...)
	up[2].y = 20
	fmt.Println("overlapping upwards:", up)

	ins := []pt{{1, 1}, {3, 3}}
	ins = append(ins[:1], append([]pt{{2, 2}}, ins[1:]...)...)
	ins[2].x = 30
	fmt.Println("insert idiom:", ins)

	self := []pt{{1, 2}}
	self = append(self, self[0])
	self = append(self, self...)
	self[1].x = 42
	self[3].y = 43
	fmt.Println("itself:", self)

	as := [][2]int{{1, 2}, {3, 4}}
	bs := append([][2]int(nil), as...)
	bs[0][0] = 9
	fmt.Println("arrays:", as, bs)

	bx := []box{{pt{1, 2}, [2]int{3, 4}}}
	by := append([]box{}, bx...)
	by[0].in.x = 9
	by[0].arr[0] = 9
	by = append(by, bx...)
	by[1].arr[1] = 8
	fmt.Println("nested:", bx, by)

	var arr [3]pt
	sa := arr[:1]
	sa = append(sa, pt{1, 1})
	sa = append(sa, []pt{{2, 2}}...)
	fmt.Println("append into an array's slice:", arr, sa)
	sa = append(sa, pt{3, 3})
	sa[0].x = 9
	fmt.Println("grown off the array:", arr, sa)

	grid := [][2]pt{{{1, 1}, {2, 2}}}
	g2 := append(grid, grid...)
	g2[0][0].x = 5
	g2[1][1].y = 6
	fmt.Println("arrays of structs:", grid, g2)
}
