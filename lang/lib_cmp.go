package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// cmp: the Ordered constraint, and Compare and Less of integers, floats
// and strings, compiled inline for the type argument (generic.go
// substitutes it into the call's types). Floats order as Go's cmp does: a
// NaN is less than any other value and equal to a NaN (isNaN is x != x).

func init() {
	registerPackage("cmp", "cmp.Ordered, cmp.Compare and cmp.Less of integers, floats and strings", "Or",
		func(l *libs) *types.Package {
			p := types.NewPackage("cmp", "cmp")
			var terms []*types.Term
			for _, k := range []types.BasicKind{types.Int, types.Int8, types.Int16, types.Int32, types.Int64,
				types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64, types.Uintptr,
				types.Float32, types.Float64, types.String} {
				terms = append(terms, types.NewTerm(true, types.Typ[k]))
			}
			iface := types.NewInterfaceType(nil, []types.Type{types.NewUnion(terms)})
			iface.Complete()
			obj := types.NewTypeName(token.NoPos, p, "Ordered", nil)
			ordered := types.NewNamed(obj, iface, nil)
			p.Scope().Insert(obj)
			for _, f := range []struct {
				name string
				res  types.Type
			}{{"Compare", types.Typ[types.Int]}, {"Less", types.Typ[types.Bool]}} {
				tp := types.NewTypeParam(types.NewTypeName(token.NoPos, p, "T", nil), ordered)
				sig := types.NewSignatureType(nil, nil, []*types.TypeParam{tp},
					types.NewTuple(types.NewParam(token.NoPos, p, "x", tp), types.NewParam(token.NoPos, p, "y", tp)),
					types.NewTuple(types.NewParam(token.NoPos, p, "", f.res)), false)
				p.Scope().Insert(types.NewFunc(token.NoPos, p, f.name, sig))
			}
			p.MarkComplete()
			return p
		})
	libHandlers["cmp.Compare"] = cmpCall
	libHandlers["cmp.Less"] = cmpCall
}

// cmpCall compiles cmp.Compare(x, y) as (x > y) - (x < y), and
// cmp.Less(x, y) as x < y.
func cmpCall(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	c := fs.c
	t := c.info.TypeOf(call.Args[0])
	k, _ := c.kindOf(t)
	if k == kFloat {
		return fs.cmpFloat(call, ce, t)
	}
	if k != kInt && k != kString {
		c.unsupported(call.Pos(), libKey(ce.lib)+" of "+types.TypeString(t, c.qualifier), "gmplab supports: "+supportedAPI["cmp"])
		fs.pushInt(0)
		return 1
	}
	size := c.slotSize(t)
	x, y := fs.newSlot(size), fs.newSlot(size)
	fs.expr(call.Args[0])
	fs.emit(vm.OpStore, x, 0, 1, 0)
	fs.expr(call.Args[1])
	fs.emit(vm.OpStore, y, 0, 1, 0)
	fs.setPos(call.Lparen)
	less := func(a, b int32) {
		fs.emit(vm.OpLoad, a, 0, 0, 1)
		fs.emit(vm.OpLoad, b, 0, 0, 1)
		switch {
		case k == kString:
			fs.emit(vm.OpSLt, 0, 0, 2, 1)
		case ok64Unsigned(t):
			fs.emit(vm.OpUnsigned, vm.ULt, 0, 2, 1)
		default:
			fs.emit(vm.OpLt, 0, 0, 2, 1)
		}
	}
	less(x, y)
	if ce.lib.Name() == "Less" {
		return 1
	}
	less(y, x)
	fs.emit(vm.OpSub, 0, 0, 2, 1)
	fs.emit(vm.OpNeg, 0, 0, 1, 1)
	return 1
}

// cmpFloat compiles cmp.Compare(x, y) of floats as
// (x > y) - (x < y) + isNaN(y) - isNaN(x), and cmp.Less(x, y) as
// (x < y) + isNaN(x) - isNaN(x)*isNaN(y): Go's Compare and Less, whose
// comparisons are all false when a NaN is involved.
func (fs *fnState) cmpFloat(call *ast.CallExpr, ce callee, t types.Type) int {
	x, y := fs.newSlot(8), fs.newSlot(8)
	fs.expr(call.Args[0])
	fs.emit(vm.OpStore, x, 0, 1, 0)
	fs.expr(call.Args[1])
	fs.emit(vm.OpStore, y, 0, 1, 0)
	fs.setPos(call.Lparen)
	cmp := func(op int32, a, b int32) {
		fs.emit(vm.OpLoad, a, 0, 0, 1)
		fs.emit(vm.OpLoad, b, 0, 0, 1)
		fs.emit(vm.OpFloat, op, 0, 2, 1)
	}
	if ce.lib.Name() == "Less" {
		cmp(vm.FLt, x, y)
		cmp(vm.FNe, x, x)
		fs.emit(vm.OpAdd, 0, 0, 2, 1)
		cmp(vm.FNe, x, x)
		cmp(vm.FNe, y, y)
		fs.emit(vm.OpMul, 0, 0, 2, 1)
		fs.emit(vm.OpSub, 0, 0, 2, 1)
		return 1
	}
	cmp(vm.FGt, x, y)
	cmp(vm.FLt, x, y)
	fs.emit(vm.OpSub, 0, 0, 2, 1)
	cmp(vm.FNe, y, y)
	fs.emit(vm.OpAdd, 0, 0, 2, 1)
	cmp(vm.FNe, x, x)
	fs.emit(vm.OpSub, 0, 0, 2, 1)
	return 1
}
