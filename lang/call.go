package lang

import (
	"go/ast"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// What a call expression calls.
type calleeKind uint8

const (
	ckDynamic calleeKind = iota // a func value
	ckStatic                    // a package-level function
	ckConv                      // a conversion T(x)
	ckBuiltin                   // len, close, make, panic, println, …
	ckLib                       // a function or method of the library
	ckSkipped                   // a function that is not compiled (reported)
	ckMethod                    // a method of the program's own types (method.go)
	ckIface                     // a method of an interface value (iface.go)
)

type callee struct {
	kind    calleeKind
	fn      int32            // ckStatic
	builtin string           // ckBuiltin
	lib     *types.Func      // ckLib
	recv    ast.Expr         // ckLib, ckMethod: the receiver expression
	sel     *types.Selection // ckMethod
	sig     *types.Signature
}

func (c *compiler) classify(call *ast.CallExpr) callee {
	fun := unparen(call.Fun)
	if tv, ok := c.info.Types[fun]; ok && tv.IsType() {
		return callee{kind: ckConv}
	}
	var sig *types.Signature
	if t := c.info.TypeOf(fun); t != nil {
		sig, _ = t.Underlying().(*types.Signature) // a func type may be named (context.CancelFunc)
	}
	if gid, f := c.genericFuncIdent(fun); gid != nil {
		if idx, ok := c.genericCallee(gid, f); ok {
			return callee{kind: ckStatic, fn: idx, sig: sig}
		}
	}
	if f := c.libGenericFunc(fun); f != nil { // lib_errors_astype.go
		return callee{kind: ckLib, lib: f, sig: sig}
	}
	var id *ast.Ident
	switch f := fun.(type) {
	case *ast.Ident:
		id = f
	case *ast.SelectorExpr:
		if sel := c.info.Selections[f]; sel != nil {
			if sel.Kind() == types.MethodVal {
				if s := c.typeParamMethod(sel); s != nil {
					if _, idx, ok := c.userMethod(s); ok {
						return callee{kind: ckMethod, fn: idx, recv: f.X, sel: s, sig: sig}
					}
					if m, ok := s.Obj().(*types.Func); ok && c.libs.isLib(m.Pkg()) {
						return callee{kind: ckLib, lib: m, recv: f.X, sig: sig}
					}
					if types.IsInterface(s.Recv()) {
						return callee{kind: ckIface, recv: f.X, sel: s, sig: sig}
					}
					return callee{kind: ckDynamic, sig: sig}
				}
				if types.IsInterface(sel.Recv()) {
					return callee{kind: ckIface, recv: f.X, sel: sel, sig: sig}
				}
				if _, idx, ok := c.userMethod(sel); ok {
					return callee{kind: ckMethod, fn: idx, recv: f.X, sel: sel, sig: sig}
				}
				if m, ok := sel.Obj().(*types.Func); ok && c.libs.isLib(m.Pkg()) {
					if len(sel.Index()) > 1 {
						// A method promoted from an embedded field
						// (c.Lock() of struct{ sync.Mutex }).
						c.embedPath[f.X] = sel.Index()[:len(sel.Index())-1]
					}
					return callee{kind: ckLib, lib: m, recv: f.X, sig: sig}
				}
				if m, ok := sel.Obj().(*types.Func); ok && c.skipped[m] {
					return callee{kind: ckSkipped, sig: sig}
				}
			}
			return callee{kind: ckDynamic, sig: sig}
		}
		id = f.Sel
	}
	if id != nil {
		switch obj := c.info.Uses[id].(type) {
		case *types.Builtin:
			return callee{kind: ckBuiltin, builtin: obj.Name(), sig: sig}
		case *types.Func:
			if idx, ok := c.funcOf(obj); ok {
				return callee{kind: ckStatic, fn: idx, sig: sig}
			}
			if c.libs.isLib(obj.Pkg()) {
				return callee{kind: ckLib, lib: obj, sig: sig}
			}
			if c.skipped[obj] {
				return callee{kind: ckSkipped, sig: sig}
			}
		}
	}
	return callee{kind: ckDynamic, sig: sig}
}

// callExpr compiles a call and returns how many values it pushed. want is
// how many the context uses: 0 (a statement), 1 (a value) or -1 (all).
func (fs *fnState) callExpr(call *ast.CallExpr, want int) int {
	c := fs.c
	ce := c.classify(call)
	if call.Ellipsis.IsValid() && ce.kind == ckLib && !spreadable[libKey(ce.lib)] {
		c.unsupported(call.Ellipsis, "f(xs...) of a library function", "pass the arguments one by one")
	}
	switch ce.kind {
	case ckConv:
		fs.conversion(call)
		return 1
	case ckBuiltin:
		return fs.builtin(call, ce.builtin, want)
	case ckLib:
		return fs.libCall(call, ce, want)
	case ckSkipped:
		n := 0
		if ce.sig != nil {
			n = ce.sig.Results().Len()
		}
		for range n {
			fs.pushInt(0)
		}
		return n
	}
	if ce.sig == nil {
		c.unsupported(call.Pos(), "this call", supExprs)
		return 0
	}
	if k, why := c.kindOf(ce.sig); k == kBad {
		c.badType(call.Pos(), why)
	}
	nres := ce.sig.Results().Len()
	if ce.kind == ckIface {
		return fs.ifaceCall(call, ce)
	}
	if ce.kind == ckMethod {
		fs.pushRecv(ce.sel, ce.recv)
		nargs := fs.args(call, ce.sig)
		fs.setPos(call.Lparen)
		fs.markSite(call)
		fs.call(ce.fn, nargs+1, nres, c.sigArgBytes(ce.sig)+8)
		return nres
	}
	if ce.kind == ckStatic {
		nargs := fs.args(call, ce.sig)
		fs.setPos(call.Lparen)
		fs.markSite(call)
		fs.call(ce.fn, nargs, nres, c.sigArgBytes(ce.sig))
		return nres
	}
	fs.expr(call.Fun)
	nargs := fs.args(call, ce.sig)
	fs.setPos(call.Lparen)
	fs.noteCall(c.sigArgBytes(ce.sig))
	fs.markSite(call)
	fs.emit(vm.OpCallClosure, 0, fs.callSlots(call.Lparen, nargs, nres), nargs+1, nres)
	return nres
}

// args pushes a call's arguments and returns how many slots they take.
// A variadic function's extra arguments are packed into a new slice (nil
// if there are none), as Go does; f(xs...) passes xs itself.
func (fs *fnState) args(call *ast.CallExpr, sig *types.Signature) int {
	if len(call.Args) == 1 && sig != nil && sig.Params().Len() > 1 && !sig.Variadic() {
		return fs.exprN(call.Args[0]) // f(g()) with a multi-value g
	}
	if sig == nil || !sig.Variadic() || call.Ellipsis.IsValid() {
		for i, a := range call.Args {
			if sig != nil && i < sig.Params().Len() {
				fs.exprTo(a, sig.Params().At(i).Type())
			} else {
				fs.expr(a)
			}
		}
		return len(call.Args)
	}
	fixed := sig.Params().Len() - 1
	for i, a := range call.Args[:min(fixed, len(call.Args))] {
		fs.exprTo(a, sig.Params().At(i).Type())
	}
	extra := call.Args[min(fixed, len(call.Args)):]
	if len(extra) == 0 {
		fs.pushInt(0)
		return fixed + 1
	}
	fs.pushInt(int64(len(extra)))
	fs.pushInt(int64(len(extra)))
	fs.emit(vm.OpMakeSlice, -1, 0, 2, 1)
	for i, a := range extra {
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.pushInt(int64(i))
		fs.exprTo(a, sliceElem(sig.Params().At(fixed).Type()))
		fs.emit(vm.OpSliceStore, 0, 0, 3, 0)
	}
	return fixed + 1
}

func (fs *fnState) conversion(call *ast.CallExpr) {
	c := fs.c
	to := c.info.TypeOf(call.Fun)
	if len(call.Args) != 1 {
		fs.pushInt(0)
		return
	}
	arg := call.Args[0]
	from := c.info.TypeOf(arg)
	kt, why := c.kindOf(to)
	kf, _ := c.kindOf(from)
	if kt == kBad {
		c.badType(call.Pos(), why)
		fs.pushInt(0)
		return
	}
	if fs.floatConversion(arg, from, to, kf, kt) {
		return
	}
	switch {
	case kt == kIface:
		fs.exprTo(arg, to)
	case kt == kInt && kf == kInt:
		fs.expr(arg)
		fs.truncate(to)
	case kt == kf && kt != kSync, kf == kNil:
		fs.expr(arg)
	case kt == kArray && kf == kSlice:
		fs.expr(arg)
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpSliceToArray, c.layout(to), 0, 1, 1)
	case kt == kString && kf == kInt:
		fs.expr(arg)
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpStrings, vm.StrFromRune, 0, 1, 1)
	case kt == kSlice && kf == kString && isByteOrRune(sliceElem(to)) != 0:
		fs.expr(arg)
		fs.setPos(call.Lparen)
		code := int32(vm.StrToBytes)
		if isByteOrRune(sliceElem(to)) == 'r' {
			code = vm.StrToRunes
		}
		fs.emitOp(vm.OpStrings, code, 0, 1, 1)
	case kt == kString && kf == kSlice && isByteOrRune(sliceElem(from)) != 0:
		fs.expr(arg)
		fs.setPos(call.Lparen)
		code := int32(vm.StrFromBytes)
		if isByteOrRune(sliceElem(from)) == 'r' {
			code = vm.StrFromRunes
		}
		fs.emitOp(vm.OpStrings, code, 0, 1, 1)
	default:
		c.unsupported(call.Pos(), "conversion from "+types.TypeString(from, c.qualifier)+" to "+types.TypeString(to, c.qualifier), "gmplab supports: conversions between integer types and time.Duration, string(rune), []byte and []rune to and from string")
		fs.pushInt(0)
	}
}

func (fs *fnState) builtin(call *ast.CallExpr, name string, want int) int {
	c := fs.c
	fs.setPos(call.Lparen)
	argKind := func(i int) vkind {
		if i >= len(call.Args) {
			return kBad
		}
		k, _ := c.kindOf(c.info.TypeOf(call.Args[i]))
		return k
	}
	switch name {
	case "len", "cap":
		if len(call.Args) == 1 && arrayOf(c.info.TypeOf(call.Args[0])) != nil {
			fs.arrayLen(call.Args[0])
			return 1
		}
		switch argKind(0) {
		case kString:
			if name == "len" {
				fs.expr(call.Args[0])
				fs.setPos(call.Lparen)
				fs.emit(vm.OpSLen, 0, 0, 1, 1)
				return 1
			}
		case kMap:
			if name == "len" {
				fs.expr(call.Args[0])
				fs.setPos(call.Lparen)
				fs.emit(vm.OpMapLen, 0, 0, 1, 1)
				return 1
			}
		case kSlice:
			fs.expr(call.Args[0])
			fs.setPos(call.Lparen)
			op := vm.OpSliceLen
			if name == "cap" {
				op = vm.OpSliceCap
			}
			fs.emit(op, 0, 0, 1, 1)
			return 1
		case kChan:
			fs.expr(call.Args[0])
			fs.setPos(call.Lparen)
			op := vm.OpChanLen
			if name == "cap" {
				op = vm.OpChanCap
			}
			fs.emitOp(op, 0, 0, 1, 1)
			return 1
		}
		c.unsupported(call.Pos(), name+" of "+typeString(c, call.Args[0]), "gmplab supports: len of a string or a map, len and cap of a slice or a channel")
		fs.pushInt(0)
		return 1
	case "close":
		fs.expr(call.Args[0])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpClose, 0, 0, 1, 0)
		return 0
	case "make":
		t := c.info.TypeOf(call.Args[0])
		if k, _ := c.kindOf(t); k == kSlice {
			fs.makeSlice(call, t)
			return 1
		}
		if k, _ := c.kindOf(t); k == kMap {
			if len(call.Args) > 1 {
				fs.expr(call.Args[1])
			} else {
				fs.pushInt(0)
			}
			fs.setPos(call.Lparen)
			fs.emit(vm.OpMakeMap, 0, 0, 1, 1)
			return 1
		}
		if k, why := c.kindOf(t); k != kChan {
			if why == "" {
				why = "make of " + types.TypeString(t, c.qualifier)
			}
			c.unsupported(call.Pos(), why, "gmplab supports: make(chan T), make(chan T, n), make([]T, n), make([]T, n, c)")
			fs.pushInt(0)
			return 1
		}
		// B is the element's size on linux/amd64: makechan's limit on
		// the capacity depends on it.
		elem := int32(types.SizesFor("gc", "amd64").Sizeof(t.Underlying().(*types.Chan).Elem()))
		if len(call.Args) > 1 {
			fs.expr(call.Args[1])
			fs.setPos(call.Lparen)
			fs.emitOp(vm.OpMakeChan, 1, elem, 1, 1)
		} else {
			fs.emitOp(vm.OpMakeChan, 0, elem, 0, 1)
		}
		return 1
	case "new":
		t := c.info.TypeOf(call.Args[0])
		if op, ok := c.syncNewOp(t); ok {
			fs.emitOp(op, 0, 0, 0, 1)
			return 1
		}
		if c.isStructKind(t) {
			fs.zeroValue(t)
			fs.newobject(t)
			return 1
		}
		if k, why := c.kindOf(types.NewPointer(t)); k != kRefPtr {
			c.badType(call.Pos(), why)
			fs.pushInt(0)
			return 1
		}
		fs.zeroValue(t)
		fs.newRef()
		return 1
	case "panic":
		fs.panicCall(call)
		return 0
	case "recover":
		fs.recoverCall(call)
		return 1
	case "print", "println":
		b := &sbuild{fs: fs}
		for i, a := range call.Args {
			if i > 0 && name == "println" {
				b.text(" ")
			}
			fs.printArg(b, a)
		}
		if name == "println" {
			b.text("\n")
		}
		b.done()
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpPrint, 1, 0, 1, 0)
		return 0
	case "min", "max":
		fs.minMax(call, name)
		return 1
	case "append":
		fs.appendCall(call)
		return 1
	case "delete":
		fs.expr(call.Args[0])
		kt, _ := mapTypes(c.info.TypeOf(call.Args[0]))
		fs.mapKey(call.Args[1], kt)
		fs.setPos(call.Lparen)
		fs.emit(vm.OpMapDelete, 0, 0, 2, 0)
		return 0
	case "clear":
		if argKind(0) == kSlice {
			fs.clearSlice(call) // clear.go
			return 0
		}
		if argKind(0) != kMap {
			c.unsupported(call.Pos(), "clear of "+typeString(c, call.Args[0]), "gmplab supports: clear of a map or a slice")
			return 0
		}
		fs.expr(call.Args[0])
		fs.setPos(call.Lparen)
		fs.emit(vm.OpMapClear, 0, 0, 1, 0)
		return 0
	case "copy":
		k, _ := c.kindOf(c.info.TypeOf(call.Args[1]))
		if k != kSlice && k != kString {
			c.unsupported(call.Args[1].Pos(), "copy from "+typeString(c, call.Args[1]), "gmplab supports: copy between slices, and from a string to a []byte")
			fs.pushInt(0)
			return 1
		}
		fs.expr(call.Args[0])
		fs.expr(call.Args[1])
		fs.setPos(call.Lparen)
		if k == kString {
			// copy(b, s) is copy(b, []byte(s)): the same bytes and count.
			fs.emitOp(vm.OpStrings, vm.StrToBytes, 0, 1, 1)
		}
		fs.emit(vm.OpCopySlice, 0, ^c.elemLayout(sliceElem(c.info.TypeOf(call.Args[0]))), 2, 1)
		return 1
	}
	c.unsupported(call.Pos(), "the builtin "+name, "gmplab supports: len, cap, close, make, new, panic, recover, print, println, min, max")
	if want != 0 {
		fs.pushInt(0)
		return 1
	}
	return 0
}

// printArg formats one argument of the builtin print/println.
func (fs *fnState) printArg(b *sbuild, a ast.Expr) {
	c := fs.c
	tv := c.info.Types[a]
	k, _ := c.kindOf(tv.Type)
	switch k {
	case kInt:
		if v, ok := c.constInt(a); ok {
			b.text(itoa(v))
			return
		}
		b.dyn(func() { fs.expr(a); fs.fmtInt(tv.Type) })
	case kBool:
		if tv.Value != nil {
			b.text(tv.Value.ExactString())
			return
		}
		b.dyn(func() { fs.expr(a); fs.emitOp(vm.OpFmtBool, 0, 0, 1, 1) })
	case kString:
		if tv.Value != nil {
			b.text(constantString(tv.Value))
			return
		}
		b.dyn(func() { fs.expr(a) })
	case kFloat:
		// printfloat64/printfloat32: strconv's shortest 'g', as %v.
		fs.fmtBasic(b, a, floatName(tv.Type), "%v")
	default:
		c.unsupported(a.Pos(), "printing a value of type "+types.TypeString(tv.Type, c.qualifier)+" with "+"println", "gmplab supports: println of ints, bools and strings")
	}
}

// minMax compiles the builtins min and max of ints or strings.
func (fs *fnState) minMax(call *ast.CallExpr, name string) {
	c := fs.c
	k, _ := c.kindOf(c.info.TypeOf(call))
	var op vm.Op
	switch {
	case k == kInt && name == "min":
		op = vm.OpLt
	case k == kInt:
		op = vm.OpGt
	case k == kString && name == "min":
		op = vm.OpSLt
	case k == kString:
		op = vm.OpSGt
	case k == kFloat:
		fs.floatMinMax(call, name)
		return
	default:
		c.unsupported(call.Pos(), name+" of "+typeString(c, call), "gmplab supports: min and max of ints, floats and strings")
		fs.pushInt(0)
		return
	}
	size := c.slotSize(c.info.TypeOf(call))
	best := fs.newSlot(size)
	next := fs.newSlot(size)
	fs.expr(call.Args[0])
	fs.emit(vm.OpStore, best, 0, 1, 0)
	for _, a := range call.Args[1:] {
		skip := fs.newLabel()
		fs.expr(a)
		fs.emit(vm.OpStore, next, 0, 1, 0)
		fs.emit(vm.OpLoad, next, 0, 0, 1)
		fs.emit(vm.OpLoad, best, 0, 0, 1)
		fs.emit(op, 0, 0, 2, 1)
		fs.jump(vm.OpJumpIfNot, skip)
		fs.emit(vm.OpLoad, next, 0, 0, 1)
		fs.emit(vm.OpStore, best, 0, 1, 0)
		fs.bind(skip)
	}
	fs.emit(vm.OpLoad, best, 0, 0, 1)
}

// libKey names a library function for libCall: "time.Sleep",
// "sync.WaitGroup.Add", "sim.Conn.Read".
func libKey(f *types.Func) string {
	sig := f.Type().(*types.Signature)
	if r := sig.Recv(); r != nil {
		t := r.Type()
		if p, ok := t.(*types.Pointer); ok {
			t = p.Elem()
		}
		if n, ok := t.(*types.Named); ok {
			if f.Pkg().Path() == randV2Path {
				return "randv2." + n.Obj().Name() + "." + f.Name()
			}
			return f.Pkg().Name() + "." + n.Obj().Name() + "." + f.Name()
		}
	}
	if f.Pkg().Path() == randV2Path {
		return "randv2." + f.Name()
	}
	return f.Pkg().Name() + "." + f.Name()
}

func (fs *fnState) libCall(call *ast.CallExpr, ce callee, want int) int {
	c := fs.c
	key := libKey(ce.lib)
	arg := func(i int) {
		if i < len(call.Args) {
			fs.expr(call.Args[i])
		} else {
			fs.pushInt(0)
		}
	}
	at := func() { fs.setPos(call.Lparen) }
	if h, ok := libHandlers[key]; ok {
		return h(fs, call, ce, want)
	}
	switch key {
	case "fmt.Println", "fmt.Print", "fmt.Printf":
		fs.fmtCall(call, key)
		at()
		return fs.printOut(osStdout, want) // lib_fmt_fprint.go
	case "fmt.Sprintf", "fmt.Sprint", "fmt.Sprintln":
		fs.fmtCall(call, key)
		return 1
	case "runtime.Gosched":
		at()
		fs.emitOp(vm.OpGosched, 0, 0, 0, 0)
		return 0
	case "runtime.GOMAXPROCS":
		arg(0)
		at()
		fs.emitOp(vm.OpGOMAXPROCS, 0, 0, 1, 1)
		return 1
	case "runtime.NumCPU":
		at()
		fs.emitOp(vm.OpNumCPU, 0, 0, 0, 1)
		return 1
	case "runtime.NumGoroutine":
		at()
		fs.emitOp(vm.OpNumGoroutine, 0, 0, 0, 1)
		return 1
	case "sync.WaitGroup.Add":
		fs.recvPtr(ce.recv)
		arg(0)
		at()
		fs.emitOp(vm.OpWGAdd, 0, 0, 2, 0)
		return 0
	case "sync.WaitGroup.Done":
		fs.recvPtr(ce.recv)
		fs.pushInt(-1)
		at()
		fs.emitOp(vm.OpWGAdd, 0, 0, 2, 0)
		return 0
	case "sync.WaitGroup.Wait":
		fs.recvPtr(ce.recv)
		at()
		fs.emitOp(vm.OpWGWait, 0, 0, 1, 0)
		return 0
	case "sync.WaitGroup.Go":
		// wg.Add(1); go func() { f(); wg.Done() }() (sync/waitgroup.go)
		wg := fs.newSlot(8)
		f := fs.newSlot(8)
		fs.recvPtr(ce.recv)
		fs.emit(vm.OpStore, wg, 0, 1, 0)
		arg(0)
		fs.emit(vm.OpStore, f, 0, 1, 0)
		at()
		fs.emit(vm.OpLoad, wg, 0, 0, 1)
		fs.pushInt(1)
		fs.emitOp(vm.OpWGAdd, 0, 0, 2, 0)
		fs.emit(vm.OpFuncVal, c.wgGoFunc(call), 0, 0, 1)
		fs.emit(vm.OpLoad, wg, 0, 0, 1)
		fs.emit(vm.OpLoad, f, 0, 0, 1)
		fs.emitOp(vm.OpGo, 0, 2, 3, 0)
		return 0
	case "sync.Mutex.Lock", "sync.Mutex.Unlock", "sync.Mutex.TryLock":
		fs.recvPtr(ce.recv)
		at()
		switch key {
		case "sync.Mutex.Lock":
			fs.emitOp(vm.OpLock, 0, 0, 1, 0)
			return 0
		case "sync.Mutex.Unlock":
			fs.emitOp(vm.OpUnlock, 0, 0, 1, 0)
			return 0
		}
		fs.emitOp(vm.OpTryLock, 0, 0, 1, 1)
		return 1
	case "sim.Work", "sim.Syscall":
		arg(0)
		at()
		op := vm.OpWork
		if key == "sim.Syscall" {
			op = vm.OpSyscall
		}
		fs.emitOp(op, 0, 0, 1, 0)
		return 0
	case "sim.Dial":
		arg(0)
		at()
		fs.emitOp(vm.OpDial, 0, 0, 1, 1)
		return 1
	case "sim.Conn.Read":
		fs.recvPtr(ce.recv)
		at()
		fs.emitOp(vm.OpRead, 0, 0, 1, 0)
		return 0
	case "sim.Breakpoint":
		at()
		fs.emitOp(vm.OpBreakpoint, 0, 0, 0, 0)
		return 0
	}
	if n, ok := fs.randCall(call, ce, key); ok {
		return n
	}
	if n, ok := fs.errorsCall(call, key); ok {
		return n
	}
	if n, ok := fs.stringsCall(call, key); ok {
		return n
	}
	if n, ok := fs.atomicCall(call, ce, key); ok {
		return n
	}
	c.unsupported(call.Pos(), key, "gmplab supports: "+supportedAPI[ce.lib.Pkg().Path()])
	n := ce.sig.Results().Len()
	for range n {
		fs.pushInt(0)
	}
	return n
}

// wgGoFunc is the goroutine body of sync.WaitGroup.Go: f(); wg.Done().
func (c *compiler) wgGoFunc(call *ast.CallExpr) int32 {
	if c.wgGoFn >= 0 {
		return c.wgGoFn
	}
	fs := c.newFnState(nil, "sync.(*WaitGroup).Go.func1", -1)
	c.wgGoFn = fs.idx
	fs.decl = call.Pos()
	fs.setPos(call.Pos())
	fs.newSlot(8) // wg
	fs.newSlot(8) // f
	fs.nparams = 2
	fs.emit(vm.OpLoad, 1, 0, 0, 1)
	fs.noteCall(0)
	fs.emit(vm.OpCallClosure, 0, 0, 1, 0)
	fs.emit(vm.OpLoad, 0, 0, 0, 1)
	fs.pushInt(-1)
	fs.emitOp(vm.OpWGAdd, 0, 0, 2, 0)
	fs.emit(vm.OpReturn, 0, 0, 0, 0)
	fs.finish()
	return c.wgGoFn
}

// goDefer compiles `go call` and `defer call`. A call of a func value is
// started as is; a call of a builtin or of the library becomes a call of a
// small wrapper function (main.f.deferwrap1, main.f.gowrap1, as the Go
// compiler names them) whose parameters are the call's operands, evaluated
// at the statement.
func (fs *fnState) goDefer(call *ast.CallExpr, isGo bool) {
	c := fs.c
	ce := c.classify(call)
	op := vm.OpDefer
	kind := "deferwrap"
	if isGo {
		op = vm.OpGo
		kind = "gowrap"
	}
	switch ce.kind {
	case ckMethod:
		// go c.Inc(), defer mu.Unlock(): the receiver and the arguments
		// are evaluated now, the call runs later.
		at := fs.deferAt(isGo)
		fs.emit(vm.OpFuncVal, ce.fn, 0, 0, 1)
		fs.pushRecv(ce.sel, ce.recv)
		n := fs.args(call, ce.sig) + 1
		fs.setPos(call.Pos())
		fs.emitOp(op, at, int32(n), n+1+int(at), 0)
		return
	case ckStatic, ckDynamic:
		if ce.sig == nil {
			c.unsupported(call.Pos(), "this call", supExprs)
			return
		}
		if k, why := c.kindOf(ce.sig); k == kBad {
			c.badType(call.Pos(), why)
		}
		at := fs.deferAt(isGo)
		if ce.kind == ckStatic {
			fs.emit(vm.OpFuncVal, ce.fn, 0, 0, 1)
		} else {
			fs.expr(call.Fun)
		}
		n := fs.args(call, ce.sig)
		fs.setPos(call.Pos())
		fs.emitOp(op, at, int32(n), n+1+int(at), 0)
		return
	case ckConv:
		c.unsupported(call.Pos(), "go or defer of a conversion", supStmts)
		return
	case ckSkipped:
		return
	}
	// The operands: the receiver, then the arguments that are not constant.
	type operand struct {
		e    ast.Expr
		recv bool
	}
	var ops []operand
	if ce.recv != nil {
		ops = append(ops, operand{ce.recv, true})
	}
	for _, a := range call.Args {
		if tv, ok := c.info.Types[a]; ok && (tv.Value != nil || tv.IsNil() || tv.IsType()) {
			continue
		}
		ops = append(ops, operand{e: a})
	}
	w := c.newFnState(fs, fs.childName(kind), -1)
	w.decl = call.Pos()
	w.setPos(call.Pos())
	w.subst = map[ast.Expr]int32{}
	for _, o := range ops {
		size := 8
		if !o.recv {
			size = c.slotSize(c.info.TypeOf(o.e))
		}
		w.subst[o.e] = w.newSlot(size)
	}
	w.nparams = len(ops)
	w.popN(w.callExpr(call, 0))
	w.emit(vm.OpReturn, 0, 0, 0, 0)
	idx := w.finish()

	at := fs.deferAt(isGo)
	fs.emit(vm.OpFuncVal, idx, 0, 0, 1)
	for _, o := range ops {
		switch {
		case o.recv && ce.lib != nil && c.libs.isAtomic(c.info.TypeOf(o.e)):
			// defer x.done.Store(true): the receiver is &x.done,
			// taken now (an atomic value is an object of its own).
			fs.addr(o.e)
		case o.recv:
			fs.recvPtrOrValue(o.e)
		default:
			fs.expr(o.e)
		}
	}
	fs.setPos(call.Pos())
	fs.emitOp(op, at, int32(len(ops)), len(ops)+1+int(at), 0)
}

// recvPtrOrValue pushes a method's receiver: the object id for the sync
// types and sim.Conn, the value for time.Duration and time.Time.
func (fs *fnState) recvPtrOrValue(x ast.Expr) {
	if _, ok := fs.c.embedPath[x]; ok {
		fs.recvPtr(x)
		return
	}
	if k, _ := fs.c.kindOf(fs.c.info.TypeOf(x)); k == kSync {
		fs.recvPtr(x)
		return
	}
	fs.expr(x)
}
