//go:build ignore

// Generics: functions with one and two type parameters (inferred and
// explicit), constraints (any, comparable, unions of ~int and ~string,
// methods), generic types with value and pointer receivers, generic
// structs and slices of them, closures and function values in generic
// code, generic code calling generic code, a method of the type argument
// through a constraint, and a generic pipeline of goroutines and
// channels.
package main

import (
	"fmt"
	"strings"
	"sync"
)

type Number interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint8 | ~uint
}

type Celsius int

func Map[T, U any](s []T, f func(T) U) []U {
	out := make([]U, 0, len(s))
	for _, v := range s {
		out = append(out, f(v))
	}
	return out
}

func Filter[T any](s []T, keep func(T) bool) []T {
	var out []T
	for _, v := range s {
		if keep(v) {
			out = append(out, v)
		}
	}
	return out
}

func Reduce[T, A any](s []T, acc A, f func(A, T) A) A {
	for _, v := range s {
		acc = f(acc, v)
	}
	return acc
}

func Sum[N Number](xs ...N) N {
	var total N
	for _, x := range xs {
		total += x
	}
	return total
}

func Max[T ~int | ~string](a, b T) T {
	if a > b {
		return a
	}
	return b
}

func Contains[T comparable](s []T, v T) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}

func SumOfSquares[N Number](xs []N) N {
	return Reduce(Map(xs, func(x N) N { return x * x }), 0, func(a, x N) N { return a + x })
}

type Stack[T any] struct {
	items []T
}

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func (s *Stack[T]) Pop() (T, bool) {
	var zero T
	if len(s.items) == 0 {
		return zero, false
	}
	v := s.items[len(s.items)-1]
	s.items = s.items[:len(s.items)-1]
	return v, true
}

func (s Stack[T]) Len() int { return len(s.items) }

type Pair[K comparable, V any] struct {
	Key K
	Val V
}

func (p Pair[K, V]) String() string { return fmt.Sprint(p.Key, "=", p.Val) }

type Point struct{ X, Y int }

type Named interface{ Name() string }

type Dog struct{ name string }

func (d Dog) Name() string { return "dog " + d.name }

func Names[T Named](xs []T) string {
	var parts []string
	for _, x := range xs {
		parts = append(parts, x.Name())
	}
	return strings.Join(parts, ", ")
}

func Merge[T any](chans ...<-chan T) <-chan T {
	out := make(chan T)
	var wg sync.WaitGroup
	for _, c := range chans {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for v := range c {
				out <- v
			}
		}()
	}
	go func() {
		wg.Wait()
		close(out)
	}()
	return out
}

func Gen[T any](vs ...T) <-chan T {
	c := make(chan T)
	go func() {
		for _, v := range vs {
			c <- v
		}
		close(c)
	}()
	return c
}

func main() {
	xs := []int{1, 2, 3, 4, 5}
	strs := Map(xs, func(x int) string { return strings.Repeat("*", x) })
	fmt.Println(strs)
	evens := Filter(xs, func(x int) bool { return x%2 == 0 })
	fmt.Println(evens, len(Filter([]string{"a"}, func(string) bool { return false })))
	fmt.Println(Reduce(xs, "", func(a string, x int) string { return a + fmt.Sprint(x) }))
	fmt.Println(Sum(1, 2, 3), Sum[int8](100, 27, 1), Sum(Celsius(20), Celsius(5)), Sum[uint]())
	fmt.Println(Max(3, 7), Max("go", "gopher"), Max[Celsius](-1, -2))
	fmt.Println(Contains(xs, 3), Contains([]string{"a", "b"}, "c"), Contains([]Point{{1, 2}}, Point{1, 2}))
	fmt.Println(SumOfSquares(xs), SumOfSquares([]int8{10, 10}))

	var s Stack[string]
	s.Push("a")
	s.Push("b")
	fmt.Println(s.Len())
	v, ok := s.Pop()
	fmt.Println(v, ok, s.Len())
	s.Pop()
	v, ok = s.Pop()
	fmt.Printf("%q %v\n", v, ok)
	ps := &Stack[Point]{}
	ps.Push(Point{1, 2})
	top, _ := ps.Pop()
	fmt.Println(top, ps.Len())

	pairs := []Pair[string, int]{{"a", 1}, {"b", 2}}
	for _, p := range pairs {
		fmt.Println(p)
	}
	fmt.Println(pairs[0].String(), Pair[int, bool]{7, true})

	fmt.Println(Names([]Dog{{"rex"}, {"fido"}}))

	toStr := Map[int, string]
	fmt.Println(toStr([]int{7}, func(i int) string { return fmt.Sprint(i * 2) }))
	push := s.Push
	push("z")
	fmt.Println(s.items)

	total := 0
	for v := range Merge(Gen(1, 2, 3), Gen(10, 20)) {
		total += v
	}
	fmt.Println("merged total", total)
}
