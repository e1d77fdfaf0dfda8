package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// The error interface (vm/iface.go): a concrete value becomes an error
// where Go converts it implicitly (assignment, return, argument, literal
// element, send, append), errors.New and fmt.Errorf make
// *errors.errorString values, err.Error() dispatches on the dynamic type,
// and fmt prints an error with its Error method. Other interfaces, type
// assertions and type switches are not in the subset yet.

var errorType = types.Universe.Lookup("error").Type()

// isError reports whether t is the error interface.
func isError(t types.Type) bool { return t != nil && types.Identical(t, errorType) }

// typeID is the Program.Types index of dynamic type t.
func (c *compiler) typeID(t types.Type) int32 {
	for i, x := range c.ifaceTypes {
		if types.Identical(x, t) {
			return int32(i)
		}
	}
	id := int32(len(c.prog.Types))
	c.ifaceTypes = append(c.ifaceTypes, t)
	c.prog.Types = append(c.prog.Types, vm.TypeInfo{Name: types.TypeString(t, func(p *types.Package) string { return p.Name() })})
	ms := types.NewMethodSet(t)
	var methods []vm.Method
	for i := 0; i < ms.Len(); i++ {
		sel := ms.At(i)
		_, idx, ok := c.userMethod(sel)
		if !ok || len(sel.Index()) > 1 {
			continue
		}
		cp := int32(-1)
		if _, ptr := recvNamed(sel.Obj().(*types.Func)); !ptr {
			if n, _ := recvNamed(sel.Obj().(*types.Func)); c.isStructKind(n) {
				cp = c.layout(n)
			}
		}
		methods = append(methods, vm.Method{Name: c.str(sel.Obj().Name()), Fn: idx, Copy: cp})
	}
	c.prog.Types[id].Methods = methods
	return id
}

// errorStringID is the type id of errors.New's values.
func (c *compiler) errorStringID() int32 {
	if c.errString < 0 {
		c.errString = int32(len(c.prog.Types))
		c.ifaceTypes = append(c.ifaceTypes, types.NewPointer(types.NewStruct(nil, nil)))
		c.prog.Types = append(c.prog.Types, vm.TypeInfo{Name: "*errors.errorString", ErrorString: true})
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
	fs.emit(vm.OpIfaceCall, fs.c.str(ce.sel.Obj().Name()), int32(n), n+1, nres)
	return nres
}

// fmtError replaces the error on top of the stack by its text: its Error
// method's result, or <nil> (as %v prints it; fmtErrorVerb for others).
func (fs *fnState) fmtError() { fs.fmtErrorVerb('v') }

// fmtErrorVerb is fmtError for verb: a nil error prints %!s(<nil>) with %s.
func (fs *fnState) fmtErrorVerb(verb rune) {
	isNil, end := fs.newLabel(), fs.newLabel()
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.jump(vm.OpJumpIfNot, isNil)
	fs.noteCall(8)
	fs.emit(vm.OpIfaceCall, fs.c.str("Error"), 0, 1, 1)
	fs.jump(vm.OpJump, end)
	fs.bind(isNil)
	fs.emit(vm.OpPop, 0, 0, 1, 0)
	if verb == 'v' {
		fs.pushStr("<nil>")
	} else {
		fs.pushStr("%!" + string(verb) + "(<nil>)")
	}
	fs.bind(end)
}

// errorsCall compiles errors.New and fmt.Errorf (false for other keys).
func (fs *fnState) errorsCall(call *ast.CallExpr, key string) (int, bool) {
	switch key {
	case "errors.New":
		fs.expr(call.Args[0])
	case "fmt.Errorf":
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
