package main

import (
	"fmt"
	"iter"
	"maps"
	"slices"
	"strings"
)

type Tree struct {
	Left, Right *Tree
	Val         int
}

func (t *Tree) All() iter.Seq[int] {
	return func(yield func(int) bool) {
		t.push(yield)
	}
}

func (t *Tree) push(yield func(int) bool) bool {
	if t == nil {
		return true
	}
	return t.Left.push(yield) && yield(t.Val) && t.Right.push(yield)
}

func Filter[V any](seq iter.Seq[V], keep func(V) bool) iter.Seq[V] {
	return func(yield func(V) bool) {
		for v := range seq {
			if keep(v) && !yield(v) {
				return
			}
		}
	}
}

func Enumerate[V any](seq iter.Seq[V]) iter.Seq2[int, V] {
	return func(yield func(int, V) bool) {
		i := 0
		for v := range seq {
			if !yield(i, v) {
				return
			}
			i++
		}
	}
}

type Point struct{ X, Y int }

func main() {
	s := []string{"a", "b", "c", "d", "e"}
	for i, v := range slices.All(s) {
		fmt.Print(i, v, " ")
	}
	fmt.Println()
	for i, v := range slices.Backward(s) {
		fmt.Print(i, v, " ")
		if i == 2 {
			break
		}
	}
	fmt.Println()
	for v := range slices.Values(s) {
		fmt.Print(strings.ToUpper(v))
	}
	fmt.Println()
	fmt.Println(slices.Collect(slices.Values(s)))
	fmt.Println(slices.AppendSeq([]string{"z"}, slices.Values(s[:2])))
	for c := range slices.Chunk([]int{1, 2, 3, 4, 5, 6, 7}, 3) {
		fmt.Println(c, len(c), cap(c))
	}
	t := &Tree{Val: 5, Left: &Tree{Val: 2, Right: &Tree{Val: 3}}, Right: &Tree{Val: 8, Left: &Tree{Val: 7}}}
	for v := range t.All() {
		fmt.Print(v, " ")
	}
	fmt.Println()
	even := Filter(t.All(), func(v int) bool { return v%2 == 0 })
	fmt.Println(slices.Collect(even))
	for i, v := range Enumerate(t.All()) {
		if i == 3 {
			break
		}
		fmt.Println("enum", i, v)
	}
	m := map[string]int{"one": 1, "two": 2, "three": 3, "four": 4}
	fmt.Println(slices.Sorted(maps.Keys(m)))
	fmt.Println(slices.Sorted(maps.Values(m)))
	keys := slices.Collect(maps.Keys(m))
	fmt.Println(len(keys))
	pts := []Point{{3, 1}, {1, 2}, {2, 0}}
	byX := slices.SortedFunc(slices.Values(pts), func(a, b Point) int { return a.X - b.X })
	fmt.Println(byX)
	byY := slices.SortedStableFunc(slices.Values(pts), func(a, b Point) int { return a.Y - b.Y })
	fmt.Println(byY)
	m2 := maps.Collect(slices.All([]string{"x", "y"}))
	fmt.Println(m2)
	maps.Insert(m2, maps.All(map[int]string{5: "five"}))
	fmt.Println(m2, len(m2))
	sum := 0
	for k, v := range maps.All(m) {
		sum += v * len(k)
	}
	fmt.Println(sum)
	var seq iter.Seq2[int, string] = slices.All([]string{"p", "q"})
	for i := range seq {
		fmt.Print(i)
	}
	fmt.Println()
	fmt.Println(slices.Collect(maps.Keys(map[int]bool{})) == nil)
}
