// iface: dynamic method calls through an interface value, and type
// switches and assertions on it.
// Usage: iface [n] (default 60,000,000 calls).
package main

import (
	"fmt"
	"os"
	"strconv"
)

type shape interface {
	area() int
	scale(k int) shape
}

type rect struct{ w, h int }
type square struct{ s int }
type tri struct{ b, h int }

func (r rect) area() int           { return r.w * r.h }
func (r rect) scale(k int) shape   { return rect{r.w * k, r.h} }
func (s square) area() int         { return s.s * s.s }
func (s square) scale(k int) shape { return square{s.s * k} }
func (t *tri) area() int           { return t.b * t.h / 2 }
func (t *tri) scale(k int) shape   { return &tri{t.b * k, t.h} }

func total(shapes []shape, n int) int {
	s := 0
	for i := 0; i < n; i++ {
		sh := shapes[i%len(shapes)]
		s += sh.area()
		if sq, ok := sh.(square); ok {
			s -= sq.s
		}
	}
	return s
}

func main() {
	n := 60_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	shapes := []shape{rect{3, 4}, square{5}, &tri{6, 7}, rect{1, 2}}
	s := total(shapes, n)
	for _, sh := range shapes {
		s += sh.scale(2).area()
	}
	fmt.Println(s)
}
