package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"slices"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// slices: the generic functions without callbacks (vm/host_slices.go
// computes them with the real package), declared with type parameters as
// the real package declares them (S ~[]E, E cmp.Ordered or comparable), so
// that go/types infers and checks them; a call compiles to the host
// function with the element type's name as its type operand. Element
// types: the integers, the floats and string (and named types of them),
// and structs and arrays for the functions that need no ordering
// (vm/host_slices_obj.go, the type operand ^layout).

// sliceComparable are the functions whose E is only comparable in Go
// (the VM supports the same element types for all).
var sliceComparable = map[string]bool{"Contains": true, "Index": true, "Equal": true, "Compact": true, "Insert": true,
	"Delete": true, "Reverse": true, "Clone": true, "Concat": true, "Repeat": true, "Grow": true, "Clip": true, "Replace": true}

func init() {
	names := make([]string, 0, len(vm.SliceFuncs))
	for n := range vm.SliceFuncs {
		names = append(names, n)
		libHandlers["slices."+n] = sliceCall("slices." + n)
	}
	slices.Sort(names)
	var api []string
	for _, n := range names {
		api = append(api, "slices."+n)
	}
	var objs []string
	for _, n := range names {
		if vm.ObjSliceFunc(n) {
			objs = append(objs, n)
		}
	}
	registerPackage("slices", strings.Join(api, ", ")+" (of integers, floats and strings; "+strings.Join(objs, ", ")+" of structs and arrays too)",
		"",
		func(l *libs) *types.Package {
			p := types.NewPackage("slices", "slices")
			ordered := orderedConstraint(p)
			for _, n := range names {
				p.Scope().Insert(types.NewFunc(token.NoPos, p, n, sliceSig(p, vm.SliceFuncs[n], sliceComparable[n], ordered)))
			}
			p.MarkComplete()
			return p
		})
}

// orderedConstraint is cmp.Ordered (named, so that errors name it as Go's
// do: "T does not satisfy cmp.Ordered").
func orderedConstraint(p *types.Package) *types.Named {
	var terms []*types.Term
	for _, k := range []types.BasicKind{types.Int, types.Int8, types.Int16, types.Int32, types.Int64,
		types.Uint, types.Uint8, types.Uint16, types.Uint32, types.Uint64, types.Uintptr,
		types.Float32, types.Float64, types.String} {
		terms = append(terms, types.NewTerm(true, types.Typ[k]))
	}
	it := types.NewInterfaceType(nil, []types.Type{types.NewUnion(terms)})
	it.Complete()
	cmpPkg := types.NewPackage("cmp", "cmp")
	return types.NewNamed(types.NewTypeName(token.NoPos, cmpPkg, "Ordered", nil), it, nil)
}

// sliceSig is the generic signature of a slices function from its spec
// (vm.SliceFuncs): func[S ~[]E, E constraint](…).
func sliceSig(p *types.Package, spec string, comparable bool, ordered *types.Named) *types.Signature {
	eT := types.NewTypeParam(types.NewTypeName(token.NoPos, p, "E", nil), nil)
	if comparable {
		eT.SetConstraint(types.Universe.Lookup("comparable").Type())
	} else {
		eT.SetConstraint(ordered)
	}
	sT := types.NewTypeParam(types.NewTypeName(token.NoPos, p, "S", nil), nil)
	sc := types.NewInterfaceType(nil, []types.Type{types.NewUnion([]*types.Term{types.NewTerm(true, types.NewSlice(eT))})})
	sc.MarkImplicit() // ~[]E, as written in the real signature
	sc.Complete()
	sT.SetConstraint(sc)
	params, results, _ := strings.Cut(spec, ">")
	variadic := strings.ContainsAny(params, "vV")
	tuple := func(s string) *types.Tuple {
		var vs []*types.Var
		for i := 0; i < len(s); i++ {
			var t types.Type
			switch s[i] {
			case 's':
				t = sT
			case 'e':
				t = eT
			case 'i':
				t = types.Typ[types.Int]
			case 'b':
				t = types.Typ[types.Bool]
			case 'v':
				t = types.NewSlice(eT)
			case 'V':
				t = types.NewSlice(sT)
			}
			vs = append(vs, types.NewParam(token.NoPos, p, string(rune('a'+i)), t))
		}
		return types.NewTuple(vs...)
	}
	return types.NewSignatureType(nil, nil, []*types.TypeParam{sT, eT}, tuple(params), tuple(results), variadic)
}

// sliceElemName is the name of the basic type under the element type of
// the slice type t, if the host functions support it.
func sliceElemName(t types.Type) (string, bool) {
	s, ok := t.Underlying().(*types.Slice)
	if !ok {
		return "", false
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	if !ok || b.Info()&(types.IsInteger|types.IsFloat|types.IsString) == 0 || b.Info()&types.IsUntyped != 0 {
		return "", false
	}
	switch b.Kind() {
	case types.Byte:
		return "uint8", true
	case types.Rune:
		return "int32", true
	}
	return b.Name(), true
}

// sliceCall compiles a call of slices function name.
func sliceCall(name string) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		c := fs.c
		idx, pop, push, _ := vm.Host(name)
		sig, _ := c.info.TypeOf(call.Fun).(*types.Signature) // instantiated
		var st types.Type
		if sig != nil && sig.Params().Len() > 0 {
			st = sig.Params().At(0).Type()
			if name == "slices.Concat" {
				st = sliceElem(st)
			}
		}
		elem, ok := "", false
		if st != nil {
			elem, ok = sliceElemName(st)
		}
		if et := sliceElem(st); st != nil && et != nil && c.isStructKind(et) && vm.ObjSliceFunc(strings.TrimPrefix(name, "slices.")) {
			// Structs and arrays (vm/host_slices_obj.go): B is ^layout.
			fs.args(call, sig)
			fs.setPos(call.Lparen)
			fs.emitOp(vm.OpHost, idx, ^c.layout(et), pop, push)
			return push
		}
		if !ok {
			c.unsupported(call.Pos(), name+" of "+types.TypeString(st, c.qualifier), "gmplab supports: "+supportedAPI["slices"])
			for range push {
				fs.pushInt(0)
			}
			return push
		}
		fs.args(call, sig)
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpHost, idx, c.str(elem), pop, push)
		return push
	}
}
