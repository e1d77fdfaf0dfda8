package vm

// Arrays. An array value lives in an object of one slot per element, as a
// struct's fields do (object.go): a variable, a field or an element of
// array type holds the id of its own object, copied when read as a value
// (OpObjCopy), copied into when assigned (OpObjAssign) and compared
// element by element (OpObjEq), with Program.Layouts describing nested
// arrays and structs. A pointer to an array is its object's id; slicing
// an array makes a slice whose backing array is that object, so the two
// share their elements as in Go.

// arrayOp performs the array instructions (see dataOp).
func (mc *Machine) arrayOp(in Instr, vals []Value, sp int, n *int) ([]Value, int, string, bool) {
	switch in.Op {
	case OpZeroObj:
		if sp == len(vals) {
			vals = growVals(vals, sp, sp+1)
		}
		vals[sp] = Value{I: mc.zeroObj(in.A)}
		sp++
		*n += costAlloc
	case OpIndexObj:
		o, i := vals[sp-2].I, vals[sp-1].I
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		elems := mc.objs[o&refMask]
		if uint64(i) >= uint64(len(elems)) {
			return vals, sp, indexError(i, len(elems)), true
		}
		sp--
		vals[sp-1] = elems[i]
	case OpStoreIndexObj:
		o, i, v := vals[sp-3].I, vals[sp-2].I, vals[sp-1]
		if in.B == 1 {
			v, o, i = vals[sp-3], vals[sp-2].I, vals[sp-1].I
		}
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		elems := mc.objs[o&refMask]
		if uint64(i) >= uint64(len(elems)) {
			return vals, sp, indexError(i, len(elems)), true
		}
		elems[i] = v
		sp -= 3
	case OpArraySlice:
		o := vals[sp-1].I
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		k := len(mc.objs[o&refMask])
		vals[sp-1] = Value{I: mc.newSlice(o, 0, k, k)}
		*n += costAlloc
	default:
		return vals, sp, "", false
	}
	return vals, sp, "", true
}
