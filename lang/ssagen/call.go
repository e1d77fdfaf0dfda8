package ssagen

import (
	"go/token"
	"go/types"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// Calls: of functions with a body (OpCall), of func values
// (OpCallClosure), of interface methods (OpIfaceCall), of the library's
// functions computed by the VM (externals, extern.go), and of the
// builtins; go and defer of all of these; closures.

// call generates a call and stores its results in v's slots (v nil: a
// go or defer's callee runs later, see goDefer).
func (f *fnGen) call(c *ssa.CallCommon, v ssa.Value) {
	nres := c.Signature().Results().Len()
	switch {
	case c.IsInvoke():
		f.push(c.Value)
		for _, a := range c.Args {
			f.push(a)
		}
		f.emitCallOp(vm.OpIfaceCall, f.g.str(c.Method.Name()), vm.CallSlots(len(c.Args), nres), len(c.Args)+1, nres)
	default:
		switch fn := c.Value.(type) {
		case *ssa.Builtin:
			f.builtin(fn, c.Args, v)
			return
		case *ssa.Function:
			if x := f.g.extern(fn); x != nil {
				xc := &extCall{f: f, fn: fn, args: c.Args, pos: c.Pos(), result: v}
				x.gen(xc)
				if !xc.none {
					f.storeResults(v, nres)
				}
				return
			}
			for _, a := range c.Args {
				f.push(a)
			}
			f.emitCall(f.g.funcIndex(fn), len(c.Args), nres)
		default:
			f.push(c.Value)
			for _, a := range c.Args {
				f.push(a)
			}
			f.emitCallOp(vm.OpCallClosure, 0, vm.CallSlots(len(c.Args), nres), len(c.Args)+1, nres)
		}
	}
	f.storeResults(v, nres)
}

// storeResults pops a call's nres results into v's slots.
func (f *fnGen) storeResults(v ssa.Value, nres int) {
	if nres == 0 || v == nil {
		return // a wrapper's call: the results are dropped by its return
	}
	if nres == 1 {
		f.define(v)
		return
	}
	f.storeTuple(v, nres)
}

// goDefer generates go f(args) (op OpGo) or defer f(args) (OpDefer): the
// func value and the arguments now, the call later. A call of a builtin,
// of an external or of an interface method runs through a function made
// for it (a thunk named as the Go compiler names its wrapper,
// main.f.gowrap1). deferStack is the frame of a range-over-func body's
// defer (ssa:deferstack), nil for the current one.
func (f *fnGen) goDefer(c *ssa.CallCommon, op vm.Op, deferStack ssa.Value, pos token.Pos) {
	var at int32
	if deferStack != nil && f.fn != nil && f.fn.Synthetic == "range-over-func yield" {
		// A range-over-func body's defer: for the frame of the function
		// that holds the loop. (go/ssa passes the defer stack to the
		// function's own defers too: those are ordinary.)
		f.push(deferStack)
		at = 1
	}
	var args []ssa.Value
	switch fn := c.Value.(type) {
	case *ssa.Function:
		if f.g.extern(fn) == nil {
			f.emit(vm.OpFuncVal, f.g.funcIndex(fn), 0)
			args = c.Args
			break
		}
		args = f.wrapCall(c, op)
	case *ssa.Builtin:
		args = f.wrapCall(c, op)
	default:
		if c.IsInvoke() {
			args = f.wrapCall(c, op)
			break
		}
		f.push(c.Value)
		args = c.Args
	}
	for _, a := range args {
		f.push(a)
	}
	f.setPos(pos)
	n := len(args)
	f.emitCallOp(op, at, int32(n), n+1+int(at), 0)
}

// wrapCall pushes the func value of a wrapper that makes call c with its
// operands as parameters, and returns the operands.
func (f *fnGen) wrapCall(c *ssa.CallCommon, op vm.Op) []ssa.Value {
	var ops []ssa.Value
	if c.IsInvoke() {
		ops = append(ops, c.Value)
	}
	ops = append(ops, c.Args...)
	kind := "deferwrap"
	if op == vm.OpGo {
		kind = "gowrap"
	}
	f.g.nwraps[f.name+kind]++
	name := f.name + "." + kind + strconv.Itoa(f.g.nwraps[f.name+kind])
	w := f.g.newFnGen(nil, f.g.newFunc(name), name)
	w.decl = c.Pos()
	w.setPos(c.Pos())
	params := make([]ssa.Value, len(ops))
	for i, o := range ops {
		p := &param{t: o.Type()}
		w.values[p] = w.newSlot(slotBytes(o.Type()))
		params[i] = p
	}
	w.nparams = len(ops)
	cc := *c
	if c.IsInvoke() {
		cc.Value = params[0]
		cc.Args = params[1:]
	} else {
		cc.Args = params
	}
	w.call(&cc, nil)
	for w.depth > 0 {
		w.emit(vm.OpPop, 0, 0) // the call's results
	}
	w.emitN(vm.OpReturn, 0, 0, 0, 0)
	w.finish()
	f.emit(vm.OpFuncVal, w.idx, 0)
	return ops
}

// makeClosure makes a func value of an anonymous function with its free
// variables: a boxed variable is captured as its box, any other value in
// a box of its own.
func (f *fnGen) makeClosure(in *ssa.MakeClosure) {
	fn := in.Fn.(*ssa.Function)
	kinds := make([]bool, len(in.Bindings))
	for i, b := range in.Bindings {
		if a, ok := b.(*ssa.Alloc); ok && f.boxes[a] {
			kinds[i] = true
			f.emit(vm.OpLocalRef, f.slot(a), 0)
			continue
		}
		if fv, ok := b.(*ssa.FreeVar); ok && f.frees[fv].isBox && !isBoundRecv(fn) {
			kinds[i] = true
			f.emit(vm.OpFreeRef, f.frees[fv].index, 0)
			continue
		}
		f.push(b)
		tmp := f.newSlot(8)
		f.emitCallOp(vm.OpNewBox, tmp, 0, 1, 0)
		f.emit(vm.OpLocalRef, tmp, 0)
	}
	if prev, ok := f.g.freeKinds[fn]; ok {
		for i := range prev {
			if prev[i] != kinds[i] {
				f.internal("closure " + fn.Name() + " made with its free variables held differently")
			}
		}
	} else {
		f.g.freeKinds[fn] = kinds
	}
	f.emitCallOp(vm.OpClosure, f.g.funcIndex(fn), int32(len(in.Bindings)), len(in.Bindings), 1)
	f.define(in)
}

// isBoundRecv reports whether fn is a method value's wrapper (T.M-fm),
// which go/ssa shares between the places that make one: its receiver is
// always held by value.
func isBoundRecv(fn *ssa.Function) bool {
	n := fn.Name()
	return len(n) > 6 && n[len(n)-6:] == "$bound"
}

// typeAssert is x.(T), and v, ok := x.(T).
func (f *fnGen) typeAssert(in *ssa.TypeAssert) {
	tt := &f.g.types
	f.push(in.X)
	if refs := in.Referrers(); !in.CommaOk && refs != nil && len(*refs) == 0 && types.IsInterface(in.AssertedType) && types.Identical(in.AssertedType, in.X.Type()) {
		// go/ssa's nil check of a method value of an interface (its
		// result unused): the Go compiler's loads the method from the
		// nil itab, a nil dereference (an interface value is an object:
		// its slot 0).
		f.emit(vm.OpDup, 0, 0)
		f.emit(vm.OpField, 0, 0)
		f.emit(vm.OpPop, 0, 0)
		f.define(in)
		return
	}
	mode := int32(0)
	push := 1
	if in.CommaOk {
		mode, push = vm.AssertOK, 2
	}
	f.emitCallOp(vm.OpAssert, tt.typeID(in.AssertedType), tt.typeID(in.X.Type())<<2|mode, 1, push)
	if in.CommaOk {
		f.storeTuple(in, 2)
		return
	}
	f.define(in)
}

// ---- builtins ------------------------------------------------------------------

// builtin generates a call of a builtin function.
func (f *fnGen) builtin(b *ssa.Builtin, args []ssa.Value, v ssa.Value) {
	g := f.g
	switch b.Name() {
	case "len", "cap":
		t := args[0].Type().Underlying()
		f.push(args[0])
		switch t := t.(type) {
		case *types.Basic:
			f.emit(vm.OpSLen, 0, 0)
		case *types.Slice:
			if b.Name() == "len" {
				f.emit(vm.OpSliceLen, 0, 0)
			} else {
				f.emit(vm.OpSliceCap, 0, 0)
			}
		case *types.Map:
			f.emit(vm.OpMapLen, 0, 0)
		case *types.Chan:
			if b.Name() == "len" {
				f.emitCallOp(vm.OpChanLen, 0, 0, 1, 1)
			} else {
				f.emitCallOp(vm.OpChanCap, 0, 0, 1, 1)
			}
		case *types.Pointer:
			// len of an array pointer: its length, after the nil check
			// the Go compiler makes (a nil pointer's len is its type's).
			f.emit(vm.OpPop, 0, 0)
			f.pushInt(t.Elem().Underlying().(*types.Array).Len())
		default:
			f.internal(b.Name() + " of " + t.String())
		}
		f.define(v)
	case "append":
		elem := v.Type().Underlying().(*types.Slice).Elem()
		f.push(args[0])
		f.push(args[1])
		if isString(args[1].Type()) {
			f.emitCallOp(vm.OpStrings, vm.StrToBytes, 0, 1, 1)
		}
		f.emitCallOp(vm.OpAppendSlice, 0, f.appendElem(elem), 2, 1)
		f.define(v)
	case "copy":
		f.push(args[0])
		f.push(args[1])
		if isString(args[1].Type()) {
			f.emitCallOp(vm.OpStrings, vm.StrToBytes, 0, 1, 1)
		}
		f.emitCallOp(vm.OpCopySlice, 0, ^f.elemLayout(args[0].Type().Underlying().(*types.Slice).Elem()), 2, 1)
		f.define(v)
	case "close":
		f.push(args[0])
		f.emitCallOp(vm.OpClose, 0, 0, 1, 0)
	case "delete":
		mt := args[0].Type().Underlying().(*types.Map)
		f.push(args[0])
		f.mapKey(args[1], mt.Key(), false)
		f.emitCallOp(vm.OpMapDelete, 0, 0, 2, 0)
	case "clear":
		switch t := args[0].Type().Underlying().(type) {
		case *types.Map:
			f.push(args[0])
			f.emitCallOp(vm.OpMapClear, 0, 0, 1, 0)
		case *types.Slice:
			f.clearSlice(args[0], t.Elem())
		default:
			f.internal("clear of " + t.String())
		}
	case "panic":
		// panic as a value of go or defer (defer panic(v)): as the
		// instruction does.
		f.panicValue(args[0])
	case "recover":
		g.types.runtimeErrors()
		f.emitCallOp(vm.OpRecover, 0, 0, 0, 1)
		f.define(v)
	case "print", "println":
		f.printBuiltin(b.Name() == "println", args)
	case "min", "max":
		f.minMax(b.Name(), args, v)
	case "ssa:deferstack":
		f.emit(vm.OpDeferRange, 0, 0)
		f.define(v)
	case "ssa:wrapnilchk":
		// ssa:wrapnilchk(ptr, "T", "M") is ptr, after the nil check of a
		// value method called through a pointer: the Go compiler's
		// wrapper loads *ptr, so a nil one is a nil dereference.
		f.push(args[0])
		f.emit(vm.OpDup, 0, 0)
		f.pushInt(0)
		f.emit(vm.OpNe, 0, 0)
		ok := len(f.code)
		f.emit(vm.OpJumpIf, 0, 0)
		f.pushInt(0)
		f.emit(vm.OpDeref, 0, 0) // panics
		f.emit(vm.OpPop, 0, 0)
		f.code[ok].A = int32(len(f.code))
		f.define(v)
	default:
		g.fail(posOf(v), "the builtin %s is not supported", b.Name())
	}
}

// appendElem is OpAppendSlice's B for elements of type t:
// ^layout for elements held in objects, else the element's size<<1 | 1
// if it holds no pointers.
func (f *fnGen) appendElem(t types.Type) int32 {
	if isObject(t) {
		return ^f.g.types.layout(t)
	}
	return heapElem(t)
}

// heapElem is the element's size<<1 | 1 if it holds no pointers: what
// the VM needs to account an array of them as a heap allocation
// (OpMakeSlice's B, OpAppendSlice's for elements that are not objects).
func heapElem(t types.Type) int32 {
	b := int32(amd64.Sizeof(t)) << 1
	if !hasPointers(t) {
		b |= 1
	}
	return b
}

// clearSlice is clear(s): every element of s[:len(s)] set to its zero
// value.
func (f *fnGen) clearSlice(s ssa.Value, et types.Type) {
	hs, hn, hi := f.newSlot(8), f.newSlot(8), f.newSlot(8)
	f.push(s)
	f.emit(vm.OpStore, hs, 0)
	f.emit(vm.OpLoad, hs, 0)
	f.emit(vm.OpSliceLen, 0, 0)
	f.emit(vm.OpStore, hn, 0)
	f.pushInt(0)
	f.emit(vm.OpStore, hi, 0)
	head := int32(len(f.code))
	f.emit(vm.OpLoad, hi, 0)
	f.emit(vm.OpLoad, hn, 0)
	f.emit(vm.OpLt, 0, 0)
	exit := len(f.code)
	f.emit(vm.OpJumpIfNot, 0, 0)
	if isObject(et) {
		f.zero(et)
		f.emit(vm.OpLoad, hs, 0)
		f.emit(vm.OpLoad, hi, 0)
		f.emit(vm.OpSliceIndex, 0, 0)
		f.emitN(vm.OpObjAssign, f.g.types.layout(et), 1, 2, 0)
	} else {
		f.pushZero(et)
		f.emit(vm.OpLoad, hs, 0)
		f.emit(vm.OpLoad, hi, 0)
		f.emitN(vm.OpSliceStore, 0, 1, 3, 0)
	}
	f.emit(vm.OpLoad, hi, 0)
	f.pushInt(1)
	f.emit(vm.OpAdd, 0, 0)
	f.emit(vm.OpStore, hi, 0)
	f.emit(vm.OpJump, head, 0)
	f.code[exit].A = int32(len(f.code))
}

// printBuiltin is print and println: the text of each operand as the
// runtime's print writes it, to standard error.
func (f *fnGen) printBuiltin(ln bool, args []ssa.Value) {
	f.pushStr("")
	for i, a := range args {
		if i > 0 && ln {
			f.pushStr(" ")
			f.emitCallOp(vm.OpConcat, 0, 0, 2, 1)
		}
		f.printArg(a)
		f.emitCallOp(vm.OpConcat, 0, 0, 2, 1)
	}
	if ln {
		f.pushStr("\n")
		f.emitCallOp(vm.OpConcat, 0, 0, 2, 1)
	}
	f.emitCallOp(vm.OpPrint, 1, 0, 1, 0)
}

// printArg pushes the text the runtime's print writes for a.
func (f *fnGen) printArg(a ssa.Value) {
	t := a.Type()
	f.push(a)
	switch u := t.Underlying().(type) {
	case *types.Basic:
		switch {
		case u.Info()&types.IsString != 0:
			return
		case u.Info()&types.IsBoolean != 0:
			f.emitCallOp(vm.OpFmtBool, 0, 0, 1, 1)
			return
		case u.Info()&types.IsInteger != 0:
			if isUnsigned64(t) {
				f.emit2(vm.OpUnsigned, vm.UFmt, 0, 1, 1)
			} else {
				f.emitCallOp(vm.OpFmtInt, 0, 0, 1, 1)
			}
			return
		case u.Info()&types.IsFloat != 0:
			f.emitCallOp(vm.OpMakeIface, f.g.types.typeID(types.Typ[u.Kind()]), 0, 1, 1)
			f.fmtAny('P', 0)
			return
		}
	}
	f.g.fail(posOf(a), "printing a value of type %s with println is not supported", t)
}

// minMax is min(args...) or max(args...) of integers, floats or strings.
func (f *fnGen) minMax(name string, args []ssa.Value, v ssa.Value) {
	t := v.Type()
	if isFloat(t) {
		op := int32(vm.FMin)
		if name == "max" {
			op = vm.FMax
		}
		f.push(args[0])
		for _, a := range args[1:] {
			f.push(a)
			f.emit2(vm.OpFloat, op, f32(t), 2, 1)
		}
		f.define(v)
		return
	}
	var op vm.Op
	switch {
	case isString(t) && name == "min":
		op = vm.OpSLt
	case isString(t):
		op = vm.OpSGt
	case isUnsigned64(t):
		op = vm.OpUnsigned
	case name == "min":
		op = vm.OpLt
	default:
		op = vm.OpGt
	}
	best := f.newSlot(slotBytes(t))
	next := f.newSlot(slotBytes(t))
	f.push(args[0])
	f.emit(vm.OpStore, best, 0)
	for _, a := range args[1:] {
		f.push(a)
		f.emit(vm.OpStore, next, 0)
		f.emit(vm.OpLoad, next, 0)
		f.emit(vm.OpLoad, best, 0)
		if op == vm.OpUnsigned {
			u := int32(vm.ULt)
			if name == "max" {
				u = vm.UGt
			}
			f.emit2(vm.OpUnsigned, u, 0, 2, 1)
		} else {
			f.emit(op, 0, 0)
		}
		skip := len(f.code)
		f.emit(vm.OpJumpIfNot, 0, 0)
		f.emit(vm.OpLoad, next, 0)
		f.emit(vm.OpStore, best, 0)
		f.code[skip].A = int32(len(f.code))
	}
	f.emit(vm.OpLoad, best, 0)
	f.define(v)
}

func constString(c *ssa.Const) string {
	if c == nil || c.Value == nil {
		return "?"
	}
	s, err := strconv.Unquote(c.Value.ExactString())
	if err != nil {
		return c.Value.ExactString()
	}
	return s
}

func lastElem(s string) string {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == '.' {
			return s[i+1:]
		}
	}
	return s
}
