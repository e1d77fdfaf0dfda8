// The slices functions that take a function, compiled from Go's own
// source (src/slices/slices.go, sort.go): equal elements show which one
// each returns or keeps (MinFunc and MaxFunc the first, BinarySearchFunc
// the earliest, CompactFunc the first of a run), DeleteFunc and
// CompactFunc zero the tail they drop, and MinFunc of nothing panics.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type item struct {
	name string
	n    int
}

func byN(a, b item) int { return cmp.Compare(a.n, b.n) }

func main() {
	items := []item{{"b", 2}, {"a", 1}, {"c", 2}, {"d", 1}, {"e", 3}, {"f", 3}}
	fmt.Println(slices.MinFunc(items, byN), slices.MaxFunc(items, byN))
	fmt.Println(slices.IndexFunc(items, func(it item) bool { return it.n == 3 }),
		slices.IndexFunc(items, func(it item) bool { return it.n == 4 }))
	fmt.Println(slices.ContainsFunc(items, func(it item) bool { return it.name == "d" }),
		slices.ContainsFunc(items, func(it item) bool { return it.name == "z" }))

	nums := []int{1, 2, 2, 2, 3, 5, 5, 8}
	for _, t := range []int{2, 4, 5, 0, 9} {
		i, found := slices.BinarySearchFunc(nums, t, func(e, t int) int { return e - t })
		fmt.Print(i, found, " ")
	}
	fmt.Println()
	byName, _ := slices.BinarySearchFunc([]item{{"a", 1}, {"c", 2}, {"e", 3}}, "d",
		func(it item, s string) int { return strings.Compare(it.name, s) })
	fmt.Println(byName)

	fmt.Println(slices.EqualFunc([]int{1, 2, 3}, []string{"1", "2", "3"}, func(a int, s string) bool { return fmt.Sprint(a) == s }),
		slices.EqualFunc([]int{1, 2}, []string{"1", "3"}, func(a int, s string) bool { return fmt.Sprint(a) == s }),
		slices.EqualFunc([]int{1}, []string{}, func(a int, s string) bool { return true }))
	fmt.Println(slices.CompareFunc([]int{1, 2, 3}, []int{1, 3}, func(a, b int) int { return a - b }),
		slices.CompareFunc([]int{1, 2}, []int{1, 2, 0}, func(a, b int) int { return a - b }))

	s := []int{1, 2, 3, 4, 5, 6, 7, 8}
	odd := slices.DeleteFunc(s, func(v int) bool { return v%2 == 0 })
	fmt.Println(odd, s)
	none := slices.DeleteFunc([]int{1, 3}, func(v int) bool { return v > 5 })
	fmt.Println(none, len(slices.DeleteFunc([]int(nil), func(int) bool { return true })))

	words := []string{"Go", "go", "GO", "rust", "Rust", "zig", "go"}
	out := slices.CompactFunc(words, func(a, b string) bool { return strings.EqualFold(a, b) })
	fmt.Println(out, len(out), words)
	fmt.Println(slices.CompactFunc([]int{7}, func(a, b int) bool { return a == b }))

	kept := slices.DeleteFunc(items, func(it item) bool { return it.n == 2 })
	fmt.Println(kept, items)
	fs := []float64{1.5, 2.5}
	clear(fs[1:])
	fmt.Println(fs)

	defer fmt.Println("deferred")
	var empty []item
	fmt.Println(slices.MaxFunc(empty, byN))
}
