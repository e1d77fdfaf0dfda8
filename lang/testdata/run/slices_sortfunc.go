// slices.SortFunc, SortStableFunc and IsSortedFunc, compiled from Go's
// own source (src/slices/sort.go, zsortanyfunc.go): with many equal keys
// the unstable sort's order of equal elements is pdqsort's, which only the
// real algorithm (its pivots, its pattern breaking) reproduces.
package main

import (
	"cmp"
	"fmt"
	"slices"
	"strings"
)

type rec struct {
	key int
	id  int
}

func ids(rs []rec) string {
	var b strings.Builder
	for i, r := range rs {
		if i > 0 {
			b.WriteString(" ")
		}
		b.WriteString(fmt.Sprintf("%d:%d", r.key, r.id))
	}
	return b.String()
}

func byKey(a, b rec) int { return cmp.Compare(a.key, b.key) }

func main() {
	// Small: insertion sort.
	small := []rec{{3, 0}, {1, 1}, {3, 2}, {2, 3}, {1, 4}, {3, 5}}
	slices.SortFunc(small, byKey)
	fmt.Println(ids(small))

	// Large, pseudo-random keys with many repeats: pdqsort's partitions.
	var big, stable []rec
	x := uint32(7)
	for i := range 300 {
		x = x*1103515245 + 12345
		big = append(big, rec{int(x>>16) % 9, i})
		stable = append(stable, rec{int(x>>16) % 9, i})
	}
	fmt.Println(slices.IsSortedFunc(big, byKey))
	slices.SortFunc(big, byKey)
	fmt.Println(slices.IsSortedFunc(big, byKey))
	fmt.Println(ids(big))
	slices.SortStableFunc(stable, byKey)
	fmt.Println(ids(stable))

	// Descending runs and already sorted input: pattern detection.
	var desc []rec
	for i := range 200 {
		desc = append(desc, rec{(200 - i) / 3, i})
	}
	slices.SortFunc(desc, byKey)
	fmt.Println(ids(desc))
	slices.SortFunc(desc, func(a, b rec) int { return cmp.Compare(a.key%4, b.key%4) })
	fmt.Println(ids(desc))

	// Strings by length, and pointers.
	words := strings.Fields("go is a language for building simple secure scalable systems and it is fun to use")
	slices.SortFunc(words, func(a, b string) int { return cmp.Compare(len(a), len(b)) })
	fmt.Println(words)
	slices.SortStableFunc(words, func(a, b string) int { return strings.Compare(a[:1], b[:1]) })
	fmt.Println(words)
	ps := []*rec{{2, 0}, {1, 1}, {2, 2}, {0, 3}}
	slices.SortFunc(ps, func(a, b *rec) int { return b.key - a.key })
	for _, p := range ps {
		fmt.Print(*p, " ")
	}
	fmt.Println()
	var empty []rec
	slices.SortFunc(empty, byKey)
	fmt.Println(len(empty), slices.IsSortedFunc(empty, byKey))
}
