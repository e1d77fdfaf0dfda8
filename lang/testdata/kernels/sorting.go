// sorting: sort.Ints, slices.Sort and sort.Slice (with a less closure) on
// pseudo-random data.
// Usage: sorting [n] (default 500,000 elements).
package main

import (
	"fmt"
	"os"
	"slices"
	"sort"
	"strconv"
)

func data(n int, seed uint32) []int {
	xs := make([]int, n)
	x := seed
	for i := range xs {
		x = x*1664525 + 1013904223
		xs[i] = int(x >> 8)
	}
	return xs
}

type pair struct {
	key, val int
}

func main() {
	n := 500_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	a := data(n, 1)
	sort.Ints(a)
	b := data(n, 2)
	slices.Sort(b)
	c := data(n, 3)
	ps := make([]pair, n)
	for i, v := range c {
		ps[i] = pair{v, i}
	}
	sort.Slice(ps, func(i, j int) bool { return ps[i].key < ps[j].key })
	fmt.Println(a[0], a[n/2], b[n/3], ps[n/4].val, sort.IntsAreSorted(a), slices.IsSorted(b))
}
