package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// sync/atomic's Value and Pointer[T] (sync/atomic/value.go, type.go): a
// struct of one slot, as the other atomic types (libatomic.go), holding
// an interface value (Value) or a pointer (Pointer[T]). Each method is one
// OpAtomic, so no preemption splits it, and none is a scheduling point.
// Value's methods panic as the real ones do, with a string
// (vm/atomic_value.go says which); Pointer's are the 64-bit operations on
// the pointer.

func init() {
	supportedAPI[atomicPath] += "; atomic.Value (Load, Store, Swap, CompareAndSwap), atomic.Pointer[T] (Load, Store, Swap, CompareAndSwap)"
	realAPI[atomicPath] = withoutNames(realAPI[atomicPath], "Pointer", "Value")
	for name, op := range map[string]int32{"Load": vm.AtomicLoad, "Store": vm.AtomicStore, "Swap": vm.AtomicSwap, "CompareAndSwap": vm.AtomicCAS} {
		libHandlers["atomic.Value."+name] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
			fs.addr(ce.recv)
			for _, a := range call.Args {
				fs.exprTo(a, anyType)
			}
			fs.setPos(call.Lparen)
			fs.emit(vm.OpAtomic, op, vm.AtomicValue, 1+len(call.Args), 2)
			fs.raiseText(call.Lparen)
			if op == vm.AtomicStore {
				fs.emit(vm.OpPop, 0, 0, 1, 0)
				return 0
			}
			return 1
		}
		libHandlers["atomic.Pointer."+name] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
			fs.addr(ce.recv)
			for _, a := range call.Args {
				fs.expr(a)
			}
			fs.setPos(call.Lparen)
			if op == vm.AtomicStore {
				fs.emit(vm.OpAtomic, op, 0, 2, 0)
				return 0
			}
			fs.emit(vm.OpAtomic, op, 0, 1+len(call.Args), 1)
			return 1
		}
	}
}

// raiseText pops a panic text and, unless it is "", panics with it as a
// string value, as panic("...") does.
func (fs *fnState) raiseText(pos token.Pos) {
	ok := fs.newLabel()
	tmp := fs.newSlot(16)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpSLen, 0, 0, 1, 1)
	fs.jump(vm.OpJumpIfNot, ok)
	fs.emit(vm.OpStore, tmp, 0, 1, 0)
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.setPos(pos)
	fs.emitOp(vm.OpMakeIface, fs.c.typeID(types.Typ[types.String]), 0, 1, 1)
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.emitOp(vm.OpPanic, 0, 1, 2, 0)
	fs.bind(ok)
	fs.emit(vm.OpPop, 0, 0, 1, 0)
}

// declareAtomicValue adds Value and Pointer[T] to package p.
func (l *libs) declareAtomicValue(p *types.Package) {
	par := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, p, name, t) }
	tuple := func(vs ...*types.Var) *types.Tuple { return types.NewTuple(vs...) }
	field := func(t types.Type) *types.Struct {
		return types.NewStruct([]*types.Var{types.NewField(token.NoPos, p, "v", t, false)}, nil)
	}
	boolT := types.Typ[types.Bool]

	obj := types.NewTypeName(token.NoPos, p, "Value", nil)
	value := types.NewNamed(obj, field(anyType), nil)
	p.Scope().Insert(obj)
	l.atomics = append(l.atomics, value)
	recv := par("v", types.NewPointer(value))
	for _, m := range []struct {
		name            string
		params, results *types.Tuple
	}{
		{"Load", nil, tuple(par("val", anyType))},
		{"Store", tuple(par("val", anyType)), nil},
		{"Swap", tuple(par("new", anyType)), tuple(par("old", anyType))},
		{"CompareAndSwap", tuple(par("old", anyType), par("new", anyType)), tuple(par("swapped", boolT))},
	} {
		value.AddMethod(types.NewFunc(token.NoPos, p, m.name, types.NewSignatureType(recv, nil, nil, m.params, m.results, false)))
	}

	// Pointer[T any]: each method has its own receiver type parameter, as
	// go/types gives a method of a generic type.
	obj = types.NewTypeName(token.NoPos, p, "Pointer", nil)
	ptr := types.NewNamed(obj, nil, nil)
	ptr.SetTypeParams([]*types.TypeParam{types.NewTypeParam(types.NewTypeName(token.NoPos, p, "T", nil), anyType)})
	ptr.SetUnderlying(field(types.NewPointer(ptr.TypeParams().At(0))))
	p.Scope().Insert(obj)
	l.atomics = append(l.atomics, ptr)
	for _, name := range []string{"Load", "Store", "Swap", "CompareAndSwap"} {
		tp := types.NewTypeParam(types.NewTypeName(token.NoPos, p, "T", nil), anyType)
		inst, err := types.Instantiate(nil, ptr, []types.Type{tp}, false)
		if err != nil {
			panic("lang: atomic.Pointer: " + err.Error())
		}
		pt := types.NewPointer(tp)
		var params, results *types.Tuple
		switch name {
		case "Load":
			results = tuple(par("", pt))
		case "Store":
			params = tuple(par("val", pt))
		case "Swap":
			params, results = tuple(par("new", pt)), tuple(par("old", pt))
		case "CompareAndSwap":
			params, results = tuple(par("old", pt), par("new", pt)), tuple(par("swapped", boolT))
		}
		sig := types.NewSignatureType(par("x", types.NewPointer(inst)), []*types.TypeParam{tp}, nil, params, results, false)
		ptr.AddMethod(types.NewFunc(token.NoPos, p, name, sig))
	}
}
