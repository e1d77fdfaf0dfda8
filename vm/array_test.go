package vm

import (
	"cmp"
	"slices"
	"testing"
)

// Map keys of arrays and structs: the encoding rebuilds the value (NUL
// bytes and negative numbers included) and sorts as fmt sorts keys,
// element by element with signed integers and strings in byte order.
func TestArrayKeys(t *testing.T) {
	// Layout 0: struct{ n int; s string; a [2]int } (the array: layout 1).
	mc := New(&Program{Layouts: []Layout{{Nested: []int32{-1, -1, 1}}, {Nested: []int32{-1, -1}}}})
	mk := func(n int64, s string, a0, a1 int64) int64 {
		o := mc.zeroObj(0)
		mc.objs[o&refMask][0] = Value{I: n}
		mc.objs[o&refMask][1] = Value{S: s}
		arr := mc.objs[o&refMask][2].I
		mc.objs[arr&refMask][0], mc.objs[arr&refMask][1] = Value{I: a0}, Value{I: a1}
		return o
	}
	vals := []int64{
		mk(-5, "a\x00b", 1, 2), mk(-5, "a", 1, 2), mk(-5, "a\x00", 1, 2), mk(3, "", -1<<63, 1<<63-1),
		mk(-1<<63, "\xff", 0, 0), mk(0, "", 0, 0), mk(-5, "a", 1, 3),
	}
	var keys []string
	for _, o := range vals {
		b, _, _ := mc.keyOf(nil, o, 0)
		k := string(b)
		keys = append(keys, k)
		back, rest := mc.keyObj(k, 0)
		if eq, msg := mc.eqObj(o, back, 0); rest != "" || !eq || msg != "" {
			t.Errorf("key %q decodes to a different value (rest %q)", k, rest)
		}
	}
	// fmt's order for these values (sorted by hand: n, then s, then a).
	want := []int64{vals[4], vals[1], vals[6], vals[2], vals[0], vals[5], vals[3]}
	idx := make([]int, len(keys))
	for i := range idx {
		idx[i] = i
	}
	slices.SortFunc(idx, func(a, b int) int { return cmp.Compare(keys[a], keys[b]) })
	for i, j := range idx {
		if vals[j] != want[i] {
			t.Fatalf("sorted keys: position %d holds value %d, want %d", i, j, slices.Index(vals, want[i]))
		}
	}
}
