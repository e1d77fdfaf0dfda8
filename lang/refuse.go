package lang

import (
	"cmp"
	"go/ast"
	"go/token"
	"go/types"
	"slices"
)

// What the go/ssa front end refuses, found on the typed syntax tree before
// any code is generated (ssa.go): what gmplab does not simulate, or
// simulates in a way a program could tell from Go's, each with the
// construct's position and a "not supported" message that points to
// docs/go-subset.md. After type errors, a construct inside an expression
// the type checker could not type is not reported (it would only repeat
// the type error).

// refuse reports the program's unsupported constructs into errs.
func refuse(ch *checked, errs *errList) {
	r := &refusals{ch: ch, errs: errs, reported: map[string]bool{}}
	if ch.lenient {
		r.tainted = taintedSpans(ch.file, ch.info, ch.typeErrs)
	}
	for _, d := range ch.file.Decls {
		if fd, ok := d.(*ast.FuncDecl); ok && fd.Body == nil {
			r.add(fd.Name.Pos(), "missing function body") // the Go compiler's words
		}
	}
	r.types()
	ast.Inspect(ch.file, r.visit)
}

type refusals struct {
	ch       *checked
	errs     *errList
	tainted  []span
	reported map[string]bool // kinds of problem reported once (a type)
}

// add reports msg at pos unless pos is in an expression the type checker
// could not type.
func (r *refusals) add(pos token.Pos, msg string) {
	for _, s := range r.tainted {
		if s.from <= pos && pos < s.to {
			return
		}
	}
	r.errs.add(pos, "%s", msg)
}

// once reports a problem of kind why once.
func (r *refusals) once(pos token.Pos, why, list string) {
	if r.reported[why] {
		return
	}
	r.reported[why] = true
	r.add(pos, notSupported(why, list))
}

func (r *refusals) visit(n ast.Node) bool {
	switch n := n.(type) {
	case *ast.FuncDecl:
		r.syncParams(n.Name.Pos(), n.Type)
	case *ast.FuncLit:
		r.syncParams(n.Type.Pos(), n.Type)
	case *ast.CallExpr:
		r.call(n)
	}
	if e, ok := n.(ast.Expr); ok {
		return r.expr(e)
	}
	return true
}

// types reports the variables of a type gmplab does not simulate, at
// their declaration, in the order they are declared; then expressions of
// such a type (expr).
func (r *refusals) types() {
	var vars []*ast.Ident
	for id, obj := range r.ch.info.Defs {
		if v, ok := obj.(*types.Var); ok && !v.IsField() && unsupportedType(v.Type()) != "" {
			vars = append(vars, id)
		}
	}
	slices.SortFunc(vars, func(a, b *ast.Ident) int { return cmp.Compare(a.Pos(), b.Pos()) })
	for _, id := range vars {
		r.typeAt(id.Pos(), r.ch.info.Defs[id].Type())
	}
}

// typeAt reports type t at pos if gmplab does not simulate it (once per
// kind of problem).
func (r *refusals) typeAt(pos token.Pos, t types.Type) bool {
	why := unsupportedType(t)
	if why == "" {
		return false
	}
	list := supTypes
	if why == bigArray {
		list = "the simulator's limit: use a slice, make([]T, n)"
	}
	r.once(pos, why, list)
	return true
}

// expr reports an expression of a type gmplab does not simulate.
func (r *refusals) expr(e ast.Expr) bool {
	tv, ok := r.ch.info.Types[e]
	if !ok || tv.Type == nil || tv.IsType() {
		return true
	}
	return !r.typeAt(e.Pos(), tv.Type)
}

const bigArray = "an array of more than 1048576 elements"

// unsupportedType says what of type t gmplab does not simulate ("" if
// nothing): complex numbers, and arrays beyond the VM's limit.
func unsupportedType(t types.Type) string {
	seen := map[types.Type]bool{}
	var walk func(t types.Type) string
	walk = func(t types.Type) string {
		if seen[t] {
			return ""
		}
		seen[t] = true
		switch u := t.(type) {
		case *types.Basic:
			if u.Info()&types.IsComplex != 0 {
				return "type " + u.Name()
			}
		case *types.Named:
			return walk(u.Underlying())
		case *types.Alias:
			return walk(types.Unalias(u))
		case *types.Array:
			if u.Len() > 1<<20 {
				return bigArray
			}
			return walk(u.Elem())
		case *types.Struct:
			for i := 0; i < u.NumFields(); i++ {
				if w := walk(u.Field(i).Type()); w != "" {
					return w
				}
			}
		case *types.Pointer:
			return walk(u.Elem())
		case *types.Slice:
			return walk(u.Elem())
		case *types.Map:
			if w := walk(u.Key()); w != "" {
				return w
			}
			return walk(u.Elem())
		case *types.Chan:
			return walk(u.Elem())
		}
		return ""
	}
	return walk(t)
}

// syncTypes are the types whose value is a record of the simulated
// runtime (lang/ssagen: handle types): a copy would share the record,
// where Go copies its state.
var syncTypes = map[string]bool{"sync.WaitGroup": true, "sync.Mutex": true}

func isSyncValue(t types.Type) bool {
	n, ok := types.Unalias(t).(*types.Named)
	return ok && n.Obj().Pkg() != nil && syncTypes[n.Obj().Pkg().Path()+"."+n.Obj().Name()]
}

// syncParams reports parameters and results of a sync type, passed by
// value, at pos (the function's name).
func (r *refusals) syncParams(pos token.Pos, ft *ast.FuncType) {
	info := r.ch.info
	for _, fl := range []*ast.FieldList{ft.Params, ft.Results} {
		if fl == nil {
			continue
		}
		for _, fd := range fl.List {
			t := info.TypeOf(fd.Type)
			if t != nil && isSyncValue(t) {
				verb := "passing "
				if fl == ft.Results {
					verb = "returning "
				}
				r.add(pos, notSupported(verb+types.TypeString(t, shortQualifier)+" by value", "use a pointer: *sync.WaitGroup, *sync.Mutex"))
			}
		}
	}
}

// call reports a copy of a sync value passed as an argument, and
// rand.New of a source the VM's generators cannot be.
func (r *refusals) call(call *ast.CallExpr) {
	info := r.ch.info
	for _, a := range call.Args {
		if tv, ok := info.Types[a]; ok && !tv.IsType() && tv.Type != nil && isSyncValue(tv.Type) {
			t := tv.Type
			r.add(a.Pos(), notSupported("copying a "+types.TypeString(t, shortQualifier), "pass a pointer: &"+types.ExprString(a)))
		}
	}
	sel, ok := call.Fun.(*ast.SelectorExpr)
	if !ok || len(call.Args) != 1 {
		return
	}
	fn, ok := info.Uses[sel.Sel].(*types.Func)
	if !ok || fn.Pkg() == nil || fn.Name() != "New" {
		return
	}
	t := info.TypeOf(call.Args[0])
	switch fn.Pkg().Path() {
	case "math/rand/v2":
		if p, ok := t.(*types.Pointer); ok {
			if n, ok := p.Elem().(*types.Named); ok && n.Obj().Pkg() == fn.Pkg() && (n.Obj().Name() == "PCG" || n.Obj().Name() == "ChaCha8") {
				return
			}
		}
		r.add(call.Args[0].Pos(), notSupported("rand.New with an argument of type "+types.TypeString(t, shortQualifier), "gmplab supports: rand.New of a *rand.PCG or a *rand.ChaCha8 (rand.New(rand.NewPCG(1, 2)))"))
	case "math/rand":
		if n, ok := t.(*types.Named); ok && n.Obj().Pkg() == fn.Pkg() && n.Obj().Name() == "Source" {
			return
		}
		r.add(call.Args[0].Pos(), notSupported("rand.New with an argument of type "+types.TypeString(t, shortQualifier), "gmplab supports: rand.New of a rand.Source from rand.NewSource"))
	}
}

// shortQualifier names a package by its name, the program's by nothing.
func shortQualifier(p *types.Package) string {
	if p.Path() == "main" {
		return ""
	}
	return p.Name()
}
