//go:build ignore

// Structs: literals (keyed, positional, nested, anonymous), fields, value
// semantics of assignment, parameters and results, pointers to structs
// (&T{}, new, &v, p.f, *p), embedded structs with promoted fields,
// comparison, struct-typed globals and fields, closures over structs.
package main

import "fmt"

type Point struct {
	X, Y int
}

type Rect struct {
	Min, Max Point
	Label    string
}

type Base struct {
	ID   int
	Tags string
}

type Item struct {
	Base
	Name  string
	Price int
}

type Node struct {
	Val  int
	Next *Node
}

var origin Point
var unit = Point{1, 1}

func scale(p Point, k int) Point {
	p.X *= k
	p.Y *= k
	return p
}

func shift(p *Point, d int) {
	p.X += d
	p.Y += d
}

func newRect(w, h int) *Rect {
	return &Rect{Max: Point{w, h}, Label: "r"}
}

func main() {
	p := Point{X: 3, Y: 4}
	q := p
	q.X = 30
	fmt.Println(p.X, p.Y, q.X, q.Y)

	r := scale(p, 2)
	fmt.Println(p.X, r.X, r.Y)

	shift(&p, 1)
	fmt.Println(p.X, p.Y)

	pp := &p
	pp.X = 100
	(*pp).Y = 200
	fmt.Println(p.X, p.Y, pp.X, (*pp).Y)

	cp := *pp
	cp.X = -1
	fmt.Println(p.X, cp.X)

	rect := newRect(5, 6)
	rect.Min.X = 1
	rect.Max.Y++
	area := (rect.Max.X - rect.Min.X) * (rect.Max.Y - rect.Min.Y)
	fmt.Println(area, rect.Label)

	r2 := *rect
	r2.Max.X = 50
	fmt.Println(rect.Max.X, r2.Max.X)

	it := Item{Base: Base{ID: 7, Tags: "x"}, Name: "pen", Price: 3}
	it.ID += 1
	fmt.Println(it.ID, it.Base.ID, it.Tags, it.Name, it.Price)

	fmt.Println(p == Point{100, 200}, p != q, Point{} == origin, unit == Point{1, 1})
	a, b := Point{1, 2}, Point{1, 2}
	fmt.Println(a == b, Rect{Min: a} == Rect{Min: b}, Rect{Min: a} == Rect{Max: b})

	anon := struct {
		Name string
		N    int
	}{"anon", 2}
	anon.N *= 21
	fmt.Println(anon.Name, anon.N)

	n := new(Point)
	n.Y = 9
	fmt.Println(n.X, n.Y)

	var list *Node
	for i := 1; i <= 4; i++ {
		list = &Node{Val: i, Next: list}
	}
	sum := 0
	for e := list; e != nil; e = e.Next {
		sum = sum*10 + e.Val
	}
	fmt.Println(sum, list.Next.Next.Val)

	a, b = b, a
	a.X = 42
	fmt.Println(a.X, b.X)

	counter := Point{}
	inc := func() { counter.X++ }
	inc()
	inc()
	fmt.Println(counter.X)

	origin.X = 5
	fmt.Println(origin.X, unit.Y)

	ch := make(chan Point, 1)
	ch <- p
	p.X = 0
	got := <-ch
	fmt.Println(got.X, p.X)

	var z Rect
	fmt.Println(z.Min.X, z.Label == "", z == Rect{})
}
