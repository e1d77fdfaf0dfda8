package vm

// Pointers to anything but a struct or an array (whose pointers are their
// object's id, object.go).
//
// Such a pointer names one slot: a box (a variable whose address is
// taken lives in a box, as a captured one does: boxTag | box index, also
// what new(T) makes), or a slot of an object (a field of a struct, an
// element of an array or of a slice's backing array): elemTag | slot <<
// elemObjBits | object index. Both are plain integers, so two pointers to
// the same place are equal, a pointer can be a map key, and the collector
// finds what one keeps alive (mgc.go: the object of an element pointer).
// The model limits an element pointer to the first maxElemSlot slots of
// an object and to the first 1<<elemObjBits objects: beyond, taking the
// address panics with a message that says so.
//
// A pointer to a package-level variable is globTag | the global's index
// (GlobalPtr), for the front end that takes such addresses as values
// (lang/ssagen); globals are roots, so the collector need not follow it.
const (
	globTag     = 5 << refTag
	elemTag     = 4 << refTag
	elemObjBits = 28
	elemObjMask = 1<<elemObjBits - 1
	maxElemSlot = 1<<(refTag-elemObjBits) - 1
)

const errElemLimit = "gmplab: the address of an element beyond slot 1048575 of an array or slice, or of an object beyond the 268435456th, is beyond the model's pointers (vm/pointer.go)"

// slotOf is the slot pointer p names, or nil for nil (or a pointer of
// another kind, which the compiler never dereferences here).
func (mc *Machine) slotOf(p int64) *Value {
	switch p &^ refMask {
	case boxTag:
		if i := p & refMask; i > 0 && i < int64(len(mc.boxes)) {
			return &mc.boxes[i]
		}
	case globTag:
		if i := p & refMask; i < int64(len(mc.globals)) {
			return &mc.globals[i]
		}
	case elemTag:
		o := mc.objs[p&elemObjMask]
		if s := (p & refMask) >> elemObjBits; s < int64(len(o)) {
			return &o[s]
		}
	}
	return nil
}

// GlobalPtr is the pointer to global slot i.
func GlobalPtr(i int32) int64 { return globTag | int64(i) }

// elemRef is a pointer to slot s of object o.
func elemRef(o, s int64) (int64, string) {
	o &= refMask
	if o == 0 {
		return 0, errNilFunc
	}
	if o > elemObjMask || s > maxElemSlot {
		return 0, errElemLimit
	}
	return elemTag | s<<elemObjBits | o, ""
}

// pointerOp performs the pointer instructions (see dataOp).
func (mc *Machine) pointerOp(in Instr, vals []Value, sp int, ps *int64) ([]Value, int, string, bool) {
	switch in.Op {
	case OpDeref:
		v := mc.slotOf(vals[sp-1].I)
		if v == nil {
			return vals, sp, errNilFunc, true
		}
		vals[sp-1] = *v
	case OpStoreDeref:
		p, v := vals[sp-2].I, vals[sp-1]
		if in.B == 1 {
			p, v = v.I, vals[sp-2]
		}
		slot := mc.slotOf(p)
		if slot == nil {
			return vals, sp, errNilFunc, true
		}
		*slot = v
		sp -= 2
		*ps += mc.wbCost(v)
	case OpElemRef:
		o, s := vals[sp-1].I, int64(in.A)
		if in.B == 1 {
			o, s = vals[sp-2].I, vals[sp-1].I
			if o&refMask != 0 {
				if n := len(mc.objs[o&refMask]); uint64(s) >= uint64(n) {
					return vals, sp, indexError(s, n), true
				}
			}
			sp--
		}
		p, msg := elemRef(o, s)
		if msg != "" {
			return vals, sp, msg, true
		}
		vals[sp-1] = Value{I: p}
	case OpSliceRef:
		s, i := vals[sp-2].I, vals[sp-1].I
		_, n, _ := mc.sliceParts(s)
		if uint64(i) >= uint64(n) {
			return vals, sp, indexError(i, n), true
		}
		h := mc.objs[s&refMask]
		p, msg := elemRef(h[shArr].I, h[shOff].I+i)
		if msg != "" {
			return vals, sp, msg, true
		}
		sp--
		vals[sp-1] = Value{I: p}
	default:
		return vals, sp, "", false
	}
	return vals, sp, "", true
}
