package lang

import (
	"cmp"
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"slices"
	"strings"
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
		r.print(n)
	case *ast.AssignStmt:
		for _, l := range n.Lhs {
			if t := r.ch.info.TypeOf(l); t != nil && isSyncValue(t) && n.Tok == token.ASSIGN {
				r.add(l.Pos(), notSupported("assigning to a "+types.TypeString(t, shortQualifier), "declare a new variable instead"))
			}
		}
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

// supTypes is what a refusal of a type lists instead: the types gmplab
// simulates.
const supTypes = "gmplab supports: every type of Go but complex64 and complex128 (every integer type, float32, float64, bool, string, chan, func, structs, arrays of up to 1048576 elements, pointers, slices, maps, interfaces, generic types and named types of these)"

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

// printFuncs are the library functions that print their operands with
// fmt, and for those with a format, the index of the format.
var printFuncs = map[string]int{
	"fmt.Print": -1, "fmt.Println": -1, "fmt.Sprint": -1, "fmt.Sprintln": -1, "fmt.Fprint": -1, "fmt.Fprintln": -1,
	"fmt.Printf": 0, "fmt.Sprintf": 0, "fmt.Fprintf": 1, "fmt.Errorf": 0,
	"log.Print": -1, "log.Println": -1, "log.Fatal": -1, "log.Fatalln": -1, "log.Panic": -1, "log.Panicln": -1,
	"log.Printf": 0, "log.Fatalf": 0, "log.Panicf": 0,
}

// print reports an operand of a print function that fmt would print with
// a sync value's internal state (sync.Mutex, sync.WaitGroup), which the
// model keeps in its scheduler rather than in the value, or a struct,
// slice, array or map holding one: unless a verb %p or %T prints it.
// Pointers, channels and funcs print a made-up address
// (vm/format_dynamic.go: fakeAddr), as %p does.
func (r *refusals) print(call *ast.CallExpr) {
	info := r.ch.info
	var fn *types.Func
	switch f := call.Fun.(type) {
	case *ast.SelectorExpr:
		fn, _ = info.Uses[f.Sel].(*types.Func)
	}
	if fn == nil || fn.Pkg() == nil {
		return
	}
	fi, ok := printFuncs[fn.Pkg().Path()+"."+fn.Name()]
	if !ok || call.Ellipsis.IsValid() {
		return
	}
	args := call.Args
	var verbs []rune
	if fi >= 0 {
		if fi >= len(args) {
			return
		}
		if tv := info.Types[args[fi]]; tv.Value != nil && tv.Value.Kind() == constant.String {
			verbs = formatVerbs(constant.StringVal(tv.Value))
		}
		args = args[fi+1:]
	} else if fn.Pkg().Path() == "fmt" && strings.HasPrefix(fn.Name(), "F") {
		args = args[1:]
	}
	for i, a := range args {
		if i < len(verbs) && (verbs[i] == 'p' || verbs[i] == 'T') {
			continue
		}
		t := info.TypeOf(a)
		if t == nil || types.IsInterface(t) {
			continue
		}
		if why, deep := unprintable(t, 0); why != "" {
			list := "Go prints its internal state, which gmplab keeps in its scheduler rather than in the value"
			what := "printing a value of type " + types.TypeString(t, shortQualifier)
			if deep {
				what = "printing a struct or slice holding a " + why
				list += "; print the fields you need"
			}
			r.add(a.Pos(), notSupported(what, list))
		}
	}
}

// unprintable is the sync type inside t (t itself at depth 0) whose
// state fmt would print, "" if none; deep says it is inside. A pointer
// below the top level prints as an address, so what it points to is not
// printed.
func unprintable(t types.Type, depth int) (string, bool) {
	if depth > 8 || hasStringMethod(t) {
		return "", false
	}
	name := types.TypeString(t, shortQualifier)
	switch u := t.Underlying().(type) {
	case *types.Pointer:
		if depth == 0 { // &{...}, &[...], &map[...] (printValue)
			switch u.Elem().Underlying().(type) {
			case *types.Struct, *types.Array, *types.Slice, *types.Map:
				return unprintable(u.Elem(), depth+1)
			}
		}
	case *types.Struct:
		if isSyncValue(t) {
			return name, depth > 0
		}
		for i := 0; i < u.NumFields(); i++ {
			if w, _ := unprintable(u.Field(i).Type(), depth+1); w != "" {
				return w, true
			}
		}
	case *types.Slice:
		return unprintable(u.Elem(), depth+1)
	case *types.Array:
		return unprintable(u.Elem(), depth+1)
	case *types.Map:
		if w, _ := unprintable(u.Key(), depth+1); w != "" {
			return w, true
		}
		return unprintable(u.Elem(), depth+1)
	}
	return "", false
}

// hasStringMethod reports whether fmt calls a String or Error method of
// values of type t.
func hasStringMethod(t types.Type) bool {
	ms := types.NewMethodSet(t)
	for _, name := range []string{"String", "Error"} {
		if sel := ms.Lookup(nil, name); sel != nil {
			return true
		}
		for i := 0; i < ms.Len(); i++ {
			if ms.At(i).Obj().Name() == name {
				return true
			}
		}
	}
	return false
}

// formatVerbs are the verbs of format's directives, one per operand (nil
// when an argument index or a * makes the mapping not one to one).
func formatVerbs(format string) []rune {
	var verbs []rune
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("+-# 0123456789.", format[i]) >= 0 {
			i++
		}
		if i >= len(format) {
			break
		}
		switch format[i] {
		case '%':
			continue
		case '[', '*':
			return nil
		}
		verbs = append(verbs, rune(format[i]))
	}
	return verbs
}
