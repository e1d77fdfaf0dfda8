package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// sync/atomic's types (Int32, Int64, Uint32, Uint64, Bool): a struct of
// one slot, so a variable or a field of one holds an object and a method
// works on its address. The VM runs one G at a time, between instructions,
// so each method is atomic as a sequence of instructions; like the real
// ones they are not scheduling points (a loop spinning on Load is
// preempted asynchronously, as in Go).

const atomicPath = "sync/atomic"

// declareAtomic builds the package.
func (l *libs) declareAtomic() {
	p := types.NewPackage(atomicPath, "atomic")
	l.atomic = p
	for _, a := range []struct {
		name string
		t    types.Type
	}{{"Int32", types.Typ[types.Int32]}, {"Int64", types.Typ[types.Int64]}, {"Uint32", types.Typ[types.Uint32]},
		{"Uint64", types.Typ[types.Uint64]}, {"Bool", types.Typ[types.Bool]}} {
		obj := types.NewTypeName(token.NoPos, p, a.name, nil)
		st := types.NewStruct([]*types.Var{types.NewField(token.NoPos, p, "v", a.t, false)}, nil)
		n := types.NewNamed(obj, st, nil)
		p.Scope().Insert(obj)
		l.atomics = append(l.atomics, n)
		m := func(name string, params []types.Type, res types.Type) {
			var ps []*types.Var
			for i, t := range params {
				ps = append(ps, types.NewParam(token.NoPos, p, "a"+string(rune('0'+i)), t))
			}
			var rs []*types.Var
			if res != nil {
				rs = append(rs, types.NewParam(token.NoPos, p, "", res))
			}
			rv := types.NewParam(token.NoPos, p, "", types.NewPointer(n))
			n.AddMethod(types.NewFunc(token.NoPos, p, name, types.NewSignatureType(rv, nil, nil, types.NewTuple(ps...), types.NewTuple(rs...), false)))
		}
		m("Load", nil, a.t)
		m("Store", []types.Type{a.t}, nil)
		m("Swap", []types.Type{a.t}, a.t)
		m("CompareAndSwap", []types.Type{a.t, a.t}, types.Typ[types.Bool])
		if a.name != "Bool" {
			m("Add", []types.Type{a.t}, a.t)
			m("And", []types.Type{a.t}, a.t)
			m("Or", []types.Type{a.t}, a.t)
		}
	}
	declareAtomicFuncs(p)   // libatomic_funcs.go
	l.declareAtomicValue(p) // libatomic_value.go
	p.MarkComplete()
}

// isAtomic reports whether t is one of sync/atomic's types.
func (l *libs) isAtomic(t types.Type) bool {
	if n, ok := t.(*types.Named); ok {
		t = n.Origin() // atomic.Pointer[T]'s instances
	}
	for _, a := range l.atomics {
		if t == a {
			return true
		}
	}
	return false
}

// atomicCall compiles a method of an atomic type (false if key is not one).
func (fs *fnState) atomicCall(call *ast.CallExpr, ce callee, key string) (int, bool) {
	c := fs.c
	if ce.recv == nil || ce.lib.Pkg().Path() != atomicPath {
		return 0, false
	}
	rt := c.info.TypeOf(ce.recv)
	if p, ok := rt.Underlying().(*types.Pointer); ok {
		rt = p.Elem()
	}
	var b int32
	switch structOf(rt).Field(0).Type().(*types.Basic).Kind() {
	case types.Int32:
		b = 1
	case types.Uint32:
		b = 2
	}
	ops := map[string]struct {
		op   int32
		args int
	}{"Load": {vm.AtomicLoad, 0}, "Store": {vm.AtomicStore, 1}, "Add": {vm.AtomicAdd, 1}, "Swap": {vm.AtomicSwap, 1}, "CompareAndSwap": {vm.AtomicCAS, 2},
		"And": {vm.AtomicAnd, 1}, "Or": {vm.AtomicOr, 1}}
	o, ok := ops[ce.lib.Name()]
	if !ok {
		return 0, false
	}
	fs.addr(ce.recv)
	for i := 0; i < o.args; i++ {
		fs.expr(call.Args[i])
	}
	fs.setPos(call.Lparen)
	if o.op == vm.AtomicStore {
		fs.emit(vm.OpAtomic, o.op, b, 2, 0)
		return 0, true
	}
	fs.emit(vm.OpAtomic, o.op, b, 1+o.args, 1)
	return 1, true
}
