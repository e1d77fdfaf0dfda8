package lang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// errors.Is, As, Unwrap and Join, and fmt.Errorf's %w, as the real
// packages do them (errors/wrap.go, errors/join.go, fmt/errors.go): the
// wrapping errors are the real types (*fmt.wrapError, *fmt.wrapErrors,
// *errors.joinError) with their methods compiled as functions of the
// program. errors.Is, the walk of errors.As and errors.AsType are the real
// package's source (lang/srcpkg/errors/wrap.go), which honours Is(error)
// bool and As(any) bool methods and Unwrap() []error trees in Go's order:
// the walks are plain Go, so they are written as Go rather than assembled
// here. What reflectlite does for them is done here: whether Is's target
// is comparable (errors.targetComparable) and, for As, the checks of the
// target's type, known statically.
//
// The model simplifies: errors.As wants a target whose static type is a
// pointer (&v, p, new(T)), not one held in an interface; fmt.Errorf
// evaluates its %w operands before the others.

func init() {
	supportedAPI["errors"] = "errors.New, errors.As, errors.Unwrap, errors.Join"
	realAPI["errors"] = "ErrUnsupported"
	supportedAPI["fmt"] += ", fmt.Stringer"
	realAPI["fmt"] = strings.Replace(realAPI["fmt"], " Stringer", "", 1)
	libHandlers["errors.targetComparable"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.exprTo(call.Args[0], errorType)
		fs.setPos(call.Lparen)
		fs.hostOp("errors.comparable")
		return 1
	}
	libHandlers["errors.Unwrap"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.exprTo(call.Args[0], errorType)
		fs.setPos(call.Lparen)
		fs.unwrapOne()
		return 1
	}
	libHandlers["errors.As"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.errorsAs(call)
		return 1
	}
	libHandlers["errors.Join"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.args(call, ce.sig)
		fs.setPos(call.Lparen)
		fs.call(fs.c.errorsJoinFn(call.Lparen), 1, 1, 8)
		return 1
	}
}

// declareErrors adds As, Unwrap and Join to the errors package (Is is
// source: lang/srcpkg/errors), and fmt.Stringer to fmt.
func (l *libs) declareErrors() {
	fp := l.fmt
	str := types.NewFunc(token.NoPos, fp, "String", types.NewSignatureType(nil, nil, nil, nil,
		types.NewTuple(types.NewParam(token.NoPos, fp, "", types.Typ[types.String])), false))
	stringer := types.NewNamed(types.NewTypeName(token.NoPos, fp, "Stringer", nil), types.NewInterfaceType([]*types.Func{str}, nil).Complete(), nil)
	fp.Scope().Insert(stringer.Obj())

	ep := l.errors
	errT := errorType
	par := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, ep, name, t) }
	res := func(t types.Type) *types.Tuple { return types.NewTuple(par("", t)) }
	add := func(name string, params *types.Tuple, results *types.Tuple, variadic bool) {
		ep.Scope().Insert(types.NewFunc(token.NoPos, ep, name, types.NewSignatureType(nil, nil, nil, params, results, variadic)))
	}
	add("As", types.NewTuple(par("err", errT), par("target", anyType)), res(types.Typ[types.Bool]), false)
	add("Unwrap", types.NewTuple(par("err", errT)), res(errT), false)
	add("Join", types.NewTuple(par("errs", types.NewSlice(errT))), res(errT), true)
}

// The interface errors.Unwrap looks for.
var unwrapIface = methodIface("Unwrap", nil, errorType)

func methodIface(name string, params *types.Tuple, result types.Type) *types.Interface {
	sig := types.NewSignatureType(nil, nil, nil, params, types.NewTuple(types.NewParam(token.NoPos, nil, "", result)), false)
	return types.NewInterfaceType([]*types.Func{types.NewFunc(token.NoPos, nil, name, sig)}, nil).Complete()
}

// hostOp emits the host function name (vm/host_*.go).
func (fs *fnState) hostOp(name string) {
	i, pop, push, ok := vm.Host(name)
	if !ok {
		fs.internal("no host function " + name)
	}
	fs.emitOp(vm.OpHost, i, 0, pop, push)
}

// unwrapOne replaces the error on top of the stack by errors.Unwrap of it.
func (fs *fnState) unwrapOne() {
	tmp := fs.newSlot(8)
	none, end := fs.newLabel(), fs.newLabel()
	fs.emit(vm.OpStore, tmp, 0, 1, 0)
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.assertTo(unwrapIface, errorType, vm.AssertTest, 0)
	fs.jump(vm.OpJumpIfNot, none)
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.ifaceMethod("Unwrap", 0, 1)
	fs.jump(vm.OpJump, end)
	fs.bind(none)
	fs.pushInt(0)
	fs.bind(end)
}

// ifaceMethod calls method name of the interface value under its nargs
// arguments.
func (fs *fnState) ifaceMethod(name string, nargs, nres int) {
	fs.noteCall(8 * (nargs + 1))
	fs.emit(vm.OpIfaceCall, fs.c.str(name), vm.CallSlots(nargs, nres), nargs+1, nres)
}

// errorsAs compiles errors.As(err, target) as a call of the source's
// asPointer[T] (lang/srcpkg/errors/wrap.go) for a target of static type
// *T, after the checks the real As makes with reflectlite, which the
// static type answers: a target As rejects whatever its value calls
// asInvalid with As's panic.
func (fs *fnState) errorsAs(call *ast.CallExpr) {
	c := fs.c
	lookup := func(name string) *types.Func { return c.libs.errors.Scope().Lookup(name).(*types.Func) }
	target := call.Args[1]
	tt := c.info.TypeOf(target)
	invalid := func(msg string) {
		fs.exprTo(call.Args[0], errorType)
		fs.pushStr(msg)
		idx, _ := c.funcOf(lookup("asInvalid"))
		fs.setPos(call.Lparen)
		fs.call(idx, 2, 1, 32)
	}
	if c.info.Types[target].IsNil() {
		invalid("errors: target cannot be nil")
		return
	}
	if types.IsInterface(tt) {
		c.unsupported(target.Pos(), "errors.As with a target held in an interface", "pass a pointer: &v of a variable v")
		fs.pushInt(0)
		return
	}
	ptr, ok := tt.Underlying().(*types.Pointer)
	if !ok {
		invalid("errors: target must be a non-nil pointer")
		return
	}
	elem := ptr.Elem()
	if !types.IsInterface(elem) && !types.Implements(elem, errorType.Underlying().(*types.Interface)) {
		// The pointer's nil-ness still decides the panic: As checks it first.
		fs.exprTo(call.Args[0], errorType)
		fs.expr(target)
		isNil, end := fs.newLabel(), fs.newLabel()
		fs.jump(vm.OpJumpIfNot, isNil)
		fs.pushStr("errors: *target must be interface or implement error")
		fs.jump(vm.OpJump, end)
		fs.bind(isNil)
		fs.pushStr("errors: target must be a non-nil pointer")
		fs.bind(end)
		idx, _ := c.funcOf(lookup("asInvalid"))
		fs.setPos(call.Lparen)
		fs.call(idx, 2, 1, 32)
		return
	}
	f := lookup("asPointer")
	if !c.isGeneric(f) {
		fs.internal("errors.asPointer is not a generic function of source")
	}
	idx := c.instanceWith(f, []types.Type{elem})
	tmp := fs.newSlot(8)
	fs.exprTo(call.Args[0], errorType)
	fs.expr(target)
	fs.emit(vm.OpStore, tmp, 0, 1, 0)
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.setPos(target.Pos())
	fs.emitOp(vm.OpMakeIface, c.typeID(tt), 0, 1, 1)
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.setPos(call.Lparen)
	fs.call(idx, 3, 1, 40)
}

// synthMethod compiles a method of a library error type: the receiver
// (an object) in local 0; body emits the rest, leaving the result.
func (c *compiler) synthMethod(name string, pos token.Pos, body func(fs *fnState)) int32 {
	fs := c.newFnState(nil, name, -1)
	fs.decl = pos
	fs.setPos(pos)
	fs.nparams, fs.nresults = 1, 1
	fs.newSlot(8)
	body(fs)
	fs.emit(vm.OpReturn, 0, 0, 1, 0)
	return fs.finish()
}

// synthType declares a library error type whose values are objects:
// Error returns slot 0's text (or, for joinError, joins its errors'),
// Unwrap returns slot 1 (or slot 0 for joinError).
func (c *compiler) synthType(name string, pos token.Pos) int32 {
	if id, ok := c.synthTypes[name]; ok {
		return id
	}
	id := int32(len(c.prog.Types))
	c.synthTypes[name] = id
	c.ifaceTypes = append(c.ifaceTypes, types.NewPointer(types.NewStruct(nil, nil)))
	c.prog.Types = append(c.prog.Types, vm.TypeInfo{Name: name, Kind: vm.KindPtr, Comparable: true, Elem: -1, Key: -1, Layout: -1})
	recv := strings.TrimPrefix(name, "*")
	pkg, typ, _ := strings.Cut(recv, ".")
	prefix := pkg + ".(*" + typ + ")."
	field := func(slot int32) func(fs *fnState) {
		return func(fs *fnState) {
			fs.emit(vm.OpLoad, 0, 0, 0, 1)
			fs.emit(vm.OpField, slot, 0, 1, 1)
		}
	}
	errFn := field(0)
	unwrapSlot := int32(1)
	unwrapRes := types.Type(errorType)
	switch name {
	case "*errors.joinError":
		errFn = joinErrorText
		unwrapSlot = 0
		unwrapRes = types.NewSlice(errorType)
	case "*fmt.wrapErrors":
		unwrapRes = types.NewSlice(errorType)
	}
	sigOf := func(res types.Type) int32 {
		return c.sigID(types.NewFunc(token.NoPos, nil, "m", types.NewSignatureType(nil, nil, nil, nil, types.NewTuple(types.NewParam(token.NoPos, nil, "", res)), false)))
	}
	c.prog.Types[id].Methods = []vm.Method{
		{Name: c.str("Error"), Fn: c.synthMethod(prefix+"Error", pos, errFn), Copy: -1, Sig: sigOf(types.Typ[types.String])},
		{Name: c.str("Unwrap"), Fn: c.synthMethod(prefix+"Unwrap", pos, field(unwrapSlot)), Copy: -1, Sig: sigOf(unwrapRes)},
	}
	return id
}

// joinErrorText is (*errors.joinError).Error: its errors' texts joined
// with newlines.
func joinErrorText(fs *fnState) {
	s, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.emit(vm.OpLoad, 0, 0, 0, 1)
	fs.emit(vm.OpField, 0, 0, 1, 1)
	fs.emit(vm.OpStore, s, 0, 1, 0)
	fs.pushStr("")
	fs.emit(vm.OpLoad, s, 0, 0, 1)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, token.NoPos, nil, func(post, end *label) {
		first := fs.newLabel()
		fs.emit(vm.OpLoad, hi, 0, 0, 1)
		fs.jump(vm.OpJumpIfNot, first)
		fs.pushStr("\n")
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
		fs.bind(first)
		fs.emit(vm.OpLoad, s, 0, 0, 1)
		fs.emit(vm.OpLoad, hi, 0, 0, 1)
		fs.emit(vm.OpSliceIndex, 0, 0, 2, 1)
		fs.ifaceMethod("Error", 0, 1)
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	})
}

// errorsJoinFn compiles errors.Join(errs []error) error.
func (c *compiler) errorsJoinFn(pos token.Pos) int32 {
	if c.errorsJoin > 0 {
		return c.errorsJoin - 1
	}
	fs := c.newFnState(nil, "errors.Join", -1)
	fs.decl = pos
	fs.setPos(pos)
	c.errorsJoin = fs.idx + 1
	fs.nparams, fs.nresults = 1, 1
	fs.newSlot(8)
	out, hn, hi, e := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.pushInt(0)
	fs.emit(vm.OpStore, out, 0, 1, 0)
	fs.emit(vm.OpLoad, 0, 0, 0, 1)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, token.NoPos, nil, func(post, end *label) {
		fs.emit(vm.OpLoad, 0, 0, 0, 1)
		fs.emit(vm.OpLoad, hi, 0, 0, 1)
		fs.emit(vm.OpSliceIndex, 0, 0, 2, 1)
		fs.emit(vm.OpStore, e, 0, 1, 0)
		fs.emit(vm.OpLoad, e, 0, 0, 1)
		fs.jump(vm.OpJumpIfNot, post)
		fs.emit(vm.OpLoad, out, 0, 0, 1)
		fs.emit(vm.OpLoad, e, 0, 0, 1)
		fs.emitOp(vm.OpAppend, 1, 16<<1, 2, 1)
		fs.emit(vm.OpStore, out, 0, 1, 0)
	})
	none := fs.newLabel()
	fs.emit(vm.OpLoad, out, 0, 0, 1)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.jump(vm.OpJumpIfNot, none)
	fs.emitOp(vm.OpNewObj, 1, 0, 0, 1)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpLoad, out, 0, 0, 1)
	fs.emit(vm.OpSetField, 0, 0, 2, 0)
	fs.emitOp(vm.OpMakeIface, c.synthType("*errors.joinError", pos), 0, 1, 1)
	fs.emit(vm.OpReturn, 0, 0, 1, 0)
	fs.bind(none)
	fs.pushInt(0)
	fs.emit(vm.OpReturn, 0, 0, 1, 0)
	return fs.finish()
}

// wrapErrorf compiles fmt.Errorf with %w verbs (false if it has none):
// a *fmt.wrapError (one %w) or *fmt.wrapErrors (several) holding the
// text and the wrapped errors.
func (fs *fnState) wrapErrorf(call *ast.CallExpr) bool {
	c := fs.c
	if len(call.Args) == 0 {
		return false
	}
	tv := c.info.Types[call.Args[0]]
	if tv.Value == nil || tv.Value.Kind() != constant.String {
		return false
	}
	var wrapped []ast.Expr
	format := constant.StringVal(tv.Value)
	argi := 1
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		i++
		for i < len(format) && strings.IndexByte("-+# 0123456789", format[i]) >= 0 {
			i++
		}
		if i >= len(format) || format[i] == '%' {
			continue
		}
		if format[i] == 'w' && argi < len(call.Args) {
			wrapped = append(wrapped, call.Args[argi])
		}
		argi++
	}
	if len(wrapped) == 0 {
		return false
	}
	// The wrapped operands are evaluated once, first, into temporaries
	// that both the text and the wrapped errors read.
	if fs.subst == nil {
		fs.subst = map[ast.Expr]int32{}
	}
	for _, w := range wrapped {
		if _, done := fs.subst[w]; done || c.info.Types[w].Value != nil || c.info.Types[w].IsNil() {
			continue
		}
		fs.expr(w)
		tmp := fs.newSlot(c.slotSize(c.info.TypeOf(w)))
		fs.emit(vm.OpStore, tmp, 0, 1, 0)
		fs.subst[w] = tmp
	}
	fs.emitOp(vm.OpNewObj, 2, 0, 0, 1)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.fmtCall(call, "fmt.Errorf")
	fs.emit(vm.OpSetField, 0, 0, 2, 0)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	name := "*fmt.wrapError"
	if len(wrapped) == 1 {
		fs.exprTo(wrapped[0], errorType)
	} else {
		name = "*fmt.wrapErrors"
		fs.pushInt(int64(len(wrapped)))
		fs.pushInt(int64(len(wrapped)))
		fs.emitOp(vm.OpMakeSlice, -1, 0, 2, 1)
		for i, w := range wrapped {
			fs.emit(vm.OpDup, 0, 0, 1, 2)
			fs.pushInt(int64(i))
			fs.exprTo(w, errorType)
			fs.emit(vm.OpSliceStore, 0, 0, 3, 0)
		}
	}
	fs.emit(vm.OpSetField, 1, 0, 2, 0)
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpMakeIface, c.synthType(name, call.Lparen), 0, 1, 1)
	return true
}
