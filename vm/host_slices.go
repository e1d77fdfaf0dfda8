package vm

import (
	"cmp"
	"slices"
)

// slices: the generic functions without callbacks, for slices of integers,
// floats and strings, computed by the real package on a Go slice of the
// element's real type built from the VM's (so that the order of Sort, the
// capacity of Clone, Insert, Concat and Repeat, and the zeroed tail of
// Delete and Compact are Go's). The instruction's B names the element type
// (a Program.Strings index: "int", "float32", "string", …). A function
// that works in place writes the whole backing array back.
//
// A call costs psHost plus, as Go's does, what grows with the slice:
// sortCost for Sort, a memmove's rate per element for the others
// (sliceScale).

// SliceFuncs gives the operands and results of each function: the
// parameters, '>', the results; s the slice (S), e an element (E), i int,
// b bool, v variadic elements ([]E), V variadic slices ([]S).
var SliceFuncs = map[string]string{
	"Contains": "se>b", "Index": "se>i", "Equal": "ss>b", "Compare": "ss>i", "Sort": "s>",
	"IsSorted": "s>b", "Max": "s>e", "Min": "s>e", "Reverse": "s>", "Clone": "s>s", "Compact": "s>s",
	"Insert": "siv>s", "Delete": "sii>s", "BinarySearch": "se>ib", "Concat": "V>s", "Repeat": "si>s",
	"Grow": "si>s", "Clip": "s>s", "Replace": "siiv>s",
}

type sliceFn func(mc *Machine, a, r []Value)

func init() {
	// slices.sharesArray(a, b any): whether two slices (in interface
	// values) overlap in one backing array: overlaps, which Go computes
	// with unsafe (lang/stubs/slices).
	RegisterHost(HostFunc{Name: "slices.sharesArray", Pop: 2, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		_, x := mc.ifaceParts(a[0].I)
		_, y := mc.ifaceParts(a[1].I)
		if x.I&refMask == 0 || y.I&refMask == 0 {
			return ""
		}
		hx, hy := mc.objs[x.I&refMask], mc.objs[y.I&refMask]
		if hx[shArr].I != hy[shArr].I || hx[shLen].I == 0 || hy[shLen].I == 0 {
			return ""
		}
		r[0].I = boolInt(hx[shOff].I < hy[shOff].I+hy[shLen].I && hy[shOff].I < hx[shOff].I+hx[shLen].I)
		return ""
	}})
}

// sliceOps holds each element type's functions, by element type and name.
var sliceOps = map[string]map[string]sliceFn{}

// hostSlice is a VM slice as a Go slice of E: every element up to the
// capacity, and where they came from.
type hostSlice[E any] struct {
	h         []E
	arr       int64 // the backing array's object (0: nil slice)
	off       int
	vmElems   []Value
	put       func(E) Value
	isNil     bool
	fromValue Value
}

func toHost[E any](mc *Machine, v Value, get func(Value) E, put func(E) Value) hostSlice[E] {
	if v.I&refMask == 0 {
		return hostSlice[E]{isNil: true, put: put}
	}
	hd := mc.objs[v.I&refMask]
	elems, n, c := mc.sliceParts(v.I)
	h := make([]E, n, c)
	full := h[:c]
	for i := range c {
		full[i] = get(elems[i])
	}
	return hostSlice[E]{h: h, arr: hd[shArr].I, off: int(hd[shOff].I), vmElems: elems, put: put}
}

// back returns res as a VM slice: over the same array (written back
// whole) if res shares it, else over a new one.
func (hs hostSlice[E]) back(mc *Machine, res []E) Value {
	if res == nil {
		return Value{}
	}
	if !hs.isNil && cap(res) > 0 && cap(hs.h) > 0 && &res[:1][0] == &hs.h[:1][0] {
		full := hs.h[:cap(hs.h)]
		for i := range full {
			hs.vmElems[i] = hs.put(full[i])
		}
		return Value{I: mc.newSlice(hs.arr, hs.off, len(res), cap(res))}
	}
	arr := mc.newObj(cap(res))
	a := mc.objs[arr&refMask]
	for i, x := range res[:cap(res)] {
		a[i] = hs.put(x)
	}
	return Value{I: mc.newSlice(arr, 0, len(res), cap(res))}
}

func addSliceOps[E cmp.Ordered](name string, get func(Value) E, put func(E) Value) {
	in := func(mc *Machine, v Value) hostSlice[E] { return toHost(mc, v, get, put) }
	vals := func(mc *Machine, v Value) []E { return in(mc, v).h }
	bv := func(b bool) Value { return Value{I: boolInt(b)} }
	iv := func(n int) Value { return Value{I: int64(n)} }
	sliceOps[name] = map[string]sliceFn{
		"Contains": func(mc *Machine, a, r []Value) { r[0] = bv(slices.Contains(vals(mc, a[0]), get(a[1]))) },
		"Index":    func(mc *Machine, a, r []Value) { r[0] = iv(slices.Index(vals(mc, a[0]), get(a[1]))) },
		"Equal":    func(mc *Machine, a, r []Value) { r[0] = bv(slices.Equal(vals(mc, a[0]), vals(mc, a[1]))) },
		"Compare":  func(mc *Machine, a, r []Value) { r[0] = iv(slices.Compare(vals(mc, a[0]), vals(mc, a[1]))) },
		"Sort": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			slices.Sort(s.h)
			s.back(mc, s.h)
		},
		"IsSorted": func(mc *Machine, a, r []Value) { r[0] = bv(slices.IsSorted(vals(mc, a[0]))) },
		"Max":      func(mc *Machine, a, r []Value) { r[0] = put(slices.Max(vals(mc, a[0]))) },
		"Min":      func(mc *Machine, a, r []Value) { r[0] = put(slices.Min(vals(mc, a[0]))) },
		"Reverse": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			slices.Reverse(s.h)
			s.back(mc, s.h)
		},
		"Clone": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			r[0] = s.back(mc, slices.Clone(s.h))
		},
		"Compact": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			r[0] = s.back(mc, slices.Compact(s.h))
		},
		"Insert": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			r[0] = s.back(mc, slices.Insert(s.h, int(a[1].I), vals(mc, a[2])...))
		},
		"Replace": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			r[0] = s.back(mc, slices.Replace(s.h, int(a[1].I), int(a[2].I), vals(mc, a[3])...))
		},
		"Delete": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			r[0] = s.back(mc, slices.Delete(s.h, int(a[1].I), int(a[2].I)))
		},
		"BinarySearch": func(mc *Machine, a, r []Value) {
			i, ok := slices.BinarySearch(vals(mc, a[0]), get(a[1]))
			r[0], r[1] = iv(i), bv(ok)
		},
		"Concat": func(mc *Machine, a, r []Value) {
			outer, n, _ := mc.sliceParts(a[0].I)
			ss := make([][]E, n)
			for i := range ss {
				ss[i] = vals(mc, outer[i])
			}
			r[0] = hostSlice[E]{isNil: true, put: put}.back(mc, slices.Concat(ss...))
		},
		"Repeat": func(mc *Machine, a, r []Value) {
			r[0] = hostSlice[E]{isNil: true, put: put}.back(mc, slices.Repeat(vals(mc, a[0]), int(a[1].I)))
		},
		"Grow": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			r[0] = s.back(mc, slices.Grow(s.h, int(a[1].I)))
		},
		"Clip": func(mc *Machine, a, r []Value) {
			s := in(mc, a[0])
			r[0] = s.back(mc, slices.Clip(s.h))
		},
	}
}

func init() {
	i64 := func(v Value) int64 { return v.I }
	addSliceOps("int", func(v Value) int { return int(v.I) }, func(x int) Value { return Value{I: int64(x)} })
	addSliceOps("int8", func(v Value) int8 { return int8(v.I) }, func(x int8) Value { return Value{I: int64(x)} })
	addSliceOps("int16", func(v Value) int16 { return int16(v.I) }, func(x int16) Value { return Value{I: int64(x)} })
	addSliceOps("int32", func(v Value) int32 { return int32(v.I) }, func(x int32) Value { return Value{I: int64(x)} })
	addSliceOps("int64", i64, func(x int64) Value { return Value{I: x} })
	addSliceOps("uint", func(v Value) uint { return uint(v.I) }, func(x uint) Value { return Value{I: int64(x)} })
	addSliceOps("uint8", func(v Value) uint8 { return uint8(v.I) }, func(x uint8) Value { return Value{I: int64(x)} })
	addSliceOps("uint16", func(v Value) uint16 { return uint16(v.I) }, func(x uint16) Value { return Value{I: int64(x)} })
	addSliceOps("uint32", func(v Value) uint32 { return uint32(v.I) }, func(x uint32) Value { return Value{I: int64(x)} })
	addSliceOps("uint64", func(v Value) uint64 { return uint64(v.I) }, func(x uint64) Value { return Value{I: int64(x)} })
	addSliceOps("uintptr", func(v Value) uintptr { return uintptr(v.I) }, func(x uintptr) Value { return Value{I: int64(x)} })
	addSliceOps("float32", func(v Value) float32 { return float32(F64(v)) }, func(x float32) Value { return FloatValue(float64(x)) })
	addSliceOps("float64", F64, FloatValue)
	addSliceOps("string", func(v Value) string { return v.S }, func(x string) Value { return Value{S: x} })
	for name, spec := range SliceFuncs {
		pop, push := 0, 0
		for i := 0; i < len(spec); i++ {
			if spec[i] == '>' {
				pop, push = i, len(spec)-i-1
			}
		}
		RegisterHost(HostFunc{Name: "slices." + name, Pop: pop, Push: push, Scale: sliceScale(name), Fn: func(mc *Machine, b int32, a, r []Value) (msg string) {
			defer func() {
				if p := recover(); p != nil {
					msg = panicText(p)
				}
			}()
			if b < 0 {
				return objSliceFuncs[name](mc, ^b, a, r) // host_slices_obj.go
			}
			sliceOps[mc.prog.Strings[b]][name](mc, a, r)
			return ""
		}})
	}
}

// sliceScale is the length-dependent cost of slices function name: a sort
// of the first operand's n elements, a binary search's log2 n steps, or
// every other function's pass over them.
func sliceScale(name string) func(mc *Machine, b int32, a []Value) int64 {
	return func(mc *Machine, b int32, a []Value) int64 {
		if len(a) == 0 {
			return 0
		}
		_, n, _ := mc.sliceParts(a[0].I)
		switch name {
		case "Sort":
			return sortCost(n)
		case "BinarySearch":
			steps := int64(1)
			for k := 1; k < n; k *= 2 {
				steps++
			}
			return steps * (psIndex + psTakenBranch)
		}
		return memmoveCost(n, 8)
	}
}
