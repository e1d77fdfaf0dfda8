package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// maps: Clone, Copy and Equal (vm/host_maps.go), declared with type
// parameters as the real package. The rest is the real package's source
// (srcpkg/maps: EqualFunc, DeleteFunc, and the iterators All, Keys,
// Values, Insert and Collect).

const supMaps = "gmplab supports: maps.Clone, maps.Copy, maps.Equal"

func init() {
	registerPackage("maps", "maps.Clone, maps.Copy, maps.Equal",
		"",
		func(l *libs) *types.Package {
			p := types.NewPackage("maps", "maps")
			tp := func(name string, constraint types.Type) *types.TypeParam {
				return types.NewTypeParam(types.NewTypeName(token.NoPos, p, name, nil), constraint)
			}
			comparable := types.Universe.Lookup("comparable").Type()
			anyT := types.Universe.Lookup("any").Type()
			mapOf := func(k, v types.Type) *types.Interface {
				it := types.NewInterfaceType(nil, []types.Type{types.NewUnion([]*types.Term{types.NewTerm(true, types.NewMap(k, v))})})
				it.MarkImplicit() // ~map[K]V
				it.Complete()
				return it
			}
			param := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, p, name, t) }
			def := func(name string, tps []*types.TypeParam, params, results []*types.Var) {
				sig := types.NewSignatureType(nil, nil, tps, types.NewTuple(params...), types.NewTuple(results...), false)
				p.Scope().Insert(types.NewFunc(token.NoPos, p, name, sig))
			}
			{
				k, v := tp("K", comparable), tp("V", anyT)
				m := tp("M", mapOf(k, v))
				def("Clone", []*types.TypeParam{m, k, v}, []*types.Var{param("m", m)}, []*types.Var{param("", m)})
			}
			{
				k, v := tp("K", comparable), tp("V", anyT)
				m1, m2 := tp("M1", mapOf(k, v)), tp("M2", mapOf(k, v))
				def("Copy", []*types.TypeParam{m1, m2, k, v}, []*types.Var{param("dst", m1), param("src", m2)}, nil)
			}
			{
				k, v := tp("K", comparable), tp("V", comparable)
				m1, m2 := tp("M1", mapOf(k, v)), tp("M2", mapOf(k, v))
				def("Equal", []*types.TypeParam{m1, m2, k, v}, []*types.Var{param("m1", m1), param("m2", m2)}, []*types.Var{param("", types.Typ[types.Bool])})
			}
			p.MarkComplete()
			return p
		})
	libHandlers["maps.Clone"] = mapsCall("maps.Clone")
	libHandlers["maps.Copy"] = mapsCall("maps.Copy")
	libHandlers["maps.Equal"] = mapsCall("maps.Equal")
}

// mapsCall compiles maps.Clone, Copy or Equal.
func mapsCall(name string) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		c := fs.c
		idx, pop, push, _ := vm.Host(name)
		sig, _ := c.info.TypeOf(call.Fun).(*types.Signature)
		mt, ok := types.Type(nil), false
		if sig != nil && sig.Params().Len() > 0 {
			mt = sig.Params().At(0).Type()
			_, ok = mt.Underlying().(*types.Map)
		}
		var b int32
		if ok {
			_, v := mapTypes(mt)
			k, _ := c.kindOf(v)
			b = c.str("")
			switch {
			case c.isStructKind(v):
				b = ^c.layout(v) // an object each: copied, compared field by field
			case k == kFloat:
				b = c.str(floatName(v)) // Equal compares floats as floats
			}
		}
		if !ok {
			c.unsupported(call.Pos(), name+" of "+types.TypeString(mt, c.qualifier), supMaps)
			for range push {
				fs.pushInt(0)
			}
			return push
		}
		fs.args(call, sig)
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpHost, idx, b, pop, push)
		return push
	}
}
