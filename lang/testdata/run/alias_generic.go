//go:build ignore

// Value semantics of structs and arrays through generic functions over
// slices (the idioms of package slices written out): Clone, Copy, Insert
// and a swap through pointers, with a struct and an array as the element.
package main

import "fmt"

type pt struct{ x, y int }
type pts []pt

func Clone[S ~[]E, E any](s S) S     { return append(S(nil), s...) }
func Copy[S ~[]E, E any](d, s S) int { return copy(d, s) }
func Insert[S ~[]E, E any](s S, i int, v ...E) S {
	return append(s[:i], append(v, s[i:]...)...)
}
func Swap[T any](a, b *T) { *a, *b = *b, *a }

func main() {
	s := pts{{1, 2}, {3, 4}}
	c := Clone(s)
	c[0].x = 99
	fmt.Println("clone:", s, c)

	d := make(pts, 2)
	Copy(d, s)
	d[1].y = 99
	fmt.Println("copy:", s, d)

	h := Insert(s, 1, pt{5, 5})
	h[1].x = 0
	h[2].x = 0
	fmt.Println("insert:", s, h)

	a, b := pt{1, 1}, pt{2, 2}
	Swap(&a, &b)
	fmt.Println("swap:", a, b)

	as := Clone([][2]pt{{{1, 1}, {2, 2}}})
	at := Clone(as)
	at[0][1].x = 5
	fmt.Println("arrays:", as, at)
}
