package ssagen

import (
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// Range and Next: the iterations of range over a map and over a string
// (go/ssa lowers the others to plain loops).
//
// Over a map, Range takes the keys once, from a random bucket drawn from
// --seed (vm/hashmap.go); each Next yields the next key still present
// and its current value, so entries deleted during the loop are not
// produced, as the spec allows. Over a string, Next decodes the rune at
// the index.
//
// A Range's slots are the iterator's state: the map, its keys, their
// number and the index; or the string and the index.

func (f *fnGen) rangeInstr(in *ssa.Range) {
	if isString(in.X.Type()) {
		s := f.rangeSlots(in, 2)
		f.push(in.X)
		f.emit(vm.OpStore, s, 0)
		f.pushInt(0)
		f.emit(vm.OpStore, s+1, 0)
		return
	}
	s := f.rangeSlots(in, 4)
	f.push(in.X)
	f.emit(vm.OpDup, 0, 0)
	f.emit(vm.OpStore, s, 0)
	f.emitCallOp(vm.OpMapKeys, 0, 0, 1, 1)
	f.emit(vm.OpDup, 0, 0)
	f.emit(vm.OpStore, s+1, 0)
	f.emit(vm.OpSliceLen, 0, 0)
	f.emit(vm.OpStore, s+2, 0)
	f.pushInt(0)
	f.emit(vm.OpStore, s+3, 0)
}

// rangeSlots allocates n slots for the iterator in.
func (f *fnGen) rangeSlots(in *ssa.Range, n int) int32 {
	s := int32(len(f.slots))
	for range n {
		f.newSlot(16)
	}
	f.values[in] = s
	return s
}

// next is one step of an iterator: its tuple (ok, key, value).
func (f *fnGen) next(in *ssa.Next) {
	it := f.values[in.Iter]
	// The tuple in three slots of its own, then in its Extracts' slots.
	t := f.newSlot(8)
	f.newSlot(16)
	f.newSlot(16)
	defer func() {
		slots := f.tupleSlots(in, 3)
		for i := range 3 {
			if len(slots[i]) > 0 {
				f.emit(vm.OpLoad, t+int32(i), 0)
				f.storeTo(slots[i])
			}
		}
	}()
	if in.IsString {
		// ok, index, rune
		done := len(f.code)
		f.emit(vm.OpLoad, it+1, 0)
		f.emit(vm.OpLoad, it, 0)
		f.emit(vm.OpSLen, 0, 0)
		f.emit(vm.OpLt, 0, 0)
		f.emit(vm.OpJumpIfNot, 0, 0)
		f.pushInt(1)
		f.emit(vm.OpStore, t, 0)
		f.emit(vm.OpLoad, it+1, 0)
		f.emit(vm.OpStore, t+1, 0)
		f.emit(vm.OpLoad, it, 0)
		f.emit(vm.OpLoad, it+1, 0)
		f.emitCallOp(vm.OpStrings, vm.StrDecodeRune, 0, 2, 2)
		// rune size → index += size
		f.emit(vm.OpLoad, it+1, 0)
		f.emit(vm.OpAdd, 0, 0)
		f.emit(vm.OpStore, it+1, 0)
		f.emit(vm.OpStore, t+2, 0)
		end := len(f.code)
		f.emit(vm.OpJump, 0, 0)
		f.code[done+4].A = int32(len(f.code))
		f.pushInt(0)
		f.emit(vm.OpStore, t, 0)
		f.code[end].A = int32(len(f.code))
		return
	}
	mt := in.Iter.(*ssa.Range).X.Type().Underlying().(*types.Map)
	kk, vv := f.newSlot(16), f.newSlot(16)
	loop := int32(len(f.code))
	f.emit(vm.OpLoad, it+3, 0)
	f.emit(vm.OpLoad, it+2, 0)
	f.emit(vm.OpLt, 0, 0)
	done := len(f.code)
	f.emit(vm.OpJumpIfNot, 0, 0)
	f.emit(vm.OpLoad, it+1, 0)
	f.emit(vm.OpLoad, it+3, 0)
	f.emit(vm.OpSliceIndex, 0, 0)
	f.emit(vm.OpStore, kk, 0)
	f.emit(vm.OpLoad, it+3, 0)
	f.pushInt(1)
	f.emit(vm.OpAdd, 0, 0)
	f.emit(vm.OpStore, it+3, 0)
	f.emit(vm.OpLoad, it, 0)
	f.emit(vm.OpLoad, kk, 0)
	f.emitN(vm.OpMapIndex, 3, -1, 2, 2) // with ok, a step of an iteration (vm/maplog.go)
	f.emit(vm.OpStore, t, 0)            // ok
	f.emit(vm.OpStore, vv, 0)
	f.emit(vm.OpLoad, t, 0)
	f.emit(vm.OpJumpIfNot, loop, 0)
	f.emit(vm.OpLoad, kk, 0)
	f.keyValue(mt.Key())
	f.emit(vm.OpStore, t+1, 0)
	f.emit(vm.OpLoad, vv, 0)
	if isObject(mt.Elem()) {
		f.emitCallOp(vm.OpObjCopy, f.g.types.layout(mt.Elem()), 0, 1, 1)
	}
	f.emit(vm.OpStore, t+2, 0)
	end := len(f.code)
	f.emit(vm.OpJump, 0, 0)
	f.code[done].A = int32(len(f.code))
	f.pushInt(0)
	f.emit(vm.OpStore, t, 0)
	f.code[end].A = int32(len(f.code))
}
