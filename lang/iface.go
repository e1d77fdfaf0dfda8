package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"regexp"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// Interfaces (vm/iface.go): any, error and the program's own interface
// types, named or not, embedded or not. A concrete value becomes an
// interface value where Go converts it implicitly (assignment, return,
// argument, literal element, send, append, comparison with an interface);
// a conversion between interface types keeps the value. A method call
// dispatches on the dynamic type's method table, which is the method set
// go/types computes (a pointer receiver's methods only for *T). Type
// assertions (typeswitch.go too) name a run-time type (Program.Types),
// concrete or interface; equality compares dynamic types and values.
//
// Every type that can be held in an interface gets a run-time descriptor
// (typeID): its name as the runtime spells it, its kind and parts (for
// fmt, == and printpanicval) and its methods with their signatures (for
// assertions to interfaces).
//
// A method promoted from an embedded field is called through a wrapper
// (main.T.M or main.(*T).M, as the Go compiler names it) that follows the
// path to the embedded value and calls its method, the embedded
// interface's too. The model simplifies: methods of library types
// promoted through embedding (a struct embedding sync.Mutex) are not in
// the table, and interface values cannot be map keys.

var errorType = types.Universe.Lookup("error").Type()

// isError reports whether t is the error interface.
func isError(t types.Type) bool { return t != nil && types.Identical(t, errorType) }

// stringerType is fmt.Stringer's interface.
var stringerType = types.NewInterfaceType([]*types.Func{
	types.NewFunc(token.NoPos, nil, "String", types.NewSignatureType(nil, nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, nil, "", types.Typ[types.String])), false)),
}, nil).Complete()

// anyType is interface{}.
var anyType = types.NewInterfaceType(nil, nil).Complete()

var (
	anyWord     = regexp.MustCompile(`\bany\b`)
	byteWord    = regexp.MustCompile(`\bbyte\b`)
	runeWord    = regexp.MustCompile(`\brune\b`)
	structBrace = regexp.MustCompile(`struct\{([^{}]+)\}`)
)

// rtypeName spells t as the runtime's type strings do (%T, panics):
// "interface {}", "struct {}", "struct { A int }", "[]uint8" for []byte
// (the runtime knows no aliases), packages by name.
func rtypeName(t types.Type) string {
	s := types.TypeString(unnamedParams(t), func(p *types.Package) string { return p.Name() })
	s = anyWord.ReplaceAllString(s, "interface {}")
	s = byteWord.ReplaceAllString(s, "uint8")
	s = runeWord.ReplaceAllString(s, "int32")
	s = strings.ReplaceAll(s, "interface{}", "interface {}")
	s = strings.ReplaceAll(s, "struct{}", "struct {}")
	s = structBrace.ReplaceAllString(s, "struct { $1 }")
	return s
}

// unnamedParams is t with the parameters and results of the func types in
// it unnamed, as reflect names func types: func(string, ...interface {})
// (int, error), not func(format string, a ...any) (n int, err error).
// Named types are left whole; so are struct fields, for brevity.
func unnamedParams(t types.Type) types.Type {
	switch u := t.(type) {
	case *types.Signature:
		strip := func(tu *types.Tuple) *types.Tuple {
			vars := make([]*types.Var, tu.Len())
			for i := range vars {
				vars[i] = types.NewParam(token.NoPos, nil, "", unnamedParams(tu.At(i).Type()))
			}
			return types.NewTuple(vars...)
		}
		return types.NewSignatureType(nil, nil, nil, strip(u.Params()), strip(u.Results()), u.Variadic())
	case *types.Slice:
		return types.NewSlice(unnamedParams(u.Elem()))
	case *types.Array:
		return types.NewArray(unnamedParams(u.Elem()), u.Len())
	case *types.Pointer:
		return types.NewPointer(unnamedParams(u.Elem()))
	case *types.Map:
		return types.NewMap(unnamedParams(u.Key()), unnamedParams(u.Elem()))
	case *types.Chan:
		return types.NewChan(u.Dir(), unnamedParams(u.Elem()))
	}
	return t
}

// sigID is the Program.Strings index of method m's signature without its
// receiver and parameter names, as an assertion compares them.
func (c *compiler) sigID(m *types.Func) int32 {
	sig := m.Type().(*types.Signature)
	strip := func(tu *types.Tuple) *types.Tuple {
		vars := make([]*types.Var, tu.Len())
		for i := range vars {
			vars[i] = types.NewParam(token.NoPos, nil, "", tu.At(i).Type())
		}
		return types.NewTuple(vars...)
	}
	s := types.NewSignatureType(nil, nil, nil, strip(sig.Params()), strip(sig.Results()), sig.Variadic())
	return c.str(types.TypeString(s, func(p *types.Package) string { return p.Path() }))
}

// typeID is the Program.Types index of type t, its descriptor made (with
// those of its parts) the first time.
func (c *compiler) typeID(t types.Type) int32 {
	for i, x := range c.ifaceTypes {
		if types.Identical(x, t) {
			return int32(i)
		}
	}
	id := int32(len(c.prog.Types))
	c.ifaceTypes = append(c.ifaceTypes, t)
	c.prog.Types = append(c.prog.Types, vm.TypeInfo{Name: rtypeName(t), Elem: -1, Key: -1, Layout: -1})
	info := vm.TypeInfo{Name: rtypeName(t), Elem: -1, Key: -1, Layout: -1, Comparable: types.Comparable(t)}
	_, info.Named = types.Unalias(t).(*types.Named)
	if it, ok := t.Underlying().(*types.Interface); ok {
		info.Iface, info.Kind = true, vm.KindIface
		for i := 0; i < it.NumMethods(); i++ {
			m := it.Method(i)
			info.Methods = append(info.Methods, vm.Method{Name: c.str(m.Name()), Fn: -1, Copy: -1, Sig: c.sigID(m)})
		}
		c.prog.Types[id] = info
		return id
	}
	c.describe(&info, t)
	ms := types.NewMethodSet(t)
	for i := 0; i < ms.Len(); i++ {
		sel := ms.At(i)
		if len(sel.Index()) > 1 {
			if fn, ok := c.promotedMethod(t, sel); ok {
				info.Methods = append(info.Methods, vm.Method{Name: c.str(sel.Obj().Name()), Fn: fn, Copy: -1, Sig: c.sigID(sel.Obj().(*types.Func))})
			}
			continue
		}
		_, idx, ok := c.userMethod(sel)
		if !ok {
			// A hand-made library method an interface can hold
			// (*sync.Mutex as a sync.Locker: srcpkg_sync.go).
			if idx, ok = c.libMethodFunc(sel.Obj().(*types.Func)); !ok {
				continue
			}
		}
		cp := int32(-1)
		if _, ptr := recvNamed(sel.Obj().(*types.Func)); !ptr {
			if n, _ := recvNamed(sel.Obj().(*types.Func)); c.isStructKind(n) {
				cp = c.layout(n)
			}
		}
		info.Methods = append(info.Methods, vm.Method{Name: c.str(sel.Obj().Name()), Fn: idx, Copy: cp, Sig: c.sigID(sel.Obj().(*types.Func))})
	}
	c.prog.Types[id] = info
	return id
}

// describe fills in the kind and parts of concrete type t.
func (c *compiler) describe(info *vm.TypeInfo, t types.Type) {
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch b.Kind() {
		case types.Float64, types.Float32, types.UntypedFloat:
			info.Kind, info.Bits = vm.KindFloat, 64
			if b.Kind() == types.Float32 {
				info.Bits = 32
			}
			return
		}
	}
	k, _ := c.kindOf(t)
	switch k {
	case kInt:
		bits, signed := intBits(t)
		info.Bits = int8(bits)
		info.Kind = vm.KindInt
		if !signed {
			info.Kind = vm.KindUint
		}
		if types.Identical(t, c.libs.duration) {
			info.Kind = vm.KindDuration
		}
	case kBool:
		info.Kind = vm.KindBool
	case kString:
		info.Kind = vm.KindString
	case kEmpty:
		info.Kind = vm.KindStruct
	case kStruct:
		info.Kind = vm.KindStruct
		info.Layout = c.layout(t)
		s := structOf(t)
		for i := 0; i < s.NumFields(); i++ {
			f := s.Field(i)
			info.Fields = append(info.Fields, vm.Field{Name: f.Name(), Type: c.typeID(f.Type()), Exported: f.Exported()})
		}
	case kObjPtr:
		info.Kind = vm.KindPtr
		info.Elem = c.typeID(t.Underlying().(*types.Pointer).Elem())
	case kArray:
		a := arrayOf(t)
		info.Kind = vm.KindArray
		info.Layout = c.layout(t)
		info.Len = int(a.Len())
		info.Elem = c.typeID(a.Elem())
	case kSlice:
		info.Kind = vm.KindSlice
		info.Elem = c.typeID(sliceElem(t))
	case kMap:
		info.Kind = vm.KindMap
		kt, et := mapTypes(t)
		info.Key, info.Elem = c.typeID(kt), c.typeID(et)
	case kChan:
		info.Kind = vm.KindChan
	case kFunc:
		info.Kind = vm.KindFunc
	case kIface:
		info.Kind = vm.KindIface
	}
}

// errorStringID is the type id of errors.New's values.
func (c *compiler) errorStringID() int32 {
	if c.errString < 0 {
		c.errString = int32(len(c.prog.Types))
		c.ifaceTypes = append(c.ifaceTypes, types.NewPointer(types.NewStruct(nil, nil)))
		c.prog.Types = append(c.prog.Types, vm.TypeInfo{Name: "*errors.errorString", ErrorString: true, Kind: vm.KindPtr, Comparable: true, Elem: -1, Key: -1, Layout: -1})
	}
	return c.errString
}

// exprTo pushes e converted to type to: a concrete value assigned to an
// interface becomes an interface value.
func (fs *fnState) exprTo(e ast.Expr, to types.Type) {
	c := fs.c
	from := c.info.TypeOf(e)
	if to == nil || !types.IsInterface(to) || from == nil || types.IsInterface(from) || c.info.Types[e].IsNil() {
		fs.expr(e)
		return
	}
	if tv := c.info.Types[e]; tv.Value != nil {
		// An untyped constant gets its default type (int, string, …).
		from = types.Default(from)
		c.info.Types[e] = types.TypeAndValue{Type: from, Value: tv.Value}
		defer func() { c.info.Types[e] = tv }()
	}
	fs.expr(e)
	fs.setPos(e.Pos())
	fs.emitOp(vm.OpMakeIface, c.typeID(from), 0, 1, 1)
}

// ifaceCall compiles x.M(args) on an interface value.
func (fs *fnState) ifaceCall(call *ast.CallExpr, ce callee) int {
	fs.expr(ce.recv)
	n := fs.args(call, ce.sig)
	fs.setPos(call.Lparen)
	fs.noteCall(8 * (n + 1))
	nres := ce.sig.Results().Len()
	fs.emit(vm.OpIfaceCall, fs.c.str(ce.sel.Obj().Name()), fs.callSlots(call.Lparen, n, nres), n+1, nres)
	return nres
}

// fmtError replaces the error on top of the stack by its text: its Error
// method's result, or <nil> (as %v prints it).
func (fs *fnState) fmtError() { fs.fmtAny('v', 0, "") }

// errorsCall compiles errors.New and fmt.Errorf (false for other keys).
func (fs *fnState) errorsCall(call *ast.CallExpr, key string) (int, bool) {
	switch key {
	case "errors.New":
		fs.expr(call.Args[0])
	case "fmt.Errorf":
		if fs.errorfRuntime(call) || fs.wrapErrorf(call) {
			return 1, true
		}
		fs.fmtCall(call, key)
	default:
		return 0, false
	}
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpMakeIface, fs.c.errorStringID(), 0, 1, 1)
	return 1, true
}

// ifaceEq compares two interface values (op is == or !=).
func (fs *fnState) ifaceEq(e *ast.BinaryExpr) {
	t := fs.c.info.TypeOf(e.X)
	if !types.IsInterface(t) {
		t = fs.c.info.TypeOf(e.Y)
	}
	fs.exprTo(e.X, t)
	fs.exprTo(e.Y, t)
	fs.setPos(e.OpPos)
	fs.emit(vm.OpIfaceEq, 0, 0, 2, 1)
	if e.Op == token.NEQ {
		fs.emit(vm.OpNot, 0, 0, 1, 1)
	}
}

// typeAssert compiles x.(T) (mode 0: panics if it fails), v, ok := x.(T)
// (vm.AssertOK) or only the test (vm.AssertTest).
func (fs *fnState) typeAssert(e *ast.TypeAssertExpr, mode int32) {
	c := fs.c
	target := c.info.TypeOf(e.Type)
	if k, why := c.kindOf(target); k == kBad {
		c.badType(e.Type.Pos(), why)
	}
	fs.expr(e.X)
	fs.assertTo(target, c.info.TypeOf(e.X), mode, e.Lparen)
}

// assertTo asserts the interface value on top of the stack (of type src)
// to target.
func (fs *fnState) assertTo(target, src types.Type, mode int32, pos token.Pos) {
	c := fs.c
	push := 1
	if mode == vm.AssertOK {
		push = 2
	}
	fs.setPos(pos)
	fs.emitOp(vm.OpAssert, c.typeID(target), c.typeID(src)<<2|mode, 1, push)
}

// promotedMethod compiles the wrapper of method sel promoted into type t
// from an embedded field.
func (c *compiler) promotedMethod(t types.Type, sel *types.Selection) (int32, bool) {
	m := sel.Obj().(*types.Func)
	sig := m.Type().(*types.Signature)
	path := sel.Index()[:len(sel.Index())-1]
	base := t
	if p, ok := t.Underlying().(*types.Pointer); ok {
		base = p.Elem()
	}
	bn, ok := types.Unalias(base).(*types.Named)
	if !ok || (bn.Obj().Pkg() != c.pkg && !c.libs.fromSource(bn.Obj())) {
		return 0, false
	}
	prefix := bn.Obj().Pkg().Path() + "." // main, or a library package written in source (srcpkg.go)
	name := prefix + bn.Obj().Name() + "." + m.Name()
	if isPointer(t) {
		name = prefix + "(*" + bn.Obj().Name() + ")." + m.Name()
	}
	if fn, ok := c.promoted[name]; ok {
		return fn, true
	}
	// The embedded field's type at the end of the path.
	ft := base
	for _, i := range path {
		if p, ok := ft.Underlying().(*types.Pointer); ok {
			ft = p.Elem()
		}
		s, ok := ft.Underlying().(*types.Struct)
		if !ok {
			return 0, false
		}
		ft = s.Field(i).Type()
	}
	_, idx, user := c.userMethod(sel)
	if !user && !types.IsInterface(ft) {
		return 0, false // a library type's method
	}
	fs := c.newFnState(nil, name, -1)
	c.promoted[name] = fs.idx
	fs.decl = m.Pos()
	fs.setPos(m.Pos())
	fs.nparams = 1 + sig.Params().Len()
	fs.nresults = sig.Results().Len()
	fs.newSlot(8)
	for i := 0; i < sig.Params().Len(); i++ {
		fs.newSlot(c.slotSize(sig.Params().At(i).Type()))
	}
	fs.emit(vm.OpLoad, 0, 0, 0, 1)
	fs.fieldPath(path)
	if user {
		if n, ptr := recvNamed(m); !ptr && c.isStructKind(n) {
			fs.emit(vm.OpObjCopy, c.layout(n), 0, 1, 1)
		}
	}
	for i := 0; i < sig.Params().Len(); i++ {
		fs.emit(vm.OpLoad, int32(i+1), 0, 0, 1)
	}
	n := sig.Params().Len()
	if user {
		fs.call(idx, n+1, fs.nresults, c.sigArgBytes(sig)+8)
	} else {
		fs.noteCall(8 * (n + 1))
		fs.emit(vm.OpIfaceCall, c.str(m.Name()), fs.callSlots(m.Pos(), n, fs.nresults), n+1, fs.nresults)
	}
	fs.emit(vm.OpReturn, 0, 0, fs.nresults, 0)
	return fs.finish(), true
}

// ifaceMethodValue pushes the method value x.M of an interface value x:
// a closure over x (a nil x panics now, as Go's does) that calls M
// dynamically (I.M-fm).
func (fs *fnState) ifaceMethodValue(e *ast.SelectorExpr, sel *types.Selection) {
	c := fs.c
	m := sel.Obj().(*types.Func)
	sig := m.Type().(*types.Signature)
	name := rtypeName(sel.Recv()) + "." + m.Name() + "-fm"
	w, ok := c.promoted[name]
	if !ok {
		wf := c.newFnState(nil, name, -1)
		w = wf.idx
		c.promoted[name] = w
		wf.decl = e.Sel.Pos()
		wf.setPos(e.Sel.Pos())
		n := sig.Params().Len()
		wf.nparams, wf.nresults = n, sig.Results().Len()
		for i := 0; i < n; i++ {
			wf.newSlot(c.slotSize(sig.Params().At(i).Type()))
		}
		wf.emit(vm.OpLoadFree, 0, 0, 0, 1)
		for i := 0; i < n; i++ {
			wf.emit(vm.OpLoad, int32(i), 0, 0, 1)
		}
		wf.noteCall(8 * (n + 1))
		wf.emit(vm.OpIfaceCall, c.str(m.Name()), wf.callSlots(e.Sel.Pos(), n, wf.nresults), n+1, wf.nresults)
		wf.emit(vm.OpReturn, 0, 0, wf.nresults, 0)
		wf.finish()
	}
	fs.expr(e.X)
	fs.setPos(e.Sel.Pos())
	// A nil interface panics here (a nil dereference): x.M reads x's
	// method now.
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpField, 0, 0, 1, 1)
	fs.emit(vm.OpPop, 0, 0, 1, 0)
	s := fs.newSlot(8)
	fs.emitOp(vm.OpNewBox, s, 0, 1, 0)
	fs.emit(vm.OpLocalRef, s, 0, 0, 1)
	fs.emitOp(vm.OpClosure, w, 1, 1, 1)
}
