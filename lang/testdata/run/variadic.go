//go:build ignore

// Variadic functions: no extra arguments (a nil slice), several, f(xs...)
// sharing the caller's slice, a fixed parameter before, methods, closures
// and go statements.
package main

import (
	"fmt"
	"sync"
)

func sum(nums ...int) int {
	total := 0
	for _, n := range nums {
		total += n
	}
	return total
}

func join(sep string, parts ...string) string {
	s := ""
	for i, p := range parts {
		if i > 0 {
			s += sep
		}
		s += p
	}
	return s
}

func zero(xs ...int) {
	for i := range xs {
		xs[i] = 0
	}
}

type Log struct{ lines []string }

func (l *Log) Add(parts ...string) { l.lines = append(l.lines, join(" ", parts...)) }

func main() {
	fmt.Println(sum(), sum(1), sum(1, 2, 3))
	nums := []int{4, 5, 6}
	fmt.Println(sum(nums...), sum(nums[1:]...))
	zero(nums...)
	fmt.Println(nums)
	fmt.Println(join("-"), join("-", "a"), join(", ", "a", "b", "c"))

	isNil := func(xs ...int) bool { return xs == nil }
	fmt.Println(isNil(), isNil(1), isNil([]int{}...))

	var l Log
	l.Add("hello", "world")
	l.Add()
	fmt.Println(len(l.lines), l.lines)

	var wg sync.WaitGroup
	res := make([]int, 3)
	work := func(i int, xs ...int) {
		defer wg.Done()
		res[i] = sum(xs...)
	}
	for i := 0; i < 3; i++ {
		wg.Add(1)
		go work(i, i, i*10, i*100)
	}
	wg.Wait()
	fmt.Println(res)
}
