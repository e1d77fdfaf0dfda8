//go:build ignore

// Closures: captured variables live in boxes; Go 1.22 loop variables.
package main

import "fmt"

func counter() func() int {
	n := 0
	return func() int {
		n++
		return n
	}
}

func apply(f func(int) int, x int) int { return f(x) }

func compose(f, g func(int) int) func(int) int {
	return func(x int) int { return f(g(x)) }
}

var global = 10

var double = func(x int) int { return 2 * x }

func main() {
	c1, c2 := counter(), counter()
	c1()
	c1()
	fmt.Println(c1(), c2())

	f0, f1, f2 := (func() int)(nil), (func() int)(nil), (func() int)(nil)
	for i := 0; i < 3; i++ {
		switch i {
		case 0:
			f0 = func() int { return i }
		case 1:
			f1 = func() int { return i * 10 }
		case 2:
			f2 = func() int { i++; return i * 100 }
		}
	}
	fmt.Println(f0(), f1(), f2(), f2())

	x := 1
	inc := func() { x++ }
	inc()
	inc()
	fmt.Println(x)

	add := func(a int) func(int) int {
		return func(b int) int { return a + b + x + global }
	}
	fmt.Println(add(1)(2), apply(double, 21), compose(double, add(0))(1))

	var fib func(int) int
	fib = func(n int) int {
		if n < 2 {
			return n
		}
		return fib(n-1) + fib(n-2)
	}
	fmt.Println(fib(20))

	sum := 0
	for i := range 5 {
		func() { sum += i }()
	}
	fmt.Println(sum, f0 == nil, fib != nil)

	nested := func() func() func() int {
		y := 5
		return func() func() int {
			return func() int { y++; x++; return y + x }
		}
	}
	g := nested()()
	g()
	fmt.Println(g(), x)
	global++
	fmt.Println(global, double(global))
}
