package ssagen

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// instr generates one instruction.
func (f *fnGen) instr(in ssa.Instruction) {
	switch in := in.(type) {
	case *ssa.DebugRef:
	case *ssa.Phi:
		// Its value arrives with the edges (edge).
	case *ssa.Jump:
		b := in.Block()
		if h := b.Succs[0]; h != f.nextBlock(b) && f.threads(h) {
			// A loop's head that only tests: its test here (the loop's
			// back edge is one branch, not a jump and a branch).
			f.edge(b, h, 0, h)
			f.ifFrom(h.Instrs[len(h.Instrs)-1].(*ssa.If), f.nextBlock(b))
			break
		}
		f.edge(b, b.Succs[0], 0, f.nextBlock(b))
	case *ssa.If:
		f.ifInstr(in)
	case *ssa.Return:
		f.returnInstr(in)
	case *ssa.RunDefers:
		f.hasCall = true
		f.emit(vm.OpRunDefers, 0, 0)
	case *ssa.Panic:
		f.panicInstr(in)

	case *ssa.Alloc:
		if f.alias[in] == nil {
			f.alloc(in)
		}
	case *ssa.Store:
		if a, ok := in.Addr.(*ssa.Alloc); !ok || f.alias[a] == nil {
			if !f.storeR(in.Addr, in.Val) {
				f.store(in.Addr, in.Val)
			}
		}
	case *ssa.FieldAddr:
		if !f.fused[in] && f.same[in] == nil {
			f.fieldAddr(in)
		}
	case *ssa.Field:
		x := f.src(in.X, 0)
		f.emit3(vm.OpFieldR, f.dst(in), x, int32(in.Field))
	case *ssa.IndexAddr:
		if !f.fused[in] {
			f.indexAddr(in)
		}
	case *ssa.Index:
		f.index(in)
	case *ssa.Slice:
		f.slice(in)
	case *ssa.SliceToArrayPointer:
		f.sliceToArrayPointer(in)

	case *ssa.UnOp:
		f.unOp(in)
	case *ssa.BinOp:
		switch {
		case f.fusedCmp[in]:
			// Generated with its If.
		case regBinOp(in):
			f.binOpR(in)
		case f.continuesConcat(in):
			f.push(in.X)
			f.push(in.Y)
			f.emitCallOp(vm.OpConcat, 0, 1, 2, 1)
			f.define(in)
		default:
			f.push(in.X)
			f.push(in.Y)
			f.binOp(in.Op, in.X.Type(), in.Y.Type())
			f.define(in)
		}
	case *ssa.Convert:
		if isInteger(in.X.Type()) && isInteger(in.Type()) {
			d := f.dst(in)
			f.setValue(d, in.X)
			f.truncR(d, in.Type())
			break
		}
		f.push(in.X)
		f.convert(in.X.Type(), in.Type())
		f.define(in)
	case *ssa.ChangeType:
		if s := f.slot(in); s >= 0 {
			f.setValue(s, in.X)
		}
	case *ssa.ChangeInterface:
		if s := f.slot(in); s >= 0 {
			f.setValue(s, in.X)
		}
	case *ssa.MultiConvert:
		f.g.fail(in.Pos(), "a conversion between type parameters of several types is not supported")

	case *ssa.MakeInterface:
		f.push(in.X)
		f.emitCallOp(vm.OpMakeIface, f.g.types.typeID(in.X.Type()), 0, 1, 1)
		f.define(in)
	case *ssa.TypeAssert:
		f.typeAssert(in)
	case *ssa.Extract:
		// Read in place from the tuple's slots (push).

	case *ssa.MakeClosure:
		f.makeClosure(in)
	case *ssa.MakeSlice:
		f.push(in.Len)
		f.push(in.Cap)
		et := in.Type().Underlying().(*types.Slice).Elem()
		f.emitCallOp(vm.OpMakeSlice, f.elemLayout(et), heapElem(et), 2, 1) // a heap allocation (vm/malloc.go)
		f.define(in)
	case *ssa.MakeMap:
		if in.Reserve != nil {
			f.push(in.Reserve)
		} else {
			f.pushInt(0)
		}
		f.emitCallOp(vm.OpMakeMap, 0, 0, 1, 1)
		f.define(in)
	case *ssa.MakeChan:
		f.push(in.Size)
		elem := in.Type().Underlying().(*types.Chan).Elem()
		f.emitCallOp(vm.OpMakeChan, 1, int32(amd64.Sizeof(elem)), 1, 1)
		f.define(in)
	case *ssa.MapUpdate:
		mt := in.Map.Type().Underlying().(*types.Map)
		f.push(in.Map)
		f.mapKey(in.Key, mt.Key(), true)
		f.push(in.Value)
		f.emitCallOp(vm.OpMapStore, 0, 0, 3, 0)
	case *ssa.Lookup:
		f.lookup(in)
	case *ssa.Range:
		f.rangeInstr(in)
	case *ssa.Next:
		f.next(in)

	case *ssa.Call:
		at := len(f.code)
		f.call(in.Common(), in)
		f.noteSite(in.Common().Pos(), at)
	case *ssa.Go:
		pos := in.Pos()
		if f.g.opts.GoCall != nil {
			if p := f.g.opts.GoCall(pos); p.IsValid() {
				pos = p
			}
		}
		f.goDefer(in.Common(), vm.OpGo, nil, pos)
	case *ssa.Defer:
		f.goDefer(in.Common(), vm.OpDefer, in.DeferStack, in.Pos())
	case *ssa.Send:
		f.push(in.Chan)
		f.push(in.X)
		f.emitCallOp(vm.OpSend, 0, 0, 2, 0)
	case *ssa.Select:
		f.selectInstr(in)

	default:
		f.g.fail(in.Pos(), "%T is not supported", in)
	}
}

// returnInstr returns the results. In a function whose range-over-func
// bodies defer calls (go/ssa's defer stack), a return that no RunDefers
// precedes still runs them before the results are read, as Go does: go/ssa
// reads a named result before that, so it is read again after them.
func (f *fnGen) returnInstr(in *ssa.Return) {
	if f.deferStack && !hasRunDefers(in.Block()) {
		f.hasCall = true
		f.emit(vm.OpRunDefers, 0, 0)
		for _, r := range in.Results {
			if u, ok := r.(*ssa.UnOp); ok && u.Op == token.MUL {
				if _, ok := u.X.(*ssa.Alloc); ok {
					f.load(u.X, u.Type())
					continue
				}
			}
			f.push(r)
		}
	} else {
		for _, r := range in.Results {
			f.push(r)
		}
	}
	f.emitN(vm.OpReturn, 0, 0, len(in.Results), 0)
}

// hasRunDefers reports whether block b runs the deferred calls.
func hasRunDefers(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		if _, ok := in.(*ssa.RunDefers); ok {
			return true
		}
	}
	return false
}

// threads reports whether a jump to block h can do h's test itself: h
// has φs (copied on the edge), then only its If (on a comparison
// generated with it, or on a value), whose successors have no φs.
func (f *fnGen) threads(h *ssa.BasicBlock) bool {
	if h.Index == 0 || h == f.fn.Recover {
		return false
	}
	n := len(h.Instrs)
	iff, ok := h.Instrs[n-1].(*ssa.If)
	if !ok || f.hasPhis(iff.Block().Succs[0]) || f.hasPhis(iff.Block().Succs[1]) {
		return false
	}
	for i, in := range h.Instrs[:n-1] {
		if f.dead[in] {
			continue
		}
		switch in := in.(type) {
		case *ssa.Phi, *ssa.DebugRef:
			continue
		case *ssa.BinOp:
			if i == n-2 && f.fusedCmp[in] {
				continue
			}
		}
		return false
	}
	return true
}

// ifInstr branches on the condition: the false successor's edge is
// reached by a jump, the true one's follows.
func (f *fnGen) ifInstr(in *ssa.If) {
	f.ifFrom(in, f.nextBlock(in.Block()))
}

// ifFrom is ifInstr generated at the end of in's block or of one that
// jumps to it (threads), followed by block next.
func (f *fnGen) ifFrom(in *ssa.If, next *ssa.BasicBlock) {
	b := in.Block()
	t, e := b.Succs[0], b.Succs[1]
	if !f.hasPhis(t) && !f.hasPhis(e) {
		switch next {
		case t:
			f.jumpRTo(in.Cond, false, e)
		case e:
			f.jumpRTo(in.Cond, true, t)
		default:
			f.jumpRTo(in.Cond, false, e)
			f.jumpTo(vm.OpJump, t)
		}
		return
	}
	// The φ copies of each edge on its own path, the edge into the next
	// block last, so that it falls through.
	if t == e {
		at := f.jumpR(in.Cond, false)
		f.edge(b, t, 0, nil)
		f.code[at].A = int32(len(f.code))
		f.edge(b, e, 1, next)
		return
	}
	first, last, jumpIf := t, e, false
	if next == t {
		first, last, jumpIf = e, t, true
	}
	at := f.jumpR(in.Cond, jumpIf)
	f.edge(b, first, 0, nil)
	f.code[at].A = int32(len(f.code))
	f.edge(b, last, 0, next)
}

// panicInstr is panic(x): the value, and the text the runtime prints for
// it (printpanicval, with the Error and String methods called as
// preprintpanics does).
func (f *fnGen) panicInstr(in *ssa.Panic) {
	f.g.types.runtimeErrors()
	if f.rangePanic(in) {
		return
	}
	f.panicValue(in.X)
}

// panicValue panics with interface value x.
func (f *fnGen) panicValue(x ssa.Value) {
	f.g.types.runtimeErrors()
	f.push(x)
	if c, ok := x.(*ssa.Const); ok && c.IsNil() {
		f.pushStr("panic called with nil argument")
	} else {
		f.emit(vm.OpDup, 0, 0)
		f.fmtAny('P', 0)
	}
	f.emitCallOp(vm.OpPanic, 0, 1, 2, 0)
}

// The run-time errors of range-over-func loops (runtime/panic.go:
// panicrangestate), which go/ssa raises as strings of its own.
const (
	errRangeDone         = "runtime error: range function continued iteration after function for loop body returned false"
	errRangePanic        = "runtime error: range function continued iteration after loop body panic"
	errRangeExhausted    = "runtime error: range function continued iteration after whole loop exit"
	errRangeMissingPanic = "runtime error: range function recovered a loop body panic and did not resume panicking"
)

// rangePanic generates go/ssa's panics of a range-over-func loop whose
// iterator misbehaves as the Go runtime raises them (false if in is not
// one): after the loop body panicked (the jump variable BUSY, -1), after
// the iterator returned (DONE, -2), after the body exited the loop (an
// exit's number).
func (f *fnGen) rangePanic(in *ssa.Panic) bool {
	mi, ok := in.X.(*ssa.MakeInterface)
	if !ok {
		return false
	}
	c, ok := mi.X.(*ssa.Const)
	if !ok || c.Value == nil || c.Value.Kind() != constant.String {
		return false
	}
	switch constant.StringVal(c.Value) {
	case "iterator call did not preserve panic":
		f.pushStr(errRangeMissingPanic)
		f.emitCallOp(vm.OpPanic, 0, 0, 1, 0)
		return true
	case "yield function called after range loop exit":
	default:
		return false
	}
	// The jump variable, which the block before loaded and tested (read
	// again here: its value's slot may be reused since).
	var jump *ssa.UnOp
	if b := in.Block(); len(b.Preds) == 1 {
		if iff, ok := b.Preds[0].Instrs[len(b.Preds[0].Instrs)-1].(*ssa.If); ok {
			if cmp, ok := iff.Cond.(*ssa.BinOp); ok {
				if u, ok := cmp.X.(*ssa.UnOp); ok && u.Op == token.MUL {
					if _, ok := u.X.(*ssa.FreeVar); ok {
						jump = u
					}
				}
			}
		}
	}
	if jump == nil {
		f.pushStr(errRangeDone)
		f.emitCallOp(vm.OpPanic, 0, 0, 1, 0)
		return true
	}
	for _, x := range []struct {
		state int64
		msg   string
	}{{-1, errRangePanic}, {-2, errRangeExhausted}} {
		f.load(jump.X, jump.Type())
		f.pushInt(x.state)
		f.emit(vm.OpEq, 0, 0)
		next := len(f.code)
		f.emit(vm.OpJumpIfNot, 0, 0)
		f.pushStr(x.msg)
		f.emitCallOp(vm.OpPanic, 0, 0, 1, 0)
		f.code[next].A = int32(len(f.code))
	}
	f.pushStr(errRangeDone)
	f.emitCallOp(vm.OpPanic, 0, 0, 1, 0)
	return true
}

// fmtAny replaces the interface value on top of the stack by its text,
// formatted with verb (vm/format_dynamic.go).
func (f *fnGen) fmtAny(verb rune, flags int32) {
	f.emitCallOp(vm.OpFmtAny, int32(f.depth-1)<<21|int32(verb), flags, 1, 1)
}

// ---- memory ------------------------------------------------------------------

// alloc makes a variable: an object for a struct or an array, a runtime
// record for a handle type (its id is its address), else a box.
func (f *fnGen) alloc(in *ssa.Alloc) {
	t := deref(in.Type())
	switch reprOf(t) {
	case rObject, rHandle:
		f.zero(t)
		if heapObject(in) && reprOf(t) == rObject {
			// A handle (a sync.Mutex, a WaitGroup) is a runtime record,
			// not an object of the VM's heap: not counted.
			f.newobject(t)
		}
		f.define(in)
	default:
		f.pushZero(t)
		s := f.slot(in)
		if s < 0 {
			s = f.newSlot(8) // a variable nothing reads: made all the same
		}
		f.emitCallOp(vm.OpNewBox, s, 0, 1, 0)
	}
}

// heapObject reports whether Alloc a of a struct or an array is one of
// the heap allocations the collector counts (vm/malloc.go): new(T), &T{},
// make([]T, n, c) with a constant c (go/ssa's new([c]T)[:n]), a variable
// a closure captures or whose address escapes. A slice literal's array
// and a variadic call's are not (Go keeps them on the stack unless they
// escape; the syntax-tree front end counted neither).
func heapObject(a *ssa.Alloc) bool {
	return a.Heap && a.Comment != "slicelit" && a.Comment != "varargs"
}

// newobject marks the fresh object of type t on top of the stack as a
// heap allocation (runtime.newobject, malloc.go; vm/malloc.go).
func (f *fnGen) newobject(t types.Type) {
	f.emitCallOp(vm.OpNewobject, int32(amd64.Sizeof(t)), int32(ptrBytes(t)), 1, 1)
}

// zero pushes a fresh zero value of type t: a new object (its nested
// objects and records made too), a new record, or the zero Value.
func (f *fnGen) zero(t types.Type) {
	switch reprOf(t) {
	case rHandle:
		if op := handleTypes[typeName(t)]; op != 0 {
			f.emitCallOp(op, 0, 0, 0, 1)
		} else {
			f.pushInt(0)
		}
		return
	case rWord:
		f.pushInt(0)
		return
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		if !f.g.types.needsRecords(u.Elem()) {
			f.emitCallOp(vm.OpZeroObj, f.g.types.layout(t), 0, 0, 1)
			return
		}
		f.emitCallOp(vm.OpNewObj, int32(u.Len()), boolInt32(canSSA(u)), 0, 1)
		for i := int64(0); i < u.Len(); i++ {
			f.emit(vm.OpDup, 0, 0)
			f.pushInt(i)
			f.zero(u.Elem())
			f.emitN(vm.OpStoreIndexObj, 0, 0, 3, 0)
		}
	case *types.Struct:
		f.emitCallOp(vm.OpNewObj, int32(u.NumFields()), boolInt32(canSSA(u)), 0, 1)
		for i := 0; i < u.NumFields(); i++ {
			ft := u.Field(i).Type()
			if f.g.types.needsZero(ft) {
				f.emit(vm.OpDup, 0, 0)
				f.zero(ft)
				f.emit(vm.OpSetField, int32(i), 0)
			}
		}
	}
}

// pushZero pushes the zero value of t (a fresh one where it is made by
// code).
func (f *fnGen) pushZero(t types.Type) {
	if f.g.types.needsZero(t) {
		f.zero(t)
		return
	}
	if isString(t) {
		f.pushStr("")
		return
	}
	f.pushInt(0)
}

// loadR is the register form of v = *addr, a value of type t (false if
// it has none: a copy of an object, a pointer of unknown kind).
func (f *fnGen) loadR(v, addr ssa.Value, t types.Type) bool {
	if reprOf(t) != rWord {
		if a, ok := addr.(*ssa.Alloc); ok && f.alias[a] != nil && f.slot(v) >= 0 {
			f.setValue(f.slot(v), f.alias[a])
			return true
		}
		return false
	}
	switch a := addr.(type) {
	case *ssa.Alloc:
		if x := f.alias[a]; x != nil {
			if s := f.slot(v); s >= 0 {
				f.setValue(s, x)
			}
			return true
		}
		if f.boxes[a] {
			f.emit3(vm.OpLoadBoxR, f.dst(v), f.slot(a), 0)
			return true
		}
	case *ssa.Global:
		f.emit3(vm.OpLoadGlobR, f.dst(v), f.g.global(a), 0)
		return true
	case *ssa.FreeVar:
		if fv := f.frees[a]; fv.isBox {
			f.emit3(vm.OpLoadFreeR, f.dst(v), fv.index, 0)
			return true
		}
	case *ssa.FieldAddr:
		if f.fused[a] {
			x := f.src(a.X, 0)
			f.emit3(vm.OpFieldR, f.dst(v), x, int32(a.Field))
			return true
		}
	case *ssa.IndexAddr:
		if f.fused[a] {
			if k, ok := constArrayIndex(a); ok {
				// An array's element at a constant index, which go/types
				// has checked: a slot of its object.
				f.emit3(vm.OpFieldR, f.dst(v), f.src(a.X, 0), k)
				return true
			}
			x, i := f.src(a.X, 0), f.src(a.Index, 1)
			if _, ok := a.X.Type().Underlying().(*types.Slice); ok {
				f.emit3(vm.OpSliceIndexR, f.dst(v), x, i)
			} else {
				f.emit3(vm.OpIndexObjR, f.dst(v), x, i)
			}
			return true
		}
	}
	return false
}

// constArrayIndex is the index of &a[k] on an array pointer when k is a
// constant within the array's bounds.
func constArrayIndex(a *ssa.IndexAddr) (int32, bool) {
	p, ok := a.X.Type().Underlying().(*types.Pointer)
	if !ok {
		return 0, false
	}
	arr, ok := p.Elem().Underlying().(*types.Array)
	k, isConst := imm(a.Index)
	if !ok || !isConst || k < 0 || int64(k) >= arr.Len() {
		return 0, false
	}
	return k, true
}

// storeR is the register form of *addr = val (false if it has none).
func (f *fnGen) storeR(addr, val ssa.Value) bool {
	if reprOf(deref(addr.Type())) != rWord {
		return false
	}
	switch a := addr.(type) {
	case *ssa.Alloc:
		if f.boxes[a] {
			f.emit3(vm.OpStoreBoxR, f.slot(a), f.src(val, 0), 0)
			return true
		}
	case *ssa.Global:
		f.emit3(vm.OpStoreGlobR, f.g.global(a), f.src(val, 0), 0)
		return true
	case *ssa.FreeVar:
		if fv := f.frees[a]; fv.isBox {
			f.emit3(vm.OpStoreFreeR, fv.index, f.src(val, 0), 0)
			return true
		}
	case *ssa.FieldAddr:
		if f.fused[a] {
			x := f.src(a.X, 0)
			f.emit3(vm.OpSetFieldR, x, int32(a.Field), f.src(val, 1))
			return true
		}
	case *ssa.IndexAddr:
		if f.fused[a] {
			if k, ok := constArrayIndex(a); ok {
				f.emit3(vm.OpSetFieldR, f.src(a.X, 0), k, f.src(val, 1))
				return true
			}
			x, i := f.src(a.X, 0), f.src(a.Index, 1)
			v := f.src(val, 2)
			if _, ok := a.X.Type().Underlying().(*types.Slice); ok {
				f.emit3(vm.OpSliceStoreR, x, i, v)
			} else {
				f.emit3(vm.OpStoreIndexObjR, x, i, v)
			}
			return true
		}
	}
	return false
}

// load pushes *addr, a value of type t.
func (f *fnGen) load(addr ssa.Value, t types.Type) {
	switch a := addr.(type) {
	case *ssa.Alloc:
		if v := f.alias[a]; v != nil {
			f.push(v) // the value itself: nothing writes it
			return
		}
	case *ssa.FieldAddr:
		if f.fused[a] {
			f.push(a.X)
			f.emit(vm.OpField, int32(a.Field), 0)
			return
		}
	case *ssa.IndexAddr:
		if f.fused[a] {
			f.push(a.X)
			f.push(a.Index)
			if _, ok := a.X.Type().Underlying().(*types.Slice); ok {
				f.emit(vm.OpSliceIndex, 0, 0)
			} else {
				f.emit(vm.OpIndexObj, 0, 0)
			}
			return
		}
	}
	switch reprOf(t) {
	case rHandle:
		f.push(addr)
		return
	case rObject:
		f.push(addr)
		f.emitCallOp(vm.OpObjCopy, f.g.types.layout(t), 0, 1, 1)
		return
	}
	switch a := addr.(type) {
	case *ssa.FreeVar:
		if fv := f.frees[a]; fv.isBox {
			f.emit(vm.OpLoadFree, fv.index, 0)
			return
		}
	case *ssa.Alloc:
		if f.boxes[a] {
			f.emit(vm.OpLoadBox, f.slot(a), 0)
			return
		}
	case *ssa.Global:
		f.emit(vm.OpLoadGlob, f.g.global(a), 0)
		return
	}
	f.push(addr)
	f.emit(vm.OpDeref, 0, 0)
}

// store performs *addr = val.
func (f *fnGen) store(addr, val ssa.Value) {
	switch a := addr.(type) {
	case *ssa.FieldAddr:
		if f.fused[a] {
			f.push(a.X)
			f.push(val)
			f.emit(vm.OpSetField, int32(a.Field), 0)
			return
		}
	case *ssa.IndexAddr:
		if f.fused[a] {
			f.push(a.X)
			f.push(a.Index)
			f.push(val)
			if _, ok := a.X.Type().Underlying().(*types.Slice); ok {
				f.emit(vm.OpSliceStore, 0, 0)
			} else {
				f.emit(vm.OpStoreIndexObj, 0, 0)
			}
			return
		}
	}
	t := deref(addr.Type())
	switch reprOf(t) {
	case rHandle:
		// A handle's record is its variable: a store of a value of a
		// handle type (mu = sync.Mutex{}) keeps the record.
		return
	case rObject:
		f.push(addr)
		f.push(val)
		if f.movable(val) {
			f.emitN(vm.OpObjMove, f.g.types.layout(t), 0, 2, 0)
			return
		}
		f.emitN(vm.OpObjAssign, f.g.types.layout(t), 0, 2, 0)
		return
	}
	switch a := addr.(type) {
	case *ssa.FreeVar:
		if fv := f.frees[a]; fv.isBox {
			f.push(val)
			f.emit(vm.OpStoreFree, fv.index, 0)
			return
		}
	case *ssa.Alloc:
		if f.boxes[a] {
			f.push(val)
			f.emit(vm.OpStoreBox, f.slot(a), 0)
			return
		}
	case *ssa.Global:
		f.push(val)
		f.emit(vm.OpStoreGlob, f.g.global(a), 0)
		return
	}
	f.push(addr)
	f.push(val)
	f.emit(vm.OpStoreDeref, 0, 0)
}

// fieldAddr is &x.f: a nested object's or record's id, else a pointer to
// the field's slot.
func (f *fnGen) fieldAddr(in *ssa.FieldAddr) {
	st := deref(in.X.Type()).Underlying().(*types.Struct)
	ft := st.Field(in.Field).Type()
	if reprOf(ft) != rWord {
		x := f.src(in.X, 0)
		f.emit3(vm.OpFieldAddrR, f.dst(in), x, int32(in.Field))
		return
	}
	f.push(in.X)
	f.emit(vm.OpElemRef, int32(in.Field), 0)
	f.define(in)
}

// indexAddr is &x[i] of a slice or an array pointer.
func (f *fnGen) indexAddr(in *ssa.IndexAddr) {
	f.push(in.X)
	f.push(in.Index)
	switch u := in.X.Type().Underlying().(type) {
	case *types.Slice:
		if reprOf(u.Elem()) != rWord {
			f.emit(vm.OpSliceIndex, 0, 0)
		} else {
			f.emit(vm.OpSliceRef, 0, 0)
		}
	case *types.Pointer:
		a := u.Elem().Underlying().(*types.Array)
		if reprOf(a.Elem()) != rWord {
			f.emit(vm.OpIndexObj, 0, 0)
		} else {
			f.emitN(vm.OpElemRef, 0, 1, 2, 1)
		}
	default:
		f.internal("IndexAddr of " + in.X.Type().String())
	}
	f.define(in)
}

// index is x[i] of an array value or a string.
func (f *fnGen) index(in *ssa.Index) {
	f.push(in.X)
	f.push(in.Index)
	if isString(in.X.Type()) {
		f.emit(vm.OpIndex, 0, 0)
	} else {
		f.emit(vm.OpIndexObj, 0, 0)
	}
	f.define(in)
}

// slice is x[lo:hi:max] of a string, a slice or an array pointer.
func (f *fnGen) slice(in *ssa.Slice) {
	f.push(in.X)
	if isString(in.X.Type()) {
		var b int32
		n := 0
		if in.Low != nil {
			f.push(in.Low)
			n++
		} else {
			b |= 1
		}
		if in.High != nil {
			f.push(in.High)
			n++
		} else {
			b |= 2
		}
		f.emitCallOp(vm.OpSlice, 0, b, n+1, 1)
		f.define(in)
		return
	}
	if _, ok := in.X.Type().Underlying().(*types.Pointer); ok {
		f.emit(vm.OpArraySlice, 0, 0)
		if in.Low == nil && in.High == nil && in.Max == nil {
			f.define(in)
			return
		}
	}
	var b int32
	n := 0
	if in.Low != nil {
		f.push(in.Low)
		n++
	} else {
		b |= 1
	}
	if in.High != nil {
		f.push(in.High)
		n++
	} else {
		b |= 2
	}
	if in.Max != nil {
		f.push(in.Max)
		n++
		b |= 4
	}
	f.emitCallOp(vm.OpReslice, 0, b, n+1, 1)
	f.define(in)
}

// sliceToArrayPointer is (*[N]T)(s): the VM's arrays are objects of their
// own, so it is supported for the conversion to an array value only
// (SliceToArray, which go/ssa builds as a load of this pointer).
func (f *fnGen) sliceToArrayPointer(in *ssa.SliceToArrayPointer) {
	at := deref(in.Type())
	f.push(in.X)
	f.emitCallOp(vm.OpSliceToArray, f.g.types.layout(at), 0, 1, 1)
	f.define(in)
}

// elemLayout is OpMakeSlice's A for elements of type t: their layout if
// they are held in objects, else -1.
func (f *fnGen) elemLayout(t types.Type) int32 {
	if isObject(t) {
		return f.g.types.layout(t)
	}
	return -1
}

// needsRecords reports whether a zero value of t makes runtime records
// (a handle with an operation, inside t).
func (tt *typeTable) needsRecords(t types.Type) bool {
	switch reprOf(t) {
	case rHandle:
		return handleTypes[typeName(t)] != 0
	case rWord:
		return false
	}
	switch u := t.Underlying().(type) {
	case *types.Array:
		return tt.needsRecords(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if tt.needsRecords(u.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// ---- maps ----------------------------------------------------------------------

// mapKey pushes k as the key of a map with keys of type kt (a float's -0
// made +0; an object's contents; a value holding interfaces encoded,
// vm/mapkey.go); assign says it is for a store, whose panic for an
// unhashable key is worded differently.
func (f *fnGen) mapKey(k ssa.Value, kt types.Type, assign bool) {
	f.push(k)
	if isFloat(kt) {
		if _, ok := k.(*ssa.Const); !ok {
			f.pushInt(0)
			f.emit2(vm.OpFloat, vm.FAdd, 0, 2, 1)
		}
	}
	iface := types.IsInterface(kt)
	if !iface && !(isObject(kt) && holdsIface(kt)) {
		if isObject(kt) {
			f.emitCallOp(vm.OpKeyOf, f.g.types.layout(kt), 0, 1, 1)
		}
		return
	}
	b := int32(0)
	if !iface {
		b = f.g.types.layout(kt) + 1
	}
	b <<= 1
	if assign {
		b |= 1
	}
	f.host("map.key", b)
}

// keyValue turns a map key on top of the stack back into a value of key
// type kt.
func (f *fnGen) keyValue(kt types.Type) {
	if isObject(kt) {
		f.emitCallOp(vm.OpKeyObj, f.g.types.layout(kt), 0, 1, 1)
	}
	if types.IsInterface(kt) {
		f.host("map.ifaceKeyValue", 0)
	}
}

// holdsIface reports whether array or struct type t has an interface
// inside.
func holdsIface(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Array:
		return holdsIface(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if holdsIface(u.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// lookup is m[k] (and ok) of a map.
func (f *fnGen) lookup(in *ssa.Lookup) {
	mt, ok := in.X.Type().Underlying().(*types.Map)
	if !ok {
		f.internal("Lookup of " + in.X.Type().String())
	}
	f.push(in.X)
	f.mapKey(in.Index, mt.Key(), false)
	var a int32
	push := 1
	if in.CommaOk {
		a, push = 1, 2
	}
	f.emitN(vm.OpMapIndex, a, f.elemLayout(mt.Elem()), 2, push)
	if in.CommaOk {
		f.storeTuple(in, 2)
		return
	}
	f.define(in)
}

// emit2 is emitN for an op with a sub-operation in A.
func (f *fnGen) emit2(op vm.Op, a, b int32, pop, push int) { f.emitN(op, a, b, pop, push) }

// host calls host function name (vm.RegisterHost) with type operand b.
func (f *fnGen) host(name string, b int32) {
	i, pop, push, ok := vm.Host(name)
	if !ok {
		f.internal("no host function " + name)
	}
	f.emitCallOp(vm.OpHost, i, b, pop, push)
}

// posOf is a safe position of v (its instruction's, else none).
func posOf(v ssa.Value) token.Pos {
	if v == nil {
		return token.NoPos
	}
	return v.Pos()
}
