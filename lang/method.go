package lang

import (
	"go/ast"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Methods of the program's own types. A method compiles to a function
// whose first parameter is the receiver, named as the Go toolchain names
// it in tracebacks: main.T.M for a value receiver, main.(*T).M for a
// pointer receiver. A call pushes the receiver (the object's id for a
// pointer receiver, a copy for a value receiver of struct type, the value
// otherwise), following the selection's path through embedded fields; a
// method value (f := c.Inc) is a closure over the receiver, evaluated when
// the method value is (main.T.M-fm, as Go names the wrapper).

// namedObj is the type name of named type t (nil if t is not named).
func namedObj(t types.Type) types.Object {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj()
	}
	return nil
}

func pkgOf(t types.Type) *types.Package {
	if n, ok := types.Unalias(t).(*types.Named); ok {
		return n.Obj().Pkg()
	}
	return nil
}

// typeDecl checks a type declaration: the types themselves need no code
// (a generic one is instantiated where it is used, generic.go).
func (c *compiler) typeDecl(d *ast.GenDecl) {}

// recvNamed is a method's receiver base type and whether it is a pointer.
func recvNamed(m *types.Func) (*types.Named, bool) {
	r := m.Type().(*types.Signature).Recv()
	if r == nil {
		return nil, false
	}
	t := types.Unalias(r.Type())
	ptr := false
	if p, ok := t.(*types.Pointer); ok {
		t, ptr = types.Unalias(p.Elem()), true
	}
	n, _ := t.(*types.Named)
	return n, ptr
}

// declareMethod reserves a function for method m, or reports why not.
func (c *compiler) declareMethod(d *ast.FuncDecl, m *types.Func) bool {
	n, _ := recvNamed(m)
	if n == nil {
		return false
	}
	if n.TypeParams().Len() > 0 || n.TypeArgs().Len() > 0 {
		if d.Body != nil {
			c.declareGeneric(d, m)
		}
		return false
	}
	if k, why := c.kindOf(n); k == kBad {
		c.badType(d.Recv.Pos(), why)
		c.skipped[m] = true
		return false
	}
	c.funcIdx[m] = c.newFunc(qualifiedName(m))
	return true
}

// userMethod is the compiled function of a method selection, if the
// method is the program's own.
func (c *compiler) userMethod(sel *types.Selection) (*types.Func, int32, bool) {
	m, ok := sel.Obj().(*types.Func)
	if !ok {
		return nil, 0, false
	}
	idx, ok := c.funcOf(m)
	if !ok {
		idx, ok = c.genericMethod(m)
	}
	return m, idx, ok
}

// pushRecv pushes the receiver of method selection sel on x.
func (fs *fnState) pushRecv(sel *types.Selection, x ast.Expr) {
	c := fs.c
	m := sel.Obj().(*types.Func)
	n, ptr := recvNamed(m)
	path := sel.Index()[:len(sel.Index())-1]
	if len(path) == 0 && !c.isStructKind(n) {
		xptr := isPointer(c.info.TypeOf(x))
		switch {
		case ptr && !xptr:
			fs.addressOf(x) // c.Inc() is (&c).Inc()
		case !ptr && xptr:
			fs.expr(x) // p.Get() is (*p).Get()
			fs.setPos(x.End())
			fs.emit(vm.OpDeref, 0, 0, 1, 1)
		default:
			fs.expr(x)
		}
		return
	}
	if len(path) == 0 && !ptr {
		fs.structValue(x, n)
		return
	}
	fs.addr(x)
	if ptr && !c.isStructKind(n) && !isPointer(embeddedType(c.info.TypeOf(x), path)) {
		// c.Inc() with Inc on *C, C an embedded non-struct: &x.C.
		fs.fieldPath(path[:len(path)-1])
		fs.emit(vm.OpElemRef, int32(path[len(path)-1]), 0, 1, 1)
		return
	}
	fs.fieldPath(path)
	if !ptr && !c.isStructKind(n) && isPointer(embeddedType(c.info.TypeOf(x), path)) {
		fs.emit(vm.OpDeref, 0, 0, 1, 1) // an embedded *C, C not a struct
		return
	}
	if !ptr {
		if c.isStructKind(n) {
			fs.emit(vm.OpObjCopy, c.layout(n), 0, 1, 1)
		}
	}
}

// methodValue pushes the method value x.M (a closure over the receiver).
func (fs *fnState) methodValue(e *ast.SelectorExpr, sel *types.Selection) {
	c := fs.c
	m, idx, _ := c.userMethod(sel)
	w, ok := c.methodWrap[idx]
	if !ok {
		w = c.methodWrapper(m, idx)
	}
	fs.pushRecv(sel, e.X)
	s := fs.newSlot(8)
	fs.setPos(e.Sel.Pos())
	fs.emitOp(vm.OpNewBox, s, 0, 1, 0)
	fs.emit(vm.OpLocalRef, s, 0, 0, 1)
	fs.emitOp(vm.OpClosure, w, 1, 1, 1)
}

// methodWrapper compiles T.M-fm: call method idx with the captured
// receiver and the wrapper's arguments.
func (c *compiler) methodWrapper(m *types.Func, idx int32) int32 {
	sig := m.Type().(*types.Signature)
	w := c.newFnState(nil, c.prog.Funcs[idx].Name+"-fm", -1)
	c.methodWrap[idx] = w.idx
	w.decl = m.Pos()
	w.setPos(m.Pos())
	w.nparams = sig.Params().Len()
	w.nresults = sig.Results().Len()
	for i := 0; i < sig.Params().Len(); i++ {
		w.newSlot(c.slotSize(sig.Params().At(i).Type()))
	}
	w.emit(vm.OpLoadFree, 0, 0, 0, 1)
	for i := 0; i < sig.Params().Len(); i++ {
		w.emit(vm.OpLoad, int32(i), 0, 0, 1)
	}
	w.call(idx, w.nparams+1, w.nresults, c.sigArgBytes(sig)+8)
	w.emit(vm.OpReturn, 0, 0, w.nresults, 0)
	return w.finish()
}

// stringMethod finds the method fmt would call to print a value of type
// t: Error, else String, with no parameters and one string result, in t's
// method set (so a pointer receiver's only for a pointer), compiled here.
func (c *compiler) stringMethod(t types.Type) *types.Selection {
	if t == nil {
		return nil
	}
	ms := types.NewMethodSet(t)
	for _, name := range []string{"Error", "String"} {
		sel := ms.Lookup(c.pkg, name)
		if sel == nil {
			continue
		}
		if _, _, ok := c.userMethod(sel); !ok {
			continue
		}
		sig := sel.Obj().Type().(*types.Signature)
		if sig.Params().Len() != 0 || sig.Results().Len() != 1 {
			continue
		}
		if b, ok := sig.Results().At(0).Type().(*types.Basic); !ok || b.Kind() != types.String {
			continue
		}
		return sel
	}
	return nil
}

// embeddedType is the type of the field that path (of embedded fields)
// reaches from a value of type t.
func embeddedType(t types.Type, path []int) types.Type {
	for _, i := range path {
		t = structOf(t).Field(i).Type()
	}
	return t
}
