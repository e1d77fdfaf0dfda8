package vm

import "slices"

// slices of structs and arrays: the functions of SliceFuncs that need no
// ordering, for elements held in objects (object.go), computed by the real
// package on the elements' object ids (so that the capacities of Clone,
// Insert, Concat, Repeat and Grow, the moves of Insert, Delete, Replace,
// Reverse and Compact, and their zeroed tails are Go's), the equality of
// Equal, Contains, Index and Compact being == on the values (eqObj). The
// ids are then turned back into values, as slice.go's invariant wants:
// a new array gets a copy of each element (a zero value where the real
// function left a zero), and a function that worked in place copies into
// each slot whose element changed the contents it now holds, every slot
// keeping its own object. OpHost's B is ^layout (B < 0).
//
// The model simplifies the cost as host_slices.go does: one call costs
// costHost whatever the length.

// objSliceFuncs are the functions of SliceFuncs that slices of structs and
// arrays support (their element type is only comparable, or any).
var objSliceFuncs = map[string]func(mc *Machine, li int32, a, r []Value) string{
	"Clone": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		res := slices.Clone(s) // append(s[:0:0], s...)
		return res, o.grow(len(res), 0)
	}),
	"Clip": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		res := slices.Clip(s)
		return res, cap(res)
	}),
	"Grow": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		// append(s[:cap(s)], make(S, n)...)[:len(s)]
		return slices.Grow(s, int(a[1].I)), o.grow(len(s)+int(a[1].I), cap(s))
	}),
	"Reverse": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		slices.Reverse(s)
		return s, cap(s)
	}),
	"Delete": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		res := slices.Delete(s, int(a[1].I), int(a[2].I))
		return res, cap(res)
	}),
	"Insert": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		// Beyond the capacity: append(s[:i], make(S, n+m-i)...).
		res := slices.Insert(s, int(a[1].I), o.ids(a[2])...)
		return res, o.grow(len(res), cap(s))
	}),
	"Replace": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		// Beyond the capacity: append(s[:i], make(S, tot-i)...).
		res := slices.Replace(s, int(a[1].I), int(a[2].I), o.ids(a[3])...)
		return res, o.grow(len(res), cap(s))
	}),
	"Repeat": objSliceOp(func(s []int64, a []Value, o objOperands) ([]int64, int) {
		res := slices.Repeat(s, int(a[1].I)) // make(S, len(x)*count)
		return res, len(res)
	}),
	"Concat": func(mc *Machine, li int32, a, r []Value) string {
		outer, n, _ := mc.sliceParts(a[0].I)
		ss := make([][]int64, n)
		for i := range ss {
			ss[i] = mc.objIDs(outer[i]).h
		}
		res := slices.Concat(ss...) // Grow[S](nil, size), then appends
		l := &mc.prog.Layouts[li]
		c := 0
		if len(res) > 0 {
			c = growCap(len(res), 0, l.Size, l.NoScan)
		}
		r[0] = mc.objsBack(hostSlice[int64]{isNil: true}, res, c, li)
		return ""
	},
	"Compact": func(mc *Machine, li int32, a, r []Value) string {
		s := mc.objIDs(a[0])
		eq, msg := mc.objEqual(li)
		res := slices.CompactFunc(s.h, eq)
		r[0] = mc.objsBack(s, res, cap(res), li)
		return *msg
	},
	"Equal": func(mc *Machine, li int32, a, r []Value) string {
		eq, msg := mc.objEqual(li)
		r[0] = Value{I: boolInt(slices.EqualFunc(mc.objIDs(a[0]).h, mc.objIDs(a[1]).h, eq))}
		return *msg
	},
	"Index": func(mc *Machine, li int32, a, r []Value) string {
		eq, msg := mc.objEqual(li)
		r[0] = Value{I: int64(slices.IndexFunc(mc.objIDs(a[0]).h, func(x int64) bool { return eq(x, a[1].I) }))}
		return *msg
	},
	"Contains": func(mc *Machine, li int32, a, r []Value) string {
		eq, msg := mc.objEqual(li)
		r[0] = Value{I: boolInt(slices.ContainsFunc(mc.objIDs(a[0]).h, func(x int64) bool { return eq(x, a[1].I) }))}
		return *msg
	},
}

// ObjSliceFunc reports whether slices function name supports slices of
// structs and arrays.
func ObjSliceFunc(name string) bool { _, ok := objSliceFuncs[name]; return ok }

// objOperands gives an objSliceOp's function the ids of another slice
// operand and growslice's capacity for the elements' size.
type objOperands struct {
	ids  func(Value) []int64
	grow func(newLen, oldCap int) int
}

// objSliceOp makes a function of a slice (a[0]) whose result is the slice
// f returns, with the capacity f says a new array has (the real function
// computed its own for 8-byte ids, not for the elements' size).
func objSliceOp(f func(s []int64, a []Value, o objOperands) ([]int64, int)) func(mc *Machine, li int32, a, r []Value) string {
	return func(mc *Machine, li int32, a, r []Value) string {
		l := &mc.prog.Layouts[li]
		o := objOperands{
			ids: func(v Value) []int64 { return mc.objIDs(v).h },
			grow: func(newLen, oldCap int) int {
				if newLen == 0 {
					return 0
				}
				return growCap(newLen, oldCap, l.Size, l.NoScan)
			},
		}
		s := mc.objIDs(a[0])
		res, c := f(s.h, a, o)
		v := mc.objsBack(s, res, c, li)
		if len(r) > 0 { // Reverse has no result
			r[0] = v
		}
		return ""
	}
}

// objIDs is VM slice v as a Go slice of its elements' object ids.
func (mc *Machine) objIDs(v Value) hostSlice[int64] {
	return toHost(mc, v, func(v Value) int64 { return v.I }, func(x int64) Value { return Value{I: x} })
}

// objEqual is == on two values of layout li as an equality function, and
// where it leaves the first panic's message (an uncomparable dynamic type
// in an interface field).
func (mc *Machine) objEqual(li int32) (func(x, y int64) bool, *string) {
	msg := new(string)
	return func(x, y int64) bool {
		if *msg != "" {
			return false
		}
		eq, m := mc.eqObj(x, y, li)
		*msg = m
		return eq
	}, msg
}

// objsBack returns res, the ids a function of package slices left, as a
// VM slice of values (layout li): over hs's array if res shares it, each
// slot whose id changed getting the contents the new id's object had
// before any was written, else over a new array of copies of capacity c.
func (mc *Machine) objsBack(hs hostSlice[int64], res []int64, c int, li int32) Value {
	value := func(id int64) int64 {
		if id == 0 {
			return mc.zeroObj(li)
		}
		return mc.copyObj(id, li)
	}
	if res == nil {
		return Value{}
	}
	if !hs.isNil && cap(res) > 0 && cap(hs.h) > 0 && &res[:1][0] == &hs.h[:1][0] {
		full := hs.h[:cap(hs.h)]
		was := make([]int64, len(full))
		for i, id := range full {
			if id != hs.vmElems[i].I {
				was[i] = value(id)
			}
		}
		for i, o := range was {
			if o != 0 {
				mc.assignObj(hs.vmElems[i].I, o, li)
			}
		}
		return Value{I: mc.newSlice(hs.arr, hs.off, len(res), cap(res))}
	}
	arr := mc.newObj(c)
	full := res[:min(c, cap(res))]
	for i := range c {
		id := int64(0)
		if i < len(full) {
			id = full[i]
		}
		mc.objs[arr&refMask][i] = Value{I: value(id)}
	}
	return Value{I: mc.newSlice(arr, 0, len(res), c)}
}
