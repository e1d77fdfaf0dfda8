package main

import (
	"fmt"
	"maps"
	"os"
	"slices"
	"sort"
	"strconv"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	xs := make([]int, n)
	m := map[int]int{}
	for i := range xs {
		xs[i] = (i * 7919) % n
		m[i] = i
	}
	ys := slices.Clone(xs)
	slices.Sort(xs)
	sort.Ints(ys)
	keys := slices.Sorted(maps.Keys(m))
	fmt.Println(xs[n/2], ys[n/3], len(keys), slices.Index(xs, n-1))
}
