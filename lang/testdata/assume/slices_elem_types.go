// The functions of slices and maps that the VM computes on the host for
// some element types, and that run Go's source (lang/stubs/slices) for
// the others, on structs, named integer types, float32, [][]byte and a map
// of slices.
package main

import (
	"fmt"
	"maps"
	"slices"
)

type P struct {
	X, Y int
}

type ID int8

func main() {
	ps := []P{{1, 2}, {3, 4}, {1, 2}}
	fmt.Println(slices.Index(ps, P{3, 4}), slices.Contains(ps, P{5, 6}), slices.Equal(ps, slices.Clone(ps)))
	slices.Reverse(ps)
	fmt.Println(ps, slices.Compact(ps))
	ids := []ID{3, -1, 2}
	slices.Sort(ids)
	fmt.Println(ids, slices.Max(ids), slices.Min(ids))
	bs := [][]byte{[]byte("b"), []byte("a")}
	fmt.Println(len(slices.Insert(bs, 1, []byte("c"))), slices.Repeat([]P{{0, 1}}, 2))
	m := map[P][]string{{1, 2}: {"a"}, {3, 4}: {"b", "c"}}
	c := maps.Clone(m)
	fmt.Println(len(c), c[P{3, 4}], maps.EqualFunc(m, c, slices.Equal))
	keys := slices.SortedFunc(maps.Keys(m), func(a, b P) int { return a.X - b.X })
	fmt.Println(keys)
	var u []uint16 = []uint16{9, 7, 8}
	slices.Sort(u)
	fmt.Println(u, slices.Index(u, 8))
	fs := []float32{2.5, 1.5}
	slices.Sort(fs)
	fmt.Println(fs, slices.Max(fs))
}
