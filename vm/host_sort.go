package vm

// sort: the two operations of internal/reflectlite that sort.Slice,
// SliceStable and SliceIsSorted use on their `any` operand (the rest of
// sort is Go source compiled with the program: lang/srcpkg/sort).

func init() {
	// sort.reflectSliceLen(x any, method string) int: reflectlite's
	// ValueOf(x).Len(), or the ValueError panic Go's method (Swapper,
	// reflect.Value.Len) raises when x holds no slice.
	RegisterHost(HostFunc{Name: "sort.reflectSliceLen", Pop: 2, Push: 1, Fn: func(mc *Machine, _ int32, a, r []Value) string {
		t, v := mc.ifaceParts(a[0].I)
		if t < 0 || mc.prog.Types[t].Kind != KindSlice {
			return "reflect: call of " + a[1].S + " on " + mc.reflectKind(t) + " Value"
		}
		_, n, _ := mc.sliceParts(v.I)
		r[0].I = int64(n)
		return ""
	}})
	// sort.reflectSliceSwap(x any, i, j int): the swap of reflectlite's
	// Swapper: the elements' values change places (a struct's contents,
	// so that a pointer to an element still points at its slot, as in Go).
	RegisterHost(HostFunc{Name: "sort.reflectSliceSwap", Pop: 3, Push: 0, Fn: func(mc *Machine, _ int32, a, _ []Value) string {
		t, v := mc.ifaceParts(a[0].I)
		elems, n, _ := mc.sliceParts(v.I)
		i, j := a[1].I, a[2].I
		if uint64(i) >= uint64(n) || uint64(j) >= uint64(n) {
			return "reflect: slice index out of range"
		}
		if et := mc.prog.Types[t].Elem; et >= 0 && mc.prog.Types[et].Kind == KindStruct && mc.prog.Types[et].Layout >= 0 {
			mc.swapObj(elems[i].I, elems[j].I, mc.prog.Types[et].Layout)
			return ""
		}
		elems[i], elems[j] = elems[j], elems[i]
		return ""
	}})
}

// swapObj exchanges the contents of two structs of layout li, nested
// structs in place.
func (mc *Machine) swapObj(a, b int64, li int32) {
	if a == b {
		return
	}
	x, y := mc.objs[a&refMask], mc.objs[b&refMask]
	for i, nl := range mc.prog.Layouts[li].Nested {
		if nl >= 0 {
			mc.swapObj(x[i].I, y[i].I, nl)
		} else {
			x[i], y[i] = y[i], x[i]
		}
	}
}

// reflectKind is reflect.Kind's name for dynamic type t (-1: nil, whose
// Value is the zero Value).
func (mc *Machine) reflectKind(t int32) string {
	if t < 0 {
		return "zero"
	}
	ti := &mc.prog.Types[t]
	switch ti.Kind {
	case KindInt, KindDuration:
		if ti.Bits == 64 || ti.Bits == 0 {
			return "int"
		}
		return "int" + Itoa(int64(ti.Bits))
	case KindUint:
		if ti.Bits == 64 || ti.Bits == 0 {
			return "uint"
		}
		return "uint" + Itoa(int64(ti.Bits))
	case KindBool:
		return "bool"
	case KindString:
		return "string"
	case KindFloat:
		return "float64"
	case KindStruct:
		return "struct"
	case KindPtr:
		return "ptr"
	case KindMap:
		return "map"
	case KindChan:
		return "chan"
	case KindFunc:
		return "func"
	case KindIface:
		return "interface"
	}
	return "invalid"
}
