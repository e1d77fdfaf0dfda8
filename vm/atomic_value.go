package vm

// sync/atomic.Value (sync/atomic/value.go): an object of one slot holding
// the interface value last stored (0 before the first Store). Each method
// is one OpAtomic with B's AtomicValue bit, so no preemption splits it and,
// as Go's, it is not a scheduling point. It pushes the method's result
// (nothing useful for Store) and the text of the panic the real method
// raises with a string (store of nil, of an inconsistently typed value),
// or ""; the front end raises that panic with the string as its value, as
// Go does (lang/stubs/sync/atomic: valueStore, valueSwap). Comparing two values of one
// uncomparable type (CompareAndSwap) is a run-time error, raised here.
//
// atomic.Pointer[T] needs none of this: its slot holds a pointer, which the
// plain 64-bit operations load, store, swap and compare.

// AtomicValue is OpAtomic's B bit for atomic.Value's methods.
const AtomicValue = 8

// atomicValueOp performs OpAtomic with the AtomicValue bit: o [args] →
// result, panic text.
func (mc *Machine) atomicValueOp(in Instr, vals []Value, sp int) ([]Value, int, string) {
	k := [...]int{AtomicLoad: 1, AtomicStore: 2, AtomicSwap: 2, AtomicCAS: 3}[in.A]
	o := vals[sp-k].I
	if o&refMask == 0 {
		return vals, sp, errNilFunc
	}
	slot := &mc.objs[o&refMask][0]
	typeOf := func(i int64) int32 { t, _ := mc.ifaceParts(i); return t }
	var r Value
	var text string
	switch in.A {
	case AtomicLoad:
		r = *slot
	case AtomicStore, AtomicSwap:
		what := "store"
		if in.A == AtomicSwap {
			what = "swap"
		}
		v := vals[sp-1]
		switch {
		case v.I == 0:
			text = "sync/atomic: " + what + " of nil value into Value"
		case slot.I != 0 && typeOf(slot.I) != typeOf(v.I):
			text = "sync/atomic: " + what + " of inconsistently typed value into Value"
		default:
			r, *slot = *slot, v
		}
	case AtomicCAS:
		old, nw := vals[sp-2], vals[sp-1]
		switch {
		case nw.I == 0:
			text = "sync/atomic: compare and swap of nil value into Value"
		case old.I != 0 && typeOf(old.I) != typeOf(nw.I):
			text = "sync/atomic: compare and swap of inconsistently typed values"
		case slot.I == 0:
			if old.I == 0 {
				*slot, r.I = nw, 1
			}
		case typeOf(slot.I) != typeOf(nw.I):
			text = "sync/atomic: compare and swap of inconsistently typed value into Value"
		default:
			eq, msg := mc.ifaceEq(slot.I, old.I)
			if msg != "" {
				return vals, sp, msg
			}
			if eq {
				*slot, r.I = nw, 1
			}
		}
	}
	sp -= k
	if sp+2 > len(vals) {
		vals = growVals(vals, sp, sp+2)
	}
	vals[sp], vals[sp+1] = r, Value{S: text}
	return vals, sp + 2, ""
}
