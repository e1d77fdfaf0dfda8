package main

// Range over functions (go/ssa's builder, as cmd/compile/internal/rangefunc
// rewrites them): the three iterator shapes, break, continue, per-iteration
// variables, = instead of :=, methods returning iterators, nested loops.

import "fmt"

type Pair struct {
	K string
	V int
}

func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := range n {
			if !yield(i) {
				fmt.Println("count: stopped at", i)
				return
			}
		}
		fmt.Println("count: done")
	}
}

func pairs(ps []Pair) func(func(string, int) bool) {
	return func(yield func(string, int) bool) {
		for _, p := range ps {
			if !yield(p.K, p.V) {
				return
			}
		}
	}
}

func thrice(yield func() bool) {
	for range 3 {
		if !yield() {
			return
		}
	}
}

func structs(yield func(Pair) bool) {
	_ = yield(Pair{"a", 1}) && yield(Pair{"b", 2})
}

type List struct {
	items []string
}

func (l *List) All() func(func(int, string) bool) {
	return func(yield func(int, string) bool) {
		for i, s := range l.items {
			if !yield(i, s) {
				return
			}
		}
	}
}

func main() {
	for x := range count(4) {
		fmt.Println("x", x)
	}
	for x := range count(10) {
		if x%2 == 1 {
			continue
		}
		if x > 5 {
			break
		}
		fmt.Println("even", x)
	}
	for k, v := range pairs([]Pair{{"one", 1}, {"two", 2}}) {
		fmt.Println(k, v)
	}
	for k := range pairs([]Pair{{"only", 9}}) {
		fmt.Println("key", k)
	}
	n := 0
	for range thrice {
		n++
	}
	fmt.Println("n", n)
	var funcs []func() int
	for x := range count(3) {
		funcs = append(funcs, func() int { return x * 10 })
	}
	for _, f := range funcs {
		fmt.Print(f(), " ")
	}
	fmt.Println()
	var last int
	var key string
	for key, last = range pairs([]Pair{{"p", 1}, {"q", 2}}) {
	}
	fmt.Println(key, last)
	for p := range structs {
		p.V *= 100
		fmt.Println(p)
	}
	l := &List{items: []string{"a", "b", "c"}}
	for i, s := range l.All() {
		fmt.Println(i, s)
	}
	total := 0
	for x := range count(3) {
		for y := range count(3) {
			total += x * y
		}
	}
	fmt.Println("total", total)
	sum := 0
	for x := range count(5) {
		switch {
		case x == 1:
			continue
		case x == 3:
			break
		default:
			sum += x
		}
		sum += 100
	}
	fmt.Println("sum", sum)
}
