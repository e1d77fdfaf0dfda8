package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Pointers to anything but a struct (vm/pointer.go). A pointer to a
// struct is its object's id (struct.go); any other pointer (kRefPtr)
// names one slot: the box of a variable whose address is taken (such a
// variable lives in a box, as a captured one does; a package-level one
// too, its global holding the box), a box new(T) makes, or a field or an
// element of an object (OpElemRef, OpSliceRef). *p reads and writes the
// slot (OpDeref, OpStoreDeref); a nil pointer panics as Go's does.

// refKind classifies a pointer type that is not a pointer to a struct.
func (c *compiler) refKind(t *types.Pointer) (vkind, string) {
	switch k, why := c.kindOf(t.Elem()); k {
	case kBad:
		return kBad, why
	case kTuple, kNil:
		return kBad, "pointer type " + types.TypeString(t, c.qualifier)
	case kStruct, kArray:
		return kObjPtr, ""
	}
	return kRefPtr, ""
}

// markAddressTaken makes the variables whose address the program takes
// (&x, or x.M() with a pointer receiver M on a non-struct x) live in
// boxes: the locals as captured ones, the globals in boxedGlobals.
func (c *compiler) markAddressTaken(n ast.Node) {
	var x ast.Expr
	switch n := n.(type) {
	case *ast.UnaryExpr:
		if n.Op == token.AND {
			x = n.X
		}
	case *ast.SelectorExpr:
		sel := c.info.Selections[n]
		if sel == nil || sel.Kind() != types.MethodVal || isPointer(sel.Recv()) {
			return
		}
		if _, ptr := recvNamed(sel.Obj().(*types.Func)); ptr && len(sel.Index()) == 1 {
			x = n.X
		}
	}
	id, ok := unparen(x).(*ast.Ident)
	if !ok {
		return
	}
	v, ok := c.info.Uses[id].(*types.Var)
	if !ok || v.IsField() || (v.Pkg() != c.pkg && !c.libs.fromSource(v)) {
		return
	}
	if k, _ := c.kindOf(v.Type()); k == kStruct || k == kArray || k == kSync {
		return // a struct is its object; &wg is wg
	}
	if c.isGlobal(v) {
		c.boxedGlobals[v] = true
	} else {
		c.captured[v] = true
	}
}

// addressOf pushes &x (x addressable, or a composite literal).
func (fs *fnState) addressOf(x ast.Expr) {
	c := fs.c
	x = unparen(x)
	t := c.info.TypeOf(x)
	k, _ := c.kindOf(t)
	if lit, ok := x.(*ast.CompositeLit); ok && (k == kStruct || k == kArray) {
		fs.expr(lit) // a fresh object: its id is the pointer
		fs.newobject(t)
		return
	}
	if k == kStruct || k == kArray || k == kSync {
		if id, ok := x.(*ast.Ident); ok && k == kSync {
			if v, ok := c.info.Uses[id].(*types.Var); ok {
				fs.load(v)
				return
			}
		}
		fs.addr(x)
		return
	}
	switch x := x.(type) {
	case *ast.Ident:
		if v, ok := c.info.Uses[x].(*types.Var); ok {
			if fs.varRef(v) {
				return
			}
		}
	case *ast.SelectorExpr:
		if sel := c.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			path := sel.Index()
			fs.addr(x.X)
			fs.setPos(x.Sel.Pos())
			fs.fieldPath(path[:len(path)-1])
			fs.emit(vm.OpElemRef, int32(path[len(path)-1]), 0, 1, 1)
			return
		}
	case *ast.IndexExpr:
		if xk, _ := c.kindOf(c.info.TypeOf(x.X)); xk == kSlice {
			fs.expr(x.X)
			fs.expr(x.Index)
			fs.setPos(x.Lbrack)
			fs.emit(vm.OpSliceRef, 0, 0, 2, 1)
			return
		}
		if arrayOf(c.info.TypeOf(x.X)) != nil {
			fs.elemRefArray(x)
			return
		}
	case *ast.StarExpr:
		fs.expr(x.X) // &*p is p
		return
	case *ast.CompositeLit:
		fs.expr(x)
		fs.newRef()
		return
	}
	c.unsupported(x.Pos(), "taking the address of "+types.ExprString(x), "gmplab supports: & of a variable, a field, an element, a composite literal")
	fs.pushInt(0)
}

// varRef pushes the box of variable v, whose address is taken.
func (fs *fnState) varRef(v *types.Var) bool {
	if g, ok := fs.c.globals[v]; ok && fs.c.boxedGlobals[v] {
		fs.emit(vm.OpLoadGlob, g, 0, 0, 1)
		return true
	}
	if k, ok := fs.free[v]; ok {
		fs.emit(vm.OpFreeRef, k, 0, 0, 1)
		return true
	}
	if s, ok := fs.locals[v]; ok && fs.c.captured[v] {
		fs.emit(vm.OpLocalRef, s, 0, 0, 1)
		return true
	}
	return false
}

// newRef replaces the value on top of the stack by a pointer to a new box
// holding it (new(T), &[]int{...}).
// newobject marks the fresh object on top of the stack, of type t, as a
// heap allocation (vm/malloc.go: runtime.newobject for new(T) and &T{}).
func (fs *fnState) newobject(t types.Type) {
	noscan := int32(0)
	if !hasPointers(t) {
		noscan = 1
	}
	fs.emit(vm.OpNewobject, int32(amd64Sizes.Sizeof(t)), noscan, 1, 1)
}

func (fs *fnState) newRef() {
	s := fs.newSlot(8)
	fs.emitOp(vm.OpNewBox, s, 0, 1, 0)
	fs.emit(vm.OpLocalRef, s, 0, 0, 1)
}

// deref pushes *e for a pointer to a non-struct.
func (fs *fnState) deref(e *ast.StarExpr) {
	fs.expr(e.X)
	fs.setPos(e.Star)
	fs.emit(vm.OpDeref, 0, 0, 1, 1)
}

// storeDeref pops the top of the stack into *e (a non-struct) and
// reports whether e is such a place.
func (fs *fnState) storeDeref(e ast.Expr) bool {
	st, ok := unparen(e).(*ast.StarExpr)
	if !ok {
		return false
	}
	if k, _ := fs.c.kindOf(fs.c.info.TypeOf(st.X)); k != kRefPtr {
		return false
	}
	fs.expr(st.X)
	fs.setPos(st.Star)
	fs.emit(vm.OpStoreDeref, 0, 1, 2, 0)
	return true
}

// boxGlobals gives each package-level variable whose address is taken its
// box, at the start of main.init; it reports whether there was one.
func (fs *fnState) boxGlobals() bool {
	c := fs.c
	any := false
	for _, d := range c.file.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			for _, n := range s.(*ast.ValueSpec).Names {
				v, ok := c.info.Defs[n].(*types.Var)
				if !ok || !c.boxedGlobals[v] {
					continue
				}
				fs.setPos(n.Pos())
				fs.zeroValue(v.Type())
				fs.newRef()
				fs.emit(vm.OpStoreGlob, c.globals[v], 0, 1, 0)
				any = true
			}
		}
	}
	return any
}
