package vm

import "testing"

// objSliceMachine is a machine whose layout 0 is struct{ a, b int } (16
// bytes, no pointers), with a []layout0 of length n and capacity c whose
// element i holds {i, i}.
func objSliceMachine(n, c int) (*Machine, int64) {
	m := New(&Program{Layouts: []Layout{{Nested: []int32{-1, -1}, Size: 16, NoScan: true}}})
	mc := &m
	s, _, _ := mc.makeSlice(int64(n), int64(c), 0, 0)
	elems, _, _ := mc.sliceParts(s)
	for i := range elems[:n] {
		o := mc.objs[elems[i].I&refMask]
		o[0], o[1] = Value{I: int64(i)}, Value{I: int64(i)}
	}
	return mc, s
}

// distinctSlots checks the invariant of slice.go: every slot of every
// backing array, up to the capacity, holds an object of its own.
func distinctSlots(t *testing.T, mc *Machine, slices ...int64) {
	t.Helper()
	seen := map[int64]bool{}
	arrays := map[int64]bool{}
	for _, s := range slices {
		arr := mc.objs[s&refMask][shArr].I
		if arrays[arr] {
			continue
		}
		arrays[arr] = true
		for i, v := range mc.objs[arr&refMask] {
			if v.I&refMask == 0 || seen[v.I] {
				t.Fatalf("slot %d of array %d: object %d is missing or shared", i, arr, v.I)
			}
			seen[v.I] = true
		}
	}
}

// growslice (runtime/slice.go) copies the old elements into the new
// array: the old array keeps its own, and the new tail holds zero values.
func TestGrowsliceCopiesObjects(t *testing.T) {
	mc, s := objSliceMachine(2, 2)
	fresh := Value{I: mc.zeroObj(0)}
	g, cost := mc.appendVals(s, []Value{fresh}, ^0, 0)
	_, n, c := mc.sliceParts(g)
	if n != 3 || c != 4 {
		t.Fatalf("len %d cap %d, want 3 4 (growslice of 16-byte elements)", n, c)
	}
	if want := growCost(4, 16, SizeClass(64, true)); cost != want {
		t.Errorf("cost %d ps, want %d (growslice to 4 elements of 16 bytes: a mallocgc, 64 bytes moved or cleared)", cost, want)
	}
	distinctSlots(t, mc, s, g)
	ge, _, _ := mc.sliceParts(g)
	mc.objs[ge[0].I&refMask][0].I = 99
	if se, _, _ := mc.sliceParts(s); mc.objs[se[0].I&refMask][0].I != 0 {
		t.Error("a change to the new array's element changed the old array's")
	}
}

// append(s, t...) within the capacity, over the same array from below,
// moves as memmove does (runtime/slice.go's growslice is not called; the
// compiler's append is a memmove into the spare capacity).
func TestAppendOverlapMemmove(t *testing.T) {
	mc, s := objSliceMachine(4, 4)
	lo, _ := mc.reslice(s, 0, 2, 0, 1)   // s[:2]
	from, _ := mc.reslice(s, 1, 3, 0, 0) // s[1:3]
	_, l, _ := mc.sliceParts(from)
	fe, _, _ := mc.sliceParts(from)
	r, _ := mc.appendVals(lo, fe[:l:l], ^0, from)
	re, n, _ := mc.sliceParts(r)
	var got []int64
	for _, v := range re[:n] {
		got = append(got, mc.objs[v.I&refMask][0].I)
	}
	if want := []int64{0, 1, 1, 2}; !equalInts(got, want) {
		t.Errorf("append(s[:2], s[1:3]...) = %v, want %v", got, want)
	}
	distinctSlots(t, mc, s, r)
}

// copy (runtime/slice.go: slicecopy, a memmove) into overlapping slices
// of objects, in both directions.
func TestSlicecopyObjects(t *testing.T) {
	for _, tc := range []struct {
		dlo, slo int64
		want     []int64
	}{{1, 0, []int64{0, 0, 1, 2}}, {0, 1, []int64{1, 2, 3, 3}}} {
		mc, s := objSliceMachine(4, 4)
		d, _ := mc.reslice(s, tc.dlo, 0, 0, 2)
		src, _ := mc.reslice(s, tc.slo, 0, 0, 2)
		k, _ := mc.copySlice(d, src, 0)
		e, n, _ := mc.sliceParts(s)
		var got []int64
		for _, v := range e[:n] {
			got = append(got, mc.objs[v.I&refMask][0].I)
		}
		if k != 3 || !equalInts(got, tc.want) {
			t.Errorf("copy(s[%d:], s[%d:]) = %d, %v; want 3, %v", tc.dlo, tc.slo, k, got, tc.want)
		}
		distinctSlots(t, mc, s)
	}
}

func equalInts(a, b []int64) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}
