package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// sync/atomic's functions on pointers (atomic.AddInt64(&n, 1)): each is
// one OpAtomic on the slot the pointer names (vm.AtomicPtr), so that no
// preemption splits it, as the atomic types' methods are (libatomic.go).
// Like them they are not scheduling points.

// atomicFuncOps are the functions' operations, by name prefix, with the
// names of their parameters after addr and of their result
// (sync/atomic/doc.go).
var atomicFuncOps = []struct {
	prefix string
	op     int32
	params []string
	result string
}{
	{"Add", vm.AtomicAdd, []string{"delta"}, "new"},
	{"And", vm.AtomicAnd, []string{"mask"}, "old"},
	{"CompareAndSwap", vm.AtomicCAS, []string{"old", "new"}, "swapped"},
	{"Load", vm.AtomicLoad, nil, "val"},
	{"Or", vm.AtomicOr, []string{"mask"}, "old"},
	{"Store", vm.AtomicStore, []string{"val"}, ""},
	{"Swap", vm.AtomicSwap, []string{"new"}, "old"},
}

// atomicFuncTypes are the integer types the functions come in, with
// OpAtomic's width operand.
var atomicFuncTypes = []struct {
	name  string
	kind  types.BasicKind
	width int32
}{{"Int32", types.Int32, 1}, {"Int64", types.Int64, 0}, {"Uint32", types.Uint32, 2}, {"Uint64", types.Uint64, 0}, {"Uintptr", types.Uintptr, 0}}

// atomicFuncAPI lists the functions, for supportedAPI.
func atomicFuncAPI() string {
	var ops, ts []string
	for _, o := range atomicFuncOps {
		ops = append(ops, "atomic."+o.prefix+"T")
	}
	for _, t := range atomicFuncTypes {
		ts = append(ts, t.name)
	}
	return strings.Join(ops, ", ") + " for T in " + strings.Join(ts, ", ")
}

func init() {
	for _, o := range atomicFuncOps {
		for _, t := range atomicFuncTypes {
			o, b := o, t.width|vm.AtomicPtr
			libHandlers["atomic."+o.prefix+t.name] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
				n := fs.args(call, ce.lib.Type().(*types.Signature))
				fs.setPos(call.Lparen)
				if o.result == "" {
					fs.emit(vm.OpAtomic, o.op, b, n, 0)
					return 0
				}
				fs.emit(vm.OpAtomic, o.op, b, n, 1)
				return 1
			}
		}
	}
}

// declareAtomicFuncs declares the functions in package p.
func declareAtomicFuncs(p *types.Package) {
	for _, o := range atomicFuncOps {
		for _, t := range atomicFuncTypes {
			typ := types.Typ[t.kind]
			ps := []*types.Var{types.NewParam(token.NoPos, p, "addr", types.NewPointer(typ))}
			for _, n := range o.params {
				ps = append(ps, types.NewParam(token.NoPos, p, n, typ))
			}
			var rs []*types.Var
			switch {
			case o.result == "swapped":
				rs = append(rs, types.NewParam(token.NoPos, p, o.result, types.Typ[types.Bool]))
			case o.result != "":
				rs = append(rs, types.NewParam(token.NoPos, p, o.result, typ))
			}
			sig := types.NewSignatureType(nil, nil, nil, types.NewTuple(ps...), types.NewTuple(rs...), false)
			p.Scope().Insert(types.NewFunc(token.NoPos, p, o.prefix+t.name, sig))
		}
	}
}
