package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Structs and pointers to them (the VM's objects, vm/object.go).
//
// A struct-typed variable, parameter, result or field holds the id of an
// object of its own. Reading it as a value copies the object (OpObjCopy),
// unless the expression already makes a fresh one (a composite literal, a
// call); assigning to it copies into it (OpObjAssign), so that a pointer,
// which is the object's id, sees the change. &x of a struct variable is
// its id; a field is reached with OpField along the selection's path, the
// fields of embedded structs included.

// isStructKind reports whether t is a struct with fields (kStruct) or an
// array (kArray): a value held in an object of its own.
func (c *compiler) isStructKind(t types.Type) bool {
	k, _ := c.kindOf(t)
	return k == kStruct || k == kArray
}

// structOf is t's underlying struct (t a struct or a pointer to one).
func structOf(t types.Type) *types.Struct {
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	s, _ := t.Underlying().(*types.Struct)
	return s
}

// structKind classifies a struct type with fields: kStruct if every field
// has a supported type.
func (c *compiler) structKind(s *types.Struct) (vkind, string) {
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		k, why := c.kindOf(f.Type())
		switch k {
		case kBad:
			return kBad, why
		case kTuple, kNil:
			return kBad, "struct field " + f.Name()
		}
	}
	return kStruct, ""
}

// layout is the Program.Layouts index of struct or array type t (or of
// what pointer type t points to).
func (c *compiler) layout(t types.Type) int32 {
	t = c.subst(t)
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	u := t.Underlying()
	for i, lt := range c.layoutTypes {
		if types.Identical(lt, u) {
			return int32(i)
		}
	}
	idx := int32(len(c.prog.Layouts))
	c.layoutTypes = append(c.layoutTypes, u)
	c.prog.Layouts = append(c.prog.Layouts, vm.Layout{})
	// slot is a field's or an element's entry in Nested: its layout for a
	// nested struct or array, LayoutIface for an interface (compared as
	// one), LayoutFloat for a float (compared as one), -1 for a plain value.
	slot := func(t types.Type) int32 {
		if c.isStructKind(t) {
			return c.layout(t)
		}
		switch k, _ := c.kindOf(t); k {
		case kIface:
			return vm.LayoutIface
		case kFloat:
			return vm.LayoutFloat
		}
		return -1
	}
	var nested []int32
	if a, ok := u.(*types.Array); ok {
		nested = make([]int32, a.Len())
		el := slot(a.Elem())
		for i := range nested {
			nested[i] = el
		}
	} else {
		s := u.(*types.Struct)
		nested = make([]int32, s.NumFields())
		for i := range nested {
			nested[i] = slot(s.Field(i).Type())
		}
	}
	c.prog.Layouts[idx].Nested = nested
	c.prog.Layouts[idx].Size = uint64(amd64Sizes.Sizeof(u))
	c.prog.Layouts[idx].NoScan = !hasPointers(u)
	return idx
}

// zeroValue pushes the zero value of t: a fresh object for a struct (its
// nested structs and sync objects made too), a fresh sync object, "" or 0.
func (fs *fnState) zeroValue(t types.Type) {
	c := fs.c
	if op, ok := c.syncNewOp(t); ok {
		fs.emitOp(op, 0, 0, 0, 1)
		return
	}
	k, _ := c.kindOf(t)
	switch k {
	case kArray:
		fs.emitOp(vm.OpZeroObj, c.layout(t), 0, 0, 1)
	case kStruct:
		s := structOf(t)
		fs.emit(vm.OpNewObj, int32(s.NumFields()), 0, 0, 1)
		for i := 0; i < s.NumFields(); i++ {
			ft := s.Field(i).Type()
			fk, _ := c.kindOf(ft)
			if fk == kStruct || fk == kSync || fk == kArray {
				fs.emit(vm.OpDup, 0, 0, 1, 2)
				fs.zeroValue(ft)
				fs.emit(vm.OpSetField, int32(i), 0, 2, 0)
			}
		}
	default:
		fs.pushInt(0)
	}
}

// addr pushes the id of the object that holds struct-typed e (for a
// pointer-typed e, the object it points to). A fresh value (a literal, a
// call) is its own object.
func (fs *fnState) addr(e ast.Expr) {
	c := fs.c
	if s, ok := fs.subst[e]; ok {
		fs.emit(vm.OpLoad, s, 0, 0, 1)
		return
	}
	t := c.info.TypeOf(e)
	if k, _ := c.kindOf(t); k == kObjPtr {
		fs.expr(e)
		return
	}
	switch x := unparen(e).(type) {
	case *ast.Ident:
		if v, ok := c.info.Uses[x].(*types.Var); ok {
			fs.load(v)
			return
		}
	case *ast.SelectorExpr:
		if sel := c.info.Selections[x]; sel != nil && sel.Kind() == types.FieldVal {
			fs.addr(x.X)
			fs.setPos(x.Sel.Pos())
			fs.fieldPath(sel.Index())
			return
		}
	case *ast.StarExpr:
		fs.expr(x.X)
		return
	case *ast.IndexExpr:
		if k, _ := c.kindOf(c.info.TypeOf(x.X)); k == kSlice {
			fs.sliceIndex(x)
			return
		}
		if arrayOf(c.info.TypeOf(x.X)) != nil {
			fs.arrayElem(x)
			return
		}
		if _, ok := c.isMapIndex(x); ok {
			fs.mapIndex(x, false)
			return
		}
	case *ast.CompositeLit:
		fs.compositeLit(x, t)
		return
	case *ast.CallExpr, *ast.TypeAssertExpr:
		fs.expr(x)
		return
	}
	c.unsupported(e.Pos(), "the address of "+types.ExprString(e), supExprs)
	fs.pushInt(0)
}

// fieldPath follows a selection's field indices from the object on top.
func (fs *fnState) fieldPath(path []int) {
	for _, i := range path {
		fs.emit(vm.OpField, int32(i), 0, 1, 1)
	}
}

// structValue pushes struct-typed e as a value: a fresh object.
func (fs *fnState) structValue(e ast.Expr, t types.Type) {
	switch x := unparen(e).(type) {
	case *ast.CompositeLit:
		fs.compositeLit(x, t)
		return
	case *ast.UnaryExpr:
		if x.Op == token.ARROW {
			fs.unary(x, t) // the channel holds a copy of its own
			return
		}
	case *ast.CallExpr:
		if ce := fs.c.classify(x); ce.kind != ckConv || len(x.Args) == 1 && !fs.c.isStructKind(fs.c.info.TypeOf(x.Args[0])) {
			// A call, or a conversion that makes a new value ([N]T(s)).
			switch n := fs.callExpr(x, 1); {
			case n == 0:
				fs.pushInt(0)
			case n > 1:
				fs.popN(n - 1)
			}
			return
		}
		fs.structValue(x.Args[0], t)
		return
	}
	fs.addr(e)
	fs.setPos(e.Pos())
	fs.emit(vm.OpObjCopy, fs.c.layout(t), 0, 1, 1)
}

// structLit pushes a fresh object for the literal e of struct type t.
func (fs *fnState) structLit(e *ast.CompositeLit, t types.Type) {
	s := structOf(t)
	fs.setPos(e.Lbrace)
	fs.zeroValue(t)
	for i, el := range e.Elts {
		fi, val := i, el
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			val = kv.Value
			if id, ok := kv.Key.(*ast.Ident); ok {
				for j := 0; j < s.NumFields(); j++ {
					if s.Field(j).Name() == id.Name {
						fi = j
					}
				}
			}
		}
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.exprTo(val, s.Field(fi).Type())
		fs.emit(vm.OpSetField, int32(fi), 0, 2, 0)
	}
}

// storeStruct assigns the struct on top of the stack to variable v.
func (fs *fnState) storeStruct(v *types.Var) {
	fs.load(v)
	fs.emit(vm.OpObjAssign, fs.c.layout(v.Type()), 1, 2, 0)
}

// isElem reports whether e is a field (x.f) or a slice element (s[i]):
// an assignable place other than a variable.
func (c *compiler) isElem(e ast.Expr) bool {
	if x, _ := c.fieldSel(e); x != nil {
		return true
	}
	if ix, ok := unparen(e).(*ast.IndexExpr); ok {
		k, _ := c.kindOf(c.info.TypeOf(ix.X))
		return k == kSlice || k == kMap || arrayOf(c.info.TypeOf(ix.X)) != nil
	}
	if st, ok := unparen(e).(*ast.StarExpr); ok {
		k, _ := c.kindOf(c.info.TypeOf(st.X))
		return k == kRefPtr
	}
	return false
}

// fieldSel is e's field selection, or nil.
func (c *compiler) fieldSel(e ast.Expr) (*ast.SelectorExpr, *types.Selection) {
	x, ok := unparen(e).(*ast.SelectorExpr)
	if !ok {
		return nil, nil
	}
	sel := c.info.Selections[x]
	if sel == nil || sel.Kind() != types.FieldVal {
		return nil, nil
	}
	return x, sel
}

// storeTo pops the top of the stack into e, a field (x.f) or a pointer's
// target (*p); it reports false for any other e.
func (fs *fnState) storeTo(e ast.Expr) bool {
	c := fs.c
	if fs.storeIndex(e) || fs.storeMap(e) || fs.storeDeref(e) || fs.storeArrayElem(e) {
		return true
	}
	t := c.info.TypeOf(e)
	if x, sel := c.fieldSel(e); x != nil {
		path := sel.Index()
		fs.addr(x.X)
		fs.setPos(x.Sel.Pos())
		fs.fieldPath(path[:len(path)-1])
		last := int32(path[len(path)-1])
		if c.isStructKind(t) {
			fs.emit(vm.OpField, last, 0, 1, 1)
			fs.emit(vm.OpObjAssign, c.layout(t), 1, 2, 0)
		} else {
			fs.emit(vm.OpSetField, last, 1, 2, 0)
		}
		return true
	}
	if st, ok := unparen(e).(*ast.StarExpr); ok && c.isStructKind(t) {
		fs.expr(st.X)
		fs.setPos(st.Star)
		fs.emit(vm.OpObjAssign, c.layout(t), 1, 2, 0)
		return true
	}
	return false
}

// structEq compares the two structs on top of the stack.
func (fs *fnState) structEq(op token.Token, t types.Type) {
	fs.emit(vm.OpObjEq, fs.c.layout(t), 0, 2, 1)
	if op == token.NEQ {
		fs.emit(vm.OpNot, 0, 0, 1, 1)
	}
}
