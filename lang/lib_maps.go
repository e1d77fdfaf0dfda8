package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// maps: Clone, Copy and Equal (vm/host_maps.go), and Keys and Values as
// the argument of slices.Collect or slices.Sorted, which collect them in a
// range's order (the VM has no iterators: any other use of Keys or Values
// is "not supported"). Declared with type parameters as the real package.

const supMaps = "gmplab supports: maps.Clone, maps.Copy, maps.Equal, and maps.Keys(m) and maps.Values(m) ranged over or inside slices.Collect and slices.Sorted"

func init() {
	registerPackage("maps", "maps.Clone, maps.Copy, maps.Equal, maps.Keys and maps.Values (ranged over, or in slices.Collect and slices.Sorted)",
		"All Collect Insert",
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
			for _, name := range []string{"Keys", "Values"} {
				k, v := tp("K", comparable), tp("V", anyT)
				m := tp("Map", mapOf(k, v))
				e := types.Type(k)
				if name == "Values" {
					e = v
				}
				def(name, []*types.TypeParam{m, k, v}, []*types.Var{param("m", m)}, []*types.Var{param("", seqOf(p, e))})
			}
			p.MarkComplete()
			return p
		})
	libHandlers["maps.Clone"] = mapsCall("maps.Clone")
	libHandlers["maps.Copy"] = mapsCall("maps.Copy")
	libHandlers["maps.Equal"] = mapsCall("maps.Equal")
	for _, n := range []string{"maps.Keys", "maps.Values"} {
		libHandlers[n] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
			fs.c.unsupported(call.Pos(), n+" outside a range, slices.Collect and slices.Sorted", supMaps)
			fs.pushInt(0)
			return 1
		}
	}
}

// seqOf is iter.Seq[E]'s type, func(yield func(E) bool), unnamed.
func seqOf(p *types.Package, e types.Type) *types.Signature {
	yield := types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, p, "", e)),
		types.NewTuple(types.NewParam(token.NoPos, p, "", types.Typ[types.Bool])), false)
	return types.NewSignatureType(nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, p, "yield", yield)), nil, false)
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

// collectCall compiles slices.Collect or slices.Sorted (how: "collect",
// "sorted") of maps.Keys(m) or maps.Values(m).
func collectCall(how string) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		c := fs.c
		fail := func() int {
			c.unsupported(call.Pos(), "slices."+map[string]string{"collect": "Collect", "sorted": "Sorted"}[how]+" of this sequence", supMaps)
			fs.pushInt(0)
			return 1
		}
		if len(call.Args) != 1 {
			return fail()
		}
		inner, key, ok := c.mapsSeqCall(call.Args[0])
		if !ok {
			return fail()
		}
		elem, ok := sliceElemName(c.info.TypeOf(call))
		if !ok {
			return fail()
		}
		idx, _, _, _ := vm.Host(key + "." + how)
		fs.expr(inner.Args[0])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpHost, idx, c.str(elem), 1, 1)
		return 1
	}
}

// mapsSeqCall reports whether e is maps.Keys(m) or maps.Values(m), and
// which.
func (c *compiler) mapsSeqCall(e ast.Expr) (call *ast.CallExpr, key string, ok bool) {
	call, ok = unparen(e).(*ast.CallExpr)
	if !ok {
		return nil, "", false
	}
	ce := c.classify(call)
	if ce.kind != ckLib || len(call.Args) != 1 {
		return nil, "", false
	}
	key = libKey(ce.lib)
	return call, key, key == "maps.Keys" || key == "maps.Values"
}

// rangeMapsSeq compiles for k := range maps.Keys(m) (or maps.Values) as
// the range over m it is (the iterator ranges over m and yields each key
// or value), and reports whether s was one.
func (fs *fnState) rangeMapsSeq(s *ast.RangeStmt, name string) bool {
	call, key, ok := fs.c.mapsSeqCall(s.X)
	if !ok {
		return false
	}
	r := &ast.RangeStmt{For: s.For, Key: s.Key, TokPos: s.TokPos, Tok: s.Tok, Range: s.Range, X: call.Args[0], Body: s.Body}
	if key == "maps.Values" {
		r.Key, r.Value = nil, s.Key
	}
	fs.rangeMap(r, name)
	return true
}
