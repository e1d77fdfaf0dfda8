package lang

import (
	"go/ast"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// Generic functions and methods of generic types, compiled once per
// instantiation, as the Go toolchain's dictionaries-and-shapes scheme
// would print them (the simulator does not model shapes: each set of type
// arguments gets code of its own, which only the binary's size would
// tell apart).
//
// An instantiation is compiled from the generic declaration's syntax tree
// with a types.Info of its own (instanceInfo), in which every type that
// mentions a type parameter has the type arguments substituted, and every
// variable of such a type is a new *types.Var of the substituted type, so
// that the code generator sees concrete types only and needs to know
// nothing of generics; kindOf and layout substitute too, for the types
// they reach through a selection's objects. The instantiations a body
// uses (calls, function values, methods of instantiated types) are queued
// and compiled after the rest, until none is left. Their names are Go's in
// tracebacks: main.Map[...], main.(*List[...]).Push.

// instance is one instantiation to compile.
type instance struct {
	origin *types.Func
	targs  []types.Type
	idx    int32
}

// genericState is the compiler's bookkeeping for generics.
type genericState struct {
	decls     map[*types.Func]*ast.FuncDecl // generic functions and methods of generic types
	instances map[string]int32              // instantiation key → function index
	queue     []instance
	tsub      map[*types.TypeParam]types.Type // the substitution of the body being compiled
	vars      map[*types.Var]*types.Var       // its variables, substituted
	tctx      *types.Context
	base      *types.Info // the program's, while c.info is an instantiation's
}

// declareGeneric records a generic function or a method of a generic
// type, compiled when instantiated.
func (c *compiler) declareGeneric(d *ast.FuncDecl, f *types.Func) {
	if c.gen.decls == nil {
		c.gen.decls = map[*types.Func]*ast.FuncDecl{}
		c.gen.instances = map[string]int32{}
		c.gen.tctx = types.NewContext()
	}
	c.gen.decls[f] = d
}

// isGeneric reports whether f is a generic function or a method of a
// generic type declared by the program or in library source
// (srcpkg_generic.go).
func (c *compiler) isGeneric(f *types.Func) bool {
	if _, ok := c.gen.decls[f.Origin()]; ok {
		return true
	}
	return c.sourceGeneric(f.Origin())
}

// instanceOf is the function index of origin instantiated with targs
// (substituted with the current body's type arguments), queued for
// compilation at first use.
func (c *compiler) instanceOf(origin *types.Func, targs *types.TypeList) int32 {
	args := make([]types.Type, targs.Len())
	for i := range args {
		args[i] = targs.At(i)
	}
	return c.instanceWith(origin, args)
}

// instanceWith is instanceOf for type arguments in a slice (a library
// handler's own instantiation: lib_errors.go).
func (c *compiler) instanceWith(origin *types.Func, targs []types.Type) int32 {
	args := make([]types.Type, len(targs))
	names := make([]string, len(args))
	for i := range args {
		args[i] = c.subst(targs[i])
		names[i] = types.TypeString(args[i], nil)
	}
	key := origin.FullName() + "[" + strings.Join(names, ",") + "]"
	if idx, ok := c.gen.instances[key]; ok {
		return idx
	}
	idx := c.newFunc(instanceName(origin))
	c.gen.instances[key] = idx
	c.gen.queue = append(c.gen.queue, instance{origin, args, idx})
	return idx
}

// instanceName is how Go names an instantiated function in tracebacks:
// main.Map[...], slices.SortFunc[...], main.(*List[...]).Push.
func instanceName(f *types.Func) string {
	prefix := f.Pkg().Path() + "."
	n, ptr := recvNamed(f)
	switch {
	case n == nil:
		return prefix + f.Name() + "[...]"
	case ptr:
		return prefix + "(*" + n.Obj().Name() + "[...])." + f.Name()
	}
	return prefix + n.Obj().Name() + "[...]." + f.Name()
}

// genericCallee is the instantiation a use of generic function f at
// ident id names (its type arguments recorded or inferred by go/types).
func (c *compiler) genericCallee(id *ast.Ident, f *types.Func) (int32, bool) {
	if !c.isGeneric(f) {
		return 0, false
	}
	inst, ok := c.info.Instances[id]
	if !ok {
		return 0, false
	}
	return c.instanceOf(f.Origin(), inst.TypeArgs), true
}

// genericFuncIdent unwraps f[T] and f[T, U] (explicit instantiations) and
// pkg.f (a library function) to the generic function's identifier.
func (c *compiler) genericFuncIdent(e ast.Expr) (*ast.Ident, *types.Func) {
	switch x := unparen(e).(type) {
	case *ast.IndexExpr:
		e = x.X
	case *ast.IndexListExpr:
		e = x.X
	}
	var id *ast.Ident
	switch x := unparen(e).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		if c.info.Selections[x] != nil {
			return nil, nil // a method or a field
		}
		id = x.Sel
	default:
		return nil, nil
	}
	f, ok := c.info.Uses[id].(*types.Func)
	if !ok || !c.isGeneric(f) {
		return nil, nil
	}
	return id, f
}

// genericMethod is the instantiation of method m of a generic type, for
// the type arguments of m's receiver.
func (c *compiler) genericMethod(m *types.Func) (int32, bool) {
	if !c.isGeneric(m) {
		return 0, false
	}
	rt := c.subst(m.Type().(*types.Signature).Recv().Type())
	if p, ok := rt.(*types.Pointer); ok {
		rt = p.Elem()
	}
	n, ok := types.Unalias(rt).(*types.Named)
	if !ok || n.TypeArgs().Len() == 0 {
		return 0, false
	}
	return c.instanceOf(m.Origin(), n.TypeArgs()), true
}

// typeParamMethod resolves x.M() where x's type is a type parameter: the
// method of the type argument (the program's own or the library's).
func (c *compiler) typeParamMethod(sel *types.Selection) *types.Selection {
	if c.gen.tsub == nil {
		return nil
	}
	rt := sel.Recv()
	if p, ok := rt.(*types.Pointer); ok {
		rt = p.Elem()
	}
	if _, ok := rt.(*types.TypeParam); !ok {
		return nil
	}
	t := c.subst(rt)
	for _, mt := range []types.Type{t, types.NewPointer(t)} {
		if s := types.NewMethodSet(mt).Lookup(c.pkg, sel.Obj().Name()); s != nil {
			return s
		}
	}
	return nil
}

// compileInstances compiles the queued instantiations, and those they
// queue, until none is left.
func (c *compiler) compileInstances() {
	for len(c.gen.queue) > 0 {
		in := c.gen.queue[0]
		c.gen.queue = c.gen.queue[1:]
		c.compileInstance(in)
	}
}

func (c *compiler) compileInstance(in instance) {
	d := c.gen.decls[in.origin]
	sig := in.origin.Type().(*types.Signature)
	tparams := sig.TypeParams()
	if sig.Recv() != nil {
		tparams = sig.RecvTypeParams()
	}
	saved, savedSub, savedVars, savedBase := c.info, c.gen.tsub, c.gen.vars, c.gen.base
	defer func() { c.info, c.gen.tsub, c.gen.vars, c.gen.base = saved, savedSub, savedVars, savedBase }()
	if c.gen.base == nil {
		c.gen.base = saved
	}
	c.gen.tsub = map[*types.TypeParam]types.Type{}
	for i := 0; i < tparams.Len() && i < len(in.targs); i++ {
		c.gen.tsub[tparams.At(i)] = in.targs[i]
	}
	c.gen.vars = map[*types.Var]*types.Var{}
	c.info = c.instanceInfo(saved, d)
	isig := c.subst(sig).(*types.Signature)
	fs := c.newFnState(nil, c.prog.Funcs[in.idx].Name, in.idx)
	fs.body(d.Type, isig, d.Body, d.Name.Pos())
}

// instanceInfo is info for the declaration d with the current
// substitution applied.
func (c *compiler) instanceInfo(info *types.Info, d *ast.FuncDecl) *types.Info {
	ni := &types.Info{
		Types:      map[ast.Expr]types.TypeAndValue{},
		Defs:       map[*ast.Ident]types.Object{},
		Uses:       map[*ast.Ident]types.Object{},
		Selections: info.Selections,
		Implicits:  map[ast.Node]types.Object{},
		Instances:  info.Instances,
	}
	obj := func(o types.Object) types.Object {
		if v, ok := o.(*types.Var); ok {
			return c.substVar(v)
		}
		return o
	}
	ast.Inspect(d, func(n ast.Node) bool {
		if e, ok := n.(ast.Expr); ok {
			if tv, ok := info.Types[e]; ok {
				tv.Type = c.subst(tv.Type)
				ni.Types[e] = tv
			}
		}
		if id, ok := n.(*ast.Ident); ok {
			if o, ok := info.Defs[id]; ok {
				ni.Defs[id] = obj(o)
			}
			if o, ok := info.Uses[id]; ok {
				ni.Uses[id] = obj(o)
			}
		}
		if o, ok := info.Implicits[n]; ok {
			ni.Implicits[n] = obj(o)
		}
		return true
	})
	return ni
}

// substVar is v with the current substitution applied to its type (v
// itself if that changes nothing), the same *types.Var at each use.
func (c *compiler) substVar(v *types.Var) *types.Var {
	if v == nil || c.gen.tsub == nil {
		return v
	}
	if nv, ok := c.gen.vars[v]; ok {
		return nv
	}
	t := c.subst(v.Type())
	nv := v
	if t != v.Type() {
		if v.IsField() {
			nv = types.NewField(v.Pos(), v.Pkg(), v.Name(), t, v.Embedded())
		} else {
			nv = types.NewParam(v.Pos(), v.Pkg(), v.Name(), t)
		}
		c.captured[nv] = c.captured[v]
	}
	c.gen.vars[v] = nv
	return nv
}

// substVars applies substVar to a list (a closure's free variables).
func (c *compiler) substVars(vs []*types.Var) []*types.Var {
	if c.gen.tsub == nil {
		return vs
	}
	out := make([]*types.Var, len(vs))
	for i, v := range vs {
		out[i] = c.substVar(v)
	}
	return out
}

// subst applies the current substitution to t (t itself if nothing
// changes).
func (c *compiler) subst(t types.Type) types.Type {
	if c.gen.tsub == nil || t == nil {
		return t
	}
	switch t := t.(type) {
	case *types.TypeParam:
		if r, ok := c.gen.tsub[t]; ok {
			return r
		}
	case *types.Pointer:
		if e := c.subst(t.Elem()); e != t.Elem() {
			return types.NewPointer(e)
		}
	case *types.Slice:
		if e := c.subst(t.Elem()); e != t.Elem() {
			return types.NewSlice(e)
		}
	case *types.Array:
		if e := c.subst(t.Elem()); e != t.Elem() {
			return types.NewArray(e, t.Len())
		}
	case *types.Map:
		k, e := c.subst(t.Key()), c.subst(t.Elem())
		if k != t.Key() || e != t.Elem() {
			return types.NewMap(k, e)
		}
	case *types.Chan:
		if e := c.subst(t.Elem()); e != t.Elem() {
			return types.NewChan(t.Dir(), e)
		}
	case *types.Struct:
		fields := make([]*types.Var, t.NumFields())
		tags := make([]string, t.NumFields())
		changed := false
		for i := range fields {
			f := t.Field(i)
			fields[i], tags[i] = f, t.Tag(i)
			if ft := c.subst(f.Type()); ft != f.Type() {
				fields[i] = types.NewField(f.Pos(), f.Pkg(), f.Name(), ft, f.Embedded())
				changed = true
			}
		}
		if changed {
			return types.NewStruct(fields, tags)
		}
	case *types.Tuple:
		if t == nil {
			return t
		}
		vars := make([]*types.Var, t.Len())
		changed := false
		for i := range vars {
			vars[i] = c.substVar(t.At(i))
			changed = changed || vars[i] != t.At(i)
		}
		if changed {
			return types.NewTuple(vars...)
		}
	case *types.Signature:
		params := c.subst(t.Params())
		results := c.subst(t.Results())
		recv := c.substVar(t.Recv())
		if params != types.Type(t.Params()) || results != types.Type(t.Results()) || recv != t.Recv() || t.TypeParams().Len() > 0 || t.RecvTypeParams().Len() > 0 {
			p, _ := params.(*types.Tuple)
			r, _ := results.(*types.Tuple)
			return types.NewSignatureType(recv, nil, nil, p, r, t.Variadic())
		}
	case *types.Named:
		if t.TypeArgs().Len() == 0 {
			return t
		}
		args := make([]types.Type, t.TypeArgs().Len())
		changed := false
		for i := range args {
			args[i] = c.subst(t.TypeArgs().At(i))
			changed = changed || args[i] != t.TypeArgs().At(i)
		}
		if changed {
			if n, err := types.Instantiate(c.gen.tctx, t.Origin(), args, false); err == nil {
				return n
			}
		}
	case *types.Alias:
		return c.subst(types.Unalias(t))
	}
	return t
}

// genericFuncValue pushes an instantiated generic function as a value
// (f := Map[int, string], or a generic function passed as an argument);
// it reports false if e is not one.
func (fs *fnState) genericFuncValue(e ast.Expr) bool {
	id, f := fs.c.genericFuncIdent(e)
	if id == nil {
		return false
	}
	idx, ok := fs.c.genericCallee(id, f)
	if !ok {
		return false
	}
	fs.emit(vm.OpFuncVal, idx, 0, 0, 1)
	return true
}

// instantiatedFuncValue pushes f[T] (or f[T, U]) as a value, and reports
// false if e is not one: an instantiation of a generic function of the
// program or of library source; for a library function the VM computes
// (cmp.Compare[float64]) it reports that it cannot be a value.
func (fs *fnState) instantiatedFuncValue(e ast.Expr) bool {
	if fs.genericFuncValue(e) {
		return true
	}
	var x ast.Expr
	switch ix := e.(type) {
	case *ast.IndexExpr:
		x = ix.X
	case *ast.IndexListExpr:
		x = ix.X
	}
	var id *ast.Ident
	switch x := unparen(x).(type) {
	case *ast.Ident:
		id = x
	case *ast.SelectorExpr:
		id = x.Sel
	}
	f, ok := fs.c.info.Uses[id].(*types.Func)
	if id == nil || !ok {
		return false
	}
	fs.funcValue(e, f)
	return true
}
