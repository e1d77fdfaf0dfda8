package main

import (
	"fmt"
	"slices"
)

type IDs []int

func main() {
	s := []int{5, 2, 8, 2, 9, 1}
	fmt.Println(slices.Contains(s, 8), slices.Contains(s, 7), slices.Index(s, 2), slices.Index(s, 42))
	fmt.Println(slices.Max(s), slices.Min(s), slices.IsSorted(s))
	c := slices.Clone(s)
	slices.Sort(s)
	fmt.Println(s, c, len(c), cap(c), slices.IsSorted(s), slices.Equal(s, c))
	i, found := slices.BinarySearch(s, 8)
	j, found2 := slices.BinarySearch(s, 3)
	fmt.Println(i, found, j, found2)
	s = slices.Compact(s)
	fmt.Println(s, len(s), cap(s))
	slices.Reverse(s)
	fmt.Println(s)
	s = slices.Insert(s, 1, 100, 200)
	fmt.Println(s, len(s), cap(s))
	s = slices.Delete(s, 0, 2)
	fmt.Println(s, len(s), cap(s), s[:cap(s)])
	words := []string{"pear", "apple", "fig", "apple"}
	slices.Sort(words)
	cw := slices.Compact(words)
	fmt.Println(words, cw, slices.Index(words, "fig"))
	fl := []float64{3.5, -1, 2.25, 0}
	slices.Sort(fl)
	fmt.Println(fl, slices.Max(fl), slices.Min(fl))
	all := slices.Concat([]int{1, 2}, []int{3}, nil, []int{4, 5, 6})
	fmt.Println(all, len(all), cap(all))
	r := slices.Repeat([]string{"a", "b"}, 3)
	fmt.Println(r, len(r), cap(r))
	ids := IDs{3, 1, 2}
	slices.Sort(ids)
	fmt.Println(ids, slices.Compare([]int{1, 2}, []int{1, 3}), slices.Equal([]string{}, nil))
	var b []byte = []byte("hello")
	slices.Reverse(b)
	fmt.Println(string(b), slices.Clone([]int(nil)) == nil)
	g := slices.Grow([]int{1}, 10)
	fmt.Println(len(g), cap(g), slices.Clip(g[:1:5]), cap(slices.Clip(g[:1:5])))
	u8 := []uint8{3, 1, 2}
	slices.Sort(u8)
	fmt.Println(u8, cap(slices.Clone(u8)), cap(slices.Clone([]int32{1, 2, 3})))
	fmt.Println(slices.Replace([]int{0, 1, 2, 3}, 1, 3, 7, 8, 9))
	fmt.Println(slices.Max([]int{}))
}
