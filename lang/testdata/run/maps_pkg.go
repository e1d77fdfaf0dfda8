package main

import (
	"fmt"
	"maps"
	"slices"
)

func main() {
	m := map[string]int{"b": 2, "a": 1, "c": 3}
	c := maps.Clone(m)
	c["d"] = 4
	fmt.Println(m, c, len(m), len(c), maps.Equal(m, c))
	delete(c, "d")
	fmt.Println(maps.Equal(m, c))
	dst := map[string]int{"z": 26, "a": 100}
	maps.Copy(dst, m)
	fmt.Println(dst)
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(keys, len(keys), cap(keys))
	vals := slices.Sorted(maps.Values(m))
	fmt.Println(vals)
	all := slices.Collect(maps.Keys(m))
	slices.Sort(all)
	fmt.Println(all, len(all), cap(all))
	f := map[int]float64{1: 0.5, 2: 1.5}
	g := maps.Clone(f)
	fmt.Println(maps.Equal(f, g), slices.Sorted(maps.Keys(f)), slices.Sorted(maps.Values(g)))
	var nilMap map[string]int
	fmt.Println(maps.Clone(nilMap) == nil, maps.Equal(nilMap, map[string]int{}))
	big := map[int]bool{}
	for i := range 20 {
		big[i*7%20] = true
	}
	bk := slices.Sorted(maps.Keys(big))
	fmt.Println(bk, cap(bk))
	n := 0
	for k := range maps.Keys(m) {
		n += len(k)
	}
	sum := 0
	for v := range maps.Values(m) {
		sum += v
	}
	for range maps.Keys(m) {
		n++
	}
	fmt.Println(n, sum)
	maps.Copy(nilMap, m)
}
