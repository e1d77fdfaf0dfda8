package vm

// The register form: instructions that read their operands from the
// frame's slots and write their result into one, with no operand stack.
//
// The stack machine needs about three dispatches for s += i (two loads,
// an add, a store: four); a front end that gives every value a slot of
// the frame (lang/ssagen: go/ssa's values) can say it in one, OpAddR
// s, s, i. A is the destination slot (or a jump target), B and C the
// operands' slots, or C an immediate int32 (the *I ops). A comparison
// that decides a branch is one instruction with it (OpJLtR: if local B <
// local C, jump to A), and φ-nodes are resolved by OpMov on the edges.
// The stack ops stay for calls, the scheduler's operations and the
// library, where the operands are pushed for the callee anyway.
//
// Integers are int64 in the slots, wrapped to their type's width by
// OpTruncR where an operation can overflow it, as on the stack. The
// interpreter's fast loop (interp.go: fast) runs these instructions; the
// ones that can panic (a division by zero, a nil object, an index out of
// range, a negative shift) leave it for regOp, which raises the panic as
// the stack forms do.

// regOp performs register-form instruction in on the frame at base (the
// cases fast left it: see above); it returns a run-time panic's message
// ("" if none).
func (mc *Machine) regOp(in Instr, vals []Value, base int) string {
	x := func(i int32) *Value { return &vals[base+int(i)] }
	switch in.Op {
	case OpDivR, OpRemR:
		d := x(in.C).I
		if d == 0 {
			return errDivide
		}
		if in.Op == OpDivR {
			x(in.A).I = x(in.B).I / d
		} else {
			x(in.A).I = x(in.B).I % d
		}
	case OpShlR, OpShrR:
		c := x(in.C).I
		if c < 0 {
			return errShift
		}
		if in.Op == OpShlR {
			x(in.A).I = x(in.B).I << uint64(c)
		} else {
			x(in.A).I = x(in.B).I >> uint64(c)
		}
	case OpFieldR, OpFieldAddrR:
		o := x(in.B).I
		if o&refMask == 0 {
			return errNilFunc
		}
		*x(in.A) = mc.objs[o&refMask][in.C]
	case OpSetFieldR:
		o := x(in.A).I
		if o&refMask == 0 {
			return errNilFunc
		}
		mc.objs[o&refMask][in.B] = *x(in.C)
	case OpSliceIndexR:
		elems, l, _ := mc.sliceParts(x(in.B).I)
		i := x(in.C).I
		if uint64(i) >= uint64(l) {
			return indexError(i, l)
		}
		*x(in.A) = elems[i]
	case OpSliceStoreR:
		elems, l, _ := mc.sliceParts(x(in.A).I)
		i := x(in.B).I
		if uint64(i) >= uint64(l) {
			return indexError(i, l)
		}
		elems[i] = *x(in.C)
	case OpIndexObjR, OpStoreIndexObjR:
		oi, ii := in.B, in.C
		if in.Op == OpStoreIndexObjR {
			oi, ii = in.A, in.B
		}
		o := x(oi).I
		if o&refMask == 0 {
			return errNilFunc
		}
		obj := mc.objs[o&refMask]
		i := x(ii).I
		if uint64(i) >= uint64(len(obj)) {
			return indexError(i, len(obj))
		}
		if in.Op == OpIndexObjR {
			*x(in.A) = obj[i]
		} else {
			obj[i] = *x(in.C)
		}
	case OpMovS:
		*x(in.A) = Value{S: mc.prog.Strings[in.B]}
	case OpLoadGlobR:
		*x(in.A) = mc.globals[in.B]
	case OpStoreGlobR:
		mc.globals[in.A] = *x(in.B)
	default:
		panic("regOp: not a register-form instruction the fast loop leaves: " + in.Op.String())
	}
	return ""
}

// truncInt wraps v to an integer of width w (OpTruncR's C).
func truncInt(v int64, w int32) int64 {
	if w < 0 {
		s := uint(64 + w)
		return v << s >> s
	}
	return v & (1<<uint(w) - 1)
}
