package lang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

func unparen(e ast.Expr) ast.Expr {
	for {
		p, ok := e.(*ast.ParenExpr)
		if !ok {
			return e
		}
		e = p.X
	}
}

// expr compiles e, which has one value, and pushes it.
func (fs *fnState) expr(e ast.Expr) {
	c := fs.c
	if s, ok := fs.subst[e]; ok {
		fs.emit(vm.OpLoad, s, 0, 0, 1)
		return
	}
	tv, ok := c.info.Types[e]
	if !ok {
		// Not an expression go/types typed (a bad or unsupported node).
		fs.c.unsupported(e.Pos(), "this expression", supExprs)
		fs.pushInt(0)
		return
	}
	if u, ok := e.(*ast.UnaryExpr); ok && u.Op == token.AND {
		fs.unary(u, tv.Type)
		return
	}
	if tv.IsType() {
		c.unsupported(e.Pos(), "a type used as a value", supExprs)
		fs.pushInt(0)
		return
	}
	k, why := c.kindOf(tv.Type)
	if k == kBad {
		c.badType(e.Pos(), why)
		fs.pushInt(0)
		return
	}
	if tv.Value != nil {
		fs.constant(e, tv)
		return
	}
	if tv.IsNil() {
		fs.pushInt(0)
		return
	}
	if ta, ok := e.(*ast.TypeAssertExpr); ok {
		fs.typeAssert(ta, 0)
		return
	}
	if k == kStruct || k == kArray {
		fs.structValue(e, tv.Type)
		return
	}
	switch e := e.(type) {
	case *ast.ParenExpr:
		fs.expr(e.X)
	case *ast.Ident:
		switch obj := c.info.Uses[e].(type) {
		case *types.Var:
			if k == kSync {
				c.unsupported(e.Pos(), "copying a "+types.TypeString(obj.Type(), c.qualifier), "pass a pointer: &"+e.Name)
			}
			fs.load(obj)
		case *types.Func:
			fs.funcValue(e, obj)
		default:
			c.unsupported(e.Pos(), "this expression", supExprs)
			fs.pushInt(0)
		}
	case *ast.FuncLit:
		fs.funcLit(e)
	case *ast.BinaryExpr:
		fs.binary(e, tv.Type)
	case *ast.UnaryExpr:
		fs.unary(e, tv.Type)
	case *ast.CallExpr:
		n := fs.callExpr(e, 1)
		switch {
		case n == 0:
			fs.pushInt(0)
		case n > 1:
			fs.popN(n - 1)
		}
	case *ast.IndexListExpr:
		if !fs.instantiatedFuncValue(e) {
			c.unsupported(e.Pos(), "this expression", supExprs)
			fs.pushInt(0)
		}
	case *ast.IndexExpr:
		if fs.instantiatedFuncValue(e) {
			return
		}
		if xk, _ := c.kindOf(c.info.TypeOf(e.X)); xk == kSlice {
			fs.sliceIndex(e)
			return
		}
		if _, ok := c.isMapIndex(e); ok {
			fs.mapIndex(e, false)
			return
		}
		if arrayOf(c.info.TypeOf(e.X)) != nil {
			fs.arrayElem(e)
			return
		}
		if xk, _ := c.kindOf(c.info.TypeOf(e.X)); xk != kString {
			c.unsupported(e.Pos(), "indexing "+typeString(c, e.X), "gmplab supports: s[i] on strings")
			fs.pushInt(0)
			return
		}
		fs.expr(e.X)
		fs.expr(e.Index)
		fs.setPos(e.Lbrack)
		fs.emit(vm.OpIndex, 0, 0, 2, 1)
	case *ast.SliceExpr:
		if xk, _ := c.kindOf(c.info.TypeOf(e.X)); xk == kSlice {
			fs.reslice(e)
			return
		}
		if arrayOf(c.info.TypeOf(e.X)) != nil {
			fs.sliceArray(e)
			return
		}
		fs.slice(e)
	case *ast.SelectorExpr:
		fs.selector(e, k)
	case *ast.CompositeLit:
		fs.compositeLit(e, tv.Type)
	case *ast.StarExpr:
		fs.deref(e)
	default:
		c.unsupported(e.Pos(), "this expression", supExprs)
		fs.pushInt(0)
	}
}

func typeString(c *compiler, e ast.Expr) string {
	return types.TypeString(c.info.TypeOf(e), c.qualifier)
}

// exprN compiles e and pushes all its values (a call may have several, a
// comma-ok receive two); it returns how many.
func (fs *fnState) exprN(e ast.Expr) int {
	if _, ok := fs.subst[e]; ok {
		fs.expr(e)
		return 1
	}
	if call, ok := unparen(e).(*ast.CallExpr); ok {
		if _, isTuple := fs.c.info.TypeOf(call).(*types.Tuple); isTuple {
			return fs.callExpr(call, -1)
		}
	}
	fs.expr(e)
	return 1
}

// constant pushes the value of a constant expression.
func (fs *fnState) constant(e ast.Expr, tv types.TypeAndValue) {
	c := fs.c
	k, why := c.kindOf(tv.Type)
	switch k {
	case kInt:
		v, exact := constant.Int64Val(constant.ToInt(tv.Value))
		if !exact {
			if u, ok := constant.Uint64Val(constant.ToInt(tv.Value)); ok {
				v, exact = int64(u), true // a uint64 above 1<<63: its bits
			}
		}
		if !exact {
			c.unsupported(e.Pos(), "a constant beyond 64 bits", supTypes)
		}
		fs.pushInt(v)
	case kBool:
		if constant.BoolVal(tv.Value) {
			fs.pushInt(1)
		} else {
			fs.pushInt(0)
		}
	case kString:
		fs.pushStr(constant.StringVal(tv.Value))
	case kFloat:
		fs.pushFloat(floatOf(tv.Value, tv.Type))
	default:
		if why == "" {
			why = "a constant of type " + types.TypeString(tv.Type, c.qualifier)
		}
		c.badType(e.Pos(), why)
		fs.pushInt(0)
	}
}

// constInt returns e's value if it is an integer constant.
func (c *compiler) constInt(e ast.Expr) (int64, bool) {
	tv, ok := c.info.Types[e]
	if !ok || tv.Value == nil {
		return 0, false
	}
	v := constant.ToInt(tv.Value)
	if v.Kind() != constant.Int {
		return 0, false
	}
	return constant.Int64Val(v)
}

// funcValue pushes a named function as a value.
func (fs *fnState) funcValue(e ast.Expr, f *types.Func) {
	if fs.genericFuncValue(e) {
		return
	}
	if idx, ok := fs.c.funcOf(f); ok {
		fs.emit(vm.OpFuncVal, idx, 0, 0, 1)
		return
	}
	if fs.c.skipped[f] {
		fs.pushInt(0)
		return
	}
	if fs.libFuncValue(e, f) { // libfuncval.go
		return
	}
	fs.c.unsupported(e.Pos(), "using "+f.FullName()+" as a value", "call it, or wrap it in a closure")
	fs.pushInt(0)
}

// truncate wraps the int on top of the stack to type t's width.
func (fs *fnState) truncate(t types.Type) {
	bits, signed := intBits(t)
	if bits == 64 {
		return
	}
	if signed {
		fs.pushInt(int64(64 - bits))
		fs.emit(vm.OpShl, 0, 0, 2, 1)
		fs.pushInt(int64(64 - bits))
		fs.emit(vm.OpShr, 0, 0, 2, 1)
		return
	}
	fs.pushInt(1<<bits - 1)
	fs.emit(vm.OpAnd, 0, 0, 2, 1)
}

var intOps = map[token.Token]vm.Op{
	token.ADD: vm.OpAdd, token.SUB: vm.OpSub, token.MUL: vm.OpMul, token.QUO: vm.OpDiv,
	token.REM: vm.OpRem, token.AND: vm.OpAnd, token.OR: vm.OpOr, token.XOR: vm.OpXor,
	token.AND_NOT: vm.OpAndNot, token.SHL: vm.OpShl, token.SHR: vm.OpShr,
	token.EQL: vm.OpEq, token.NEQ: vm.OpNe, token.LSS: vm.OpLt, token.LEQ: vm.OpLe,
	token.GTR: vm.OpGt, token.GEQ: vm.OpGe,
}

// unsignedOps are the operators whose 64-bit unsigned result differs
// from the signed one.
var unsignedOps = map[token.Token]int32{
	token.QUO: vm.UDiv, token.REM: vm.URem, token.SHR: vm.UShr,
	token.LSS: vm.ULt, token.LEQ: vm.ULe, token.GTR: vm.UGt, token.GEQ: vm.UGe,
}

// ok64Unsigned reports whether t is uint64, uint or uintptr.
func ok64Unsigned(t types.Type) bool {
	bits, signed := intBits(t)
	return bits == 64 && !signed
}

// fmtInt replaces the integer of type t on top of the stack by its
// decimal text.
func (fs *fnState) fmtInt(t types.Type) {
	if t != nil && ok64Unsigned(t) {
		fs.emitOp(vm.OpUnsigned, vm.UFmt, 0, 1, 1)
		return
	}
	fs.emitOp(vm.OpFmtInt, 0, 0, 1, 1)
}

var strOps = map[token.Token]vm.Op{
	token.ADD: vm.OpConcat,
	token.EQL: vm.OpSEq, token.NEQ: vm.OpSNe, token.LSS: vm.OpSLt, token.LEQ: vm.OpSLe,
	token.GTR: vm.OpSGt, token.GEQ: vm.OpSGe,
}

func (fs *fnState) binary(e *ast.BinaryExpr, t types.Type) {
	c := fs.c
	if e.Op == token.LAND || e.Op == token.LOR {
		end := fs.newLabel()
		fs.expr(e.X)
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.setPos(e.OpPos)
		if e.Op == token.LAND {
			fs.jump(vm.OpJumpIfNot, end)
		} else {
			fs.jump(vm.OpJumpIf, end)
		}
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		fs.expr(e.Y)
		fs.bind(end)
		return
	}
	// The operands' kind (one side may be nil).
	ok, _ := c.kindOf(c.info.TypeOf(e.X))
	if ok == kNil {
		ok, _ = c.kindOf(c.info.TypeOf(e.Y))
	}
	if (e.Op == token.EQL || e.Op == token.NEQ) && (types.IsInterface(c.info.TypeOf(e.X)) || types.IsInterface(c.info.TypeOf(e.Y))) &&
		!c.info.Types[e.X].IsNil() && !c.info.Types[e.Y].IsNil() {
		fs.ifaceEq(e)
		return
	}
	if (ok == kStruct || ok == kArray) && (e.Op == token.EQL || e.Op == token.NEQ) {
		fs.addr(e.X)
		fs.addr(e.Y)
		fs.setPos(e.OpPos)
		fs.structEq(e.Op, c.info.TypeOf(e.X))
		return
	}
	if ok == kFloat {
		fs.floatBinary(e)
		return
	}
	fs.expr(e.X)
	fs.expr(e.Y)
	fs.setPos(e.OpPos)
	var op vm.Op
	var found bool
	switch ok {
	case kString:
		op, found = strOps[e.Op]
	case kInt, kBool, kChan, kPtr, kFunc, kTime, kEmpty, kNil, kObjPtr, kSlice, kMap, kIface, kRefPtr:
		op, found = intOps[e.Op]
	}
	if !found {
		c.unsupported(e.OpPos, "operator "+e.Op.String()+" on "+typeString(c, e.X), supExprs)
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		return
	}
	if op == vm.OpConcat {
		// Go's walk makes a + b + c one concatstrings (OADDSTR with
		// the operands of nested additions): the concatenation that
		// takes another's result continues it (B=1), for its cost.
		var cont int32
		if c.isStringAdd(e.X) || c.isStringAdd(e.Y) {
			cont = 1
		}
		fs.emitOp(op, 0, cont, 2, 1)
		return
	}
	if u, ok := unsignedOps[e.Op]; ok && ok64Unsigned(c.info.TypeOf(e.X)) {
		fs.emit(vm.OpUnsigned, u, 0, 2, 1)
		return
	}
	fs.emit(op, 0, 0, 2, 1)
	switch e.Op {
	case token.ADD, token.SUB, token.MUL, token.QUO, token.SHL, token.XOR:
		fs.truncate(t)
	}
}

func (fs *fnState) unary(e *ast.UnaryExpr, t types.Type) {
	c := fs.c
	switch e.Op {
	case token.SUB:
		fs.expr(e.X)
		if k, _ := c.kindOf(t); k == kFloat {
			fs.emit(vm.OpFloat, vm.FNeg, 0, 1, 1)
			return
		}
		fs.emit(vm.OpNeg, 0, 0, 1, 1)
		fs.truncate(t)
	case token.ADD:
		fs.expr(e.X)
	case token.NOT:
		fs.expr(e.X)
		fs.emit(vm.OpNot, 0, 0, 1, 1)
	case token.XOR:
		fs.expr(e.X)
		fs.pushInt(-1)
		fs.emit(vm.OpXor, 0, 0, 2, 1)
		fs.truncate(t)
	case token.ARROW:
		fs.expr(e.X)
		fs.setPos(e.OpPos)
		fs.emitOp(vm.OpRecv, 0, 0, 1, 1)
	case token.AND:
		fs.addressOf(e.X)
	default:
		c.unsupported(e.Pos(), "operator "+e.Op.String(), supExprs)
		fs.expr(e.X)
	}
}

func (fs *fnState) slice(e *ast.SliceExpr) {
	c := fs.c
	if xk, _ := c.kindOf(c.info.TypeOf(e.X)); xk != kString {
		c.unsupported(e.Pos(), "slicing "+typeString(c, e.X), "gmplab supports: s[i:j] on strings")
		fs.pushInt(0)
		return
	}
	if e.Slice3 {
		c.unsupported(e.Pos(), "a 3-index slice", "gmplab supports: s[i:j] on strings")
		fs.pushInt(0)
		return
	}
	fs.expr(e.X)
	n, flags := fs.sliceBounds(e)
	fs.setPos(e.Lbrack)
	fs.emit(vm.OpSlice, 0, flags, n+1, 1)
}

func (fs *fnState) selector(e *ast.SelectorExpr, k vkind) {
	c := fs.c
	if sel := c.info.Selections[e]; sel != nil {
		switch sel.Kind() {
		case types.FieldVal:
			fs.addr(e.X)
			fs.setPos(e.Sel.Pos())
			fs.fieldPath(sel.Index())
			return
		case types.MethodVal:
			if types.IsInterface(sel.Recv()) {
				fs.ifaceMethodValue(e, sel)
				return
			}
			if _, _, ok := c.userMethod(sel); ok {
				fs.methodValue(e, sel)
				return
			}
			c.unsupported(e.Pos(), "the method value "+types.ExprString(e)+" of a library type", "gmplab supports: method values of the program's own types; wrap it in a closure")
		case types.MethodExpr:
			if m, idx, ok := c.userMethod(sel); ok {
				if _, ptr := recvNamed(m); ptr == isPointer(sel.Recv()) {
					fs.emit(vm.OpFuncVal, idx, 0, 0, 1)
					return
				}
			}
			c.unsupported(e.Pos(), "the method expression "+types.ExprString(e), "gmplab supports: T.M and (*T).M with the receiver M declares; wrap it in a closure")
		}
		fs.pushInt(0)
		return
	}
	switch obj := c.info.Uses[e.Sel].(type) {
	case *types.Func:
		fs.funcValue(e, obj)
	case *types.Var:
		if c.libs.fromSource(obj) {
			fs.load(obj) // a variable of a library package written in source (context.Canceled)
			return
		}
		if fs.libVar(obj) {
			return
		}
		c.unsupported(e.Pos(), types.ExprString(e), supExprs)
		fs.pushInt(0)
	default:
		c.unsupported(e.Pos(), types.ExprString(e), supExprs)
		fs.pushInt(0)
	}
}

func (fs *fnState) compositeLit(e *ast.CompositeLit, t types.Type) {
	c := fs.c
	if op, ok := c.syncNewOp(t); ok && len(e.Elts) == 0 {
		fs.setPos(e.Pos())
		fs.emitOp(op, 0, 0, 0, 1)
		return
	}
	switch k, _ := c.kindOf(t); k {
	case kEmpty:
		fs.pushInt(0)
		return
	case kStruct:
		fs.structLit(e, t)
		return
	case kArray:
		fs.arrayLit(e, t)
		return
	case kSlice:
		fs.sliceLit(e, t)
		return
	case kMap:
		fs.mapLit(e, t)
		return
	case kObjPtr:
		// &T{...} inside a literal of pointers: the object is the pointer.
		elem := t.Underlying().(*types.Pointer).Elem()
		if arrayOf(t) != nil {
			fs.arrayLit(e, elem)
		} else {
			fs.structLit(e, elem)
		}
		fs.newobject(elem)
		return
	}
	c.unsupported(e.Pos(), "a composite literal of type "+types.TypeString(t, c.qualifier), "gmplab supports: struct{}{}, sync.WaitGroup{}, sync.Mutex{}")
	fs.pushInt(0)
}

// recvPtr pushes the object id of a pointer-receiver method's receiver
// (wg for wg.Add, where wg is a sync.WaitGroup variable or a pointer).
func (fs *fnState) recvPtr(x ast.Expr) {
	if s, ok := fs.subst[x]; ok {
		fs.emit(vm.OpLoad, s, 0, 0, 1)
		return
	}
	c := fs.c
	if path, ok := c.embedPath[x]; ok {
		fs.addr(x)
		fs.fieldPath(path)
		return
	}
	if id, ok := unparen(x).(*ast.Ident); ok {
		if v, ok := c.info.Uses[id].(*types.Var); ok {
			if k, _ := c.kindOf(v.Type()); k == kSync {
				fs.load(v)
				return
			}
		}
	}
	fs.expr(x)
}

// isPointer reports whether t is a pointer type.
func isPointer(t types.Type) bool {
	_, ok := t.Underlying().(*types.Pointer)
	return ok
}

// isStringAdd reports whether e is a string concatenation computed at run
// time (a constant one is folded).
func (c *compiler) isStringAdd(e ast.Expr) bool {
	b, ok := ast.Unparen(e).(*ast.BinaryExpr)
	if !ok || b.Op != token.ADD || c.info.Types[e].Value != nil {
		return false
	}
	k, _ := c.kindOf(c.info.TypeOf(e))
	return k == kString
}
