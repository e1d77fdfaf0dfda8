package vm

import "strconv"

// dataOp performs the instructions on the program's data that exec does
// not do itself: objects (structs), slices, maps, interface values, atomics,
// unsigned arithmetic and the libraries the VM computes. None of them
// calls, returns or touches a frame. It returns the operand stack, a panic
// message ("" if none) and whether in is one of them; *ps gets what the
// instruction costs besides its opCost (cost.go), in ps.
func (mc *Machine) dataOp(in Instr, vals []Value, sp int, ps *int64) ([]Value, int, string, bool) {
	switch in.Op {
	case OpMakeIface:
		vals[sp-1] = Value{I: mc.makeIface(in.A, vals[sp-1])}
	case OpIfaceEq:
		eq, msg := mc.ifaceEq(vals[sp-2].I, vals[sp-1].I)
		if msg != "" {
			return vals, sp, msg, true
		}
		sp--
		vals[sp-1] = Value{I: boolInt(eq)}
	case OpAssert:
		v, ok, msg := mc.assert(vals[sp-1].I, in.A, in.B>>2, in.B&3 == 0)
		switch in.B & 3 {
		case 0:
			if !ok {
				return vals, sp, msg, true
			}
			vals[sp-1] = v
		case AssertTest:
			vals[sp-1] = Value{I: boolInt(ok)}
		default:
			vals[sp-1] = v
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: boolInt(ok)}
			sp++
		}
	// Objects.
	case OpNewObj:
		if sp == len(vals) {
			vals = growVals(vals, sp, sp+1)
		}
		vals[sp] = Value{I: mc.newObj(int(in.A))}
		sp++
		*ps += newObjCost(in)
	case OpNewobject:
		*ps += mallocCost(mc.mallocObjPtrs(vals[sp-1].I, uint64(in.A), uint64(in.B)))
	case OpField:
		o := vals[sp-1].I
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		vals[sp-1] = mc.objs[o&refMask][in.A]
	case OpSetField:
		o, v := vals[sp-2].I, vals[sp-1]
		if in.B == 1 {
			o, v = v.I, vals[sp-2]
		}
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		mc.objs[o&refMask][in.A] = v
		sp -= 2
		*ps += mc.wbCost(v)
	case OpObjCopy:
		o := vals[sp-1].I
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		vals[sp-1] = Value{I: mc.copyObj(o, in.A)}
		*ps += objCopyCost(&mc.prog.Layouts[in.A])
	case OpObjAssign:
		d, s := vals[sp-2].I, vals[sp-1].I
		if in.B == 1 {
			d, s = s, d
		}
		if d&refMask == 0 || s&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		mc.assignObj(d, s, in.A)
		sp -= 2
		*ps += objAssignCost(&mc.prog.Layouts[in.A])
	case OpObjMove:
		d, s := vals[sp-2].I, vals[sp-1].I
		if d&refMask == 0 || s&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		mc.moveObj(d, s)
		sp -= 2
		*ps += objAssignCost(&mc.prog.Layouts[in.A])
	// Slices.
	case OpMakeSlice:
		s, class, msg := mc.makeSlice(vals[sp-2].I, vals[sp-1].I, in.A, in.B)
		if msg != "" {
			return vals, sp, msg, true
		}
		sp--
		vals[sp-1] = Value{I: s}
		*ps += growCost(int(vals[sp].I), mc.elemSize(in.A), class)
	case OpSliceLen, OpSliceCap:
		_, l, c := mc.sliceParts(vals[sp-1].I)
		if in.Op == OpSliceCap {
			l = c
		}
		vals[sp-1] = Value{I: int64(l)}
	case OpSliceIndex:
		elems, l, _ := mc.sliceParts(vals[sp-2].I)
		i := vals[sp-1].I
		if uint64(i) >= uint64(l) {
			return vals, sp, indexError(i, l), true
		}
		sp--
		vals[sp-1] = elems[i]
	case OpSliceStore:
		s, i, v := vals[sp-3].I, vals[sp-2].I, vals[sp-1]
		if in.B == 1 {
			v, s, i = vals[sp-3], vals[sp-2].I, vals[sp-1].I
		}
		elems, l, _ := mc.sliceParts(s)
		if uint64(i) >= uint64(l) {
			return vals, sp, indexError(i, l), true
		}
		elems[i] = v
		sp -= 3
		*ps += mc.wbCost(v)
	case OpAppendSlice:
		t, l, _ := mc.sliceParts(vals[sp-1].I)
		s, cost := mc.appendVals(vals[sp-2].I, t[:l:l], in.B, vals[sp-1].I)
		sp--
		vals[sp-1] = Value{I: s}
		*ps += cost
	case OpCopySlice:
		k, cost := mc.copySlice(vals[sp-2].I, vals[sp-1].I, ^in.B)
		sp--
		vals[sp-1] = Value{I: int64(k)}
		*ps += cost
	case OpReslice:
		var lo, hi, mx int64
		k := 0
		if in.B&4 != 0 {
			k++
			mx = vals[sp-k].I
		}
		if in.B&2 == 0 {
			k++
			hi = vals[sp-k].I
		}
		if in.B&1 == 0 {
			k++
			lo = vals[sp-k].I
		}
		s, msg := mc.reslice(vals[sp-k-1].I, lo, hi, mx, in.B)
		if msg != "" {
			return vals, sp, msg, true
		}
		sp -= k
		vals[sp-1] = Value{I: s}
	case OpAtomic:
		if in.B&AtomicValue != 0 {
			vals, sp, msg := mc.atomicValueOp(in, vals, sp) // atomic_value.go
			return vals, sp, msg, true
		}
		k := [...]int{1, 2, 2, 2, 3, 2, 2}[in.A]
		o := vals[sp-k].I
		var slot *Value
		if in.B&AtomicPtr != 0 {
			slot = mc.slotOf(o)
		} else if o&refMask != 0 {
			slot = &mc.objs[o&refMask][0]
		}
		if slot == nil {
			return vals, sp, errNilFunc, true
		}
		wrap := func(v int64) int64 {
			switch in.B &^ AtomicPtr {
			case 1:
				return int64(int32(v))
			case 2:
				return int64(uint32(v))
			}
			return v
		}
		var r Value
		switch in.A {
		case AtomicLoad:
			r = *slot
		case AtomicStore:
			*slot = vals[sp-1]
		case AtomicAdd:
			slot.I = wrap(slot.I + vals[sp-1].I)
			r = *slot
		case AtomicSwap:
			r, *slot = *slot, vals[sp-1]
		case AtomicCAS:
			if slot.I == vals[sp-2].I {
				slot.I = vals[sp-1].I
				r.I = 1
			}
		case AtomicAnd:
			r, slot.I = *slot, slot.I&vals[sp-1].I
		case AtomicOr:
			r, slot.I = *slot, slot.I|vals[sp-1].I
		}
		sp -= k
		if in.A != AtomicStore {
			vals[sp] = r
			sp++
		}

	// Maps.
	case OpMakeMap:
		vals[sp-1] = Value{I: mc.makeMap(vals[sp-1].I)}
	case OpMapIndex:
		if mc.logMaps {
			mc.logMap(vals[sp-2].I, *ps, 0, MapAccessKind(in.A>>1))
		}
		*ps += mapCost(psMapAccess, int(mc.mapLen(vals[sp-2].I)))
		v, ok := mc.mapGet(vals[sp-2].I, vals[sp-1])
		if !ok && in.B >= 0 {
			v = Value{I: mc.zeroObj(in.B)}
		}
		sp--
		vals[sp-1] = v
		if in.A&1 != 0 {
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: boolInt(ok)}
			sp++
		}
	case OpMapStore:
		m, k, v := vals[sp-3].I, vals[sp-2], vals[sp-1]
		if in.B == 1 {
			v, m, k = vals[sp-3], vals[sp-2].I, vals[sp-1]
		}
		if m&refMask == 0 {
			return vals, sp, "assignment to entry in nil map", true
		}
		before, at := mc.mapLen(m), *ps
		mc.mapSet(m, k, v)
		sp -= 3
		if mc.mapLen(m) > before {
			*ps += mapCost(psMapInsert, int(before))
		} else {
			*ps += mapCost(psMapAssign, int(before))
		}
		*ps += mc.wbCost(k) + mc.wbCost(v)
		if mc.logMaps {
			mc.logMap(m, at, *ps-at, MapWrite)
		}
	case OpMapDelete:
		at := *ps
		*ps += mapCost(psMapAssign, int(mc.mapLen(vals[sp-2].I)))
		if mc.logMaps {
			mc.logMap(vals[sp-2].I, at, *ps-at, MapWrite)
		}
		mc.mapDelete(vals[sp-2].I, vals[sp-1])
		sp -= 2
	case OpMapLen:
		vals[sp-1] = Value{I: mc.mapLen(vals[sp-1].I)}
	case OpMapClear:
		if mc.logMaps {
			// clear holds m.writing while it empties the map: as long as
			// writing each key (the model charges it nothing beyond
			// the instruction).
			mc.logMap(vals[sp-1].I, *ps, mapCost(psMapAssign, int(mc.mapLen(vals[sp-1].I))), MapWrite)
		}
		mc.mapClear(vals[sp-1].I)
		sp--
	case OpMapKeys:
		if mc.logMaps {
			mc.logMap(vals[sp-1].I, *ps, 0, MapIter)
		}
		*ps += psMalloc + int64(mc.mapLen(vals[sp-1].I))*psMapIter
		vals[sp-1] = Value{I: mc.mapKeys(vals[sp-1].I, in.A != 0)}
		if in.A == MapKeysFloat {
			mc.sortFloats(vals[sp-1].I)
		}
	case OpFloat:
		sp = mc.float(in, vals, sp)
		switch in.A {
		case FDiv:
			*ps += psFloatDiv - psFloatOp
		case FFromInt, FFromUint, FToInt, FToInt32, FToUint:
			*ps += psConvert - psFloatOp
		}
	case OpUnsigned:
		if in.A == UFmt {
			vals[sp-1] = Value{S: strconv.FormatUint(uint64(vals[sp-1].I), 10)}
			return vals, sp, "", true
		}
		a, b := uint64(vals[sp-2].I), uint64(vals[sp-1].I)
		var r uint64
		switch in.A {
		case UDiv, URem:
			if b == 0 {
				return vals, sp, errDivide, true
			}
			*ps += psDiv - psIntOp
			r = a / b
			if in.A == URem {
				r = a % b
			}
		case UShr:
			if int64(b) < 0 {
				return vals, sp, errShift, true
			}
			if b < 64 {
				r = a >> b
			}
		case ULt:
			r = uint64(boolInt(a < b))
		case ULe:
			r = uint64(boolInt(a <= b))
		case UGt:
			r = uint64(boolInt(a > b))
		case UGe:
			r = uint64(boolInt(a >= b))
		}
		sp--
		vals[sp-1] = Value{I: int64(r)}
	case OpStrings:
		k, m := StrArgs(in.A)
		res, msg := mc.strs(in.A, in.B, vals[sp-k:sp])
		if msg != "" {
			return vals, sp, msg, true
		}
		*ps += mc.strsCost(in.A, vals[sp-k:sp], res[:m])
		sp -= k
		vals = growVals(vals, sp, sp+m)
		copy(vals[sp:], res[:m])
		sp += m
	case OpHost:
		var msg string
		if vals, sp, msg = mc.host(vals, sp, in.A, in.B, ps); msg != "" {
			return vals, sp, msg, true
		}
	case OpRand:
		k := randArgs(in.A)
		res, msg := mc.random(in.A, vals[sp-k:sp])
		if msg != "" {
			return vals, sp, msg, true
		}
		sp -= k
		vals[sp] = res
		sp++
	case OpObjEq:
		sp--
		*ps += memmoveCost(1, mc.prog.Layouts[in.A].Size)
		eq, msg := mc.eqObj(vals[sp-1].I, vals[sp].I, in.A)
		if msg != "" {
			return vals, sp, msg, true
		}
		vals[sp-1] = Value{I: boolInt(eq)}
	default:
		if vals, sp, msg, ok := mc.pointerOp(in, vals, sp, ps); ok {
			return vals, sp, msg, ok
		}
		return mc.arrayOp(in, vals, sp, ps)
	}
	return vals, sp, "", true
}
