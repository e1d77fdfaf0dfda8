package vm

import "math"

// Arrays. An array value lives in an object of one slot per element, as a
// struct's fields do (object.go): a variable, a field or an element of
// array type holds the id of its own object, copied when read as a value
// (OpObjCopy), copied into when assigned (OpObjAssign) and compared
// element by element (OpObjEq), with Program.Layouts describing nested
// arrays and structs. A pointer to an array is its object's id; slicing
// an array makes a slice whose backing array is that object, so the two
// share their elements as in Go.

// arrayOp performs the array instructions (see dataOp).
func (mc *Machine) arrayOp(in Instr, vals []Value, sp int, ps *int64) ([]Value, int, string, bool) {
	switch in.Op {
	case OpZeroObj:
		if sp == len(vals) {
			vals = growVals(vals, sp, sp+1)
		}
		vals[sp] = Value{I: mc.zeroObj(in.A)}
		sp++
		*ps += memmoveCost(1, mc.prog.Layouts[in.A].Size) // a stack object cleared
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
		*ps += mc.wbCost(v)
	case OpArraySlice:
		o := vals[sp-1].I
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		k := len(mc.objs[o&refMask])
		vals[sp-1] = Value{I: mc.newSlice(o, 0, k, k)}
	case OpSliceToArray:
		elems, l, _ := mc.sliceParts(vals[sp-1].I)
		nested := mc.prog.Layouts[in.A].Nested
		if l < len(nested) {
			return vals, sp, "runtime error: cannot convert slice with length " + itoa(int64(l)) + " to array or pointer to array with length " + itoa(int64(len(nested))), true
		}
		o := mc.newObj(len(nested))
		for i, nl := range nested {
			v := elems[i]
			if nl >= 0 {
				v = Value{I: mc.copyObj(v.I, nl)}
			}
			mc.objs[o&refMask][i] = v
		}
		vals[sp-1] = Value{I: o}
		*ps += memmoveCost(1, mc.prog.Layouts[in.A].Size)
	case OpKeyOf:
		o := vals[sp-1].I
		if o&refMask == 0 {
			return vals, sp, errNilFunc, true
		}
		b, _, _ := mc.keyOf(nil, o, in.A) // no interface inside: mapkey.go has those
		k := Value{S: string(b)}
		if !mc.prog.Layouts[in.A].NoScan || mc.hasFloat(in.A) {
			// A copy keeps what the key points to alive for the
			// collector, which does not read the encoding (mapkey.go),
			// and a -0 the encoding makes +0.
			k.I = mc.copyObj(o, in.A)
		}
		vals[sp-1] = k
		*ps += memmoveCost(1, mc.prog.Layouts[in.A].Size)
	case OpKeyObj:
		o := vals[sp-1].I
		if o == 0 {
			o, _ = mc.keyObj(vals[sp-1].S, in.A)
		} else {
			o = mc.copyObj(o, in.A)
		}
		vals[sp-1] = Value{I: o}
		*ps += memmoveCost(1, mc.prog.Layouts[in.A].Size)
	default:
		return vals, sp, "", false
	}
	return vals, sp, "", true
}

// Arrays and structs as map keys. The map compares keys as Values, so an
// array or struct key (an object id) is replaced by its contents encoded
// in a string (OpKeyOf) and rebuilt as a new object where the program
// gets the key back (OpKeyObj: range, printing). A key with pointers or
// floats inside also keeps a copy of the object, which OpKeyObj copies
// back: the collector must see what the key points to (mapkey.go), and a
// -0, which the encoding makes +0 (Go hashes them alike), comes back -0. The encoding keeps the
// order fmt sorts keys in: element by element, an integer as 8 big-endian
// bytes with the sign bit flipped (signed order), a string with its 0
// bytes escaped and ended by 0 0.

// keyOf encodes object o of layout li; iface reports an interface slot
// (encoded as mapkey.go says: such a key keeps a copy of o to give back),
// and bad names the unhashable dynamic type one holds, if any.
func (mc *Machine) keyOf(b []byte, o int64, li int32) (_ []byte, bad string, iface bool) {
	for i, nl := range mc.prog.Layouts[li].Nested {
		v := mc.objs[o&refMask][i]
		switch {
		case nl >= 0:
			var in bool
			b, bad, in = mc.keyOf(b, v.I, nl)
			iface = iface || in
		case nl == LayoutIface:
			b, bad = mc.appendDyn(b, v.I)
			iface = true
		default:
			if nl == LayoutFloat && v.I == math.MinInt64 {
				v.I = 0 // -0 is the key +0, as Go hashes floats
			}
			b = appendKeyString(appendUint(b, uint64(v.I)^1<<63), v.S)
		}
		if bad != "" {
			return b, bad, iface
		}
	}
	return b, "", iface
}

// hasFloat reports whether layout li has a float slot.
func (mc *Machine) hasFloat(li int32) bool {
	for _, nl := range mc.prog.Layouts[li].Nested {
		if nl == LayoutFloat || nl >= 0 && mc.hasFloat(nl) {
			return true
		}
	}
	return false
}

// keyObj decodes key s of layout li into a new object; it returns the
// object and the rest of s.
func (mc *Machine) keyObj(s string, li int32) (int64, string) {
	nested := mc.prog.Layouts[li].Nested
	o := mc.newObj(len(nested))
	for i, nl := range nested {
		if nl >= 0 {
			var v int64
			v, s = mc.keyObj(s, nl)
			mc.objs[o&refMask][i] = Value{I: v}
			continue
		}
		var u uint64
		for j := 0; j < 8; j++ {
			u = u<<8 | uint64(s[j])
		}
		s = s[8:]
		var str []byte
		for j := 0; ; j++ {
			if s[j] == 0 && s[j+1] == 0xFF {
				str = append(str, 0)
				j++
				continue
			}
			if s[j] == 0 {
				s = s[j+2:]
				break
			}
			str = append(str, s[j])
		}
		mc.objs[o&refMask][i] = Value{I: int64(u ^ 1<<63), S: string(str)}
	}
	return o, s
}
