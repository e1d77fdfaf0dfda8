package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Arrays (vm/array.go): [N]T values live in objects of N slots, as
// structs do, so that copying, assigning and comparing them, and pointers
// to them, are the struct machinery's (isStructKind, layout). Indexing
// with a constant is a field access (go/types has checked its bounds), a
// variable index is bounds-checked at run time with Go's message; slicing
// an array, or ranging over it, goes through a slice that shares its
// object.

// arrayOf is t's array type (t an array or a pointer to one), or nil.
func arrayOf(t types.Type) *types.Array {
	if t == nil {
		return nil
	}
	if p, ok := t.Underlying().(*types.Pointer); ok {
		t = p.Elem()
	}
	a, _ := t.Underlying().(*types.Array)
	return a
}

// arrayKind classifies an array type.
func (c *compiler) arrayKind(t *types.Array) (vkind, string) {
	switch ek, why := c.kindOf(t.Elem()); ek {
	case kBad:
		return kBad, why
	case kSync, kTuple, kNil:
		return kBad, "an array of " + types.TypeString(t.Elem(), c.qualifier) + " (values)"
	}
	if t.Len() > 1<<20 {
		// Each element is a slot of the VM (24 bytes) and of the
		// array's layout: bigger arrays are better made slices.
		return kBad, "an array of more than 1048576 elements"
	}
	return kArray, ""
}

// arrayLit pushes a new array for the literal e ([3]int{1, 2, 3},
// [...]string{2: "c"}).
func (fs *fnState) arrayLit(e *ast.CompositeLit, t types.Type) {
	c := fs.c
	elem := arrayOf(t).Elem()
	fs.setPos(e.Lbrace)
	fs.zeroValue(t)
	next := int64(0)
	for _, el := range e.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if v, ok := c.constInt(kv.Key); ok {
				next = v
			}
			el = kv.Value
		}
		if lit, ok := el.(*ast.CompositeLit); ok && lit.Type == nil {
			c.info.Types[lit] = types.TypeAndValue{Type: elem} // {1, 2} in [2]Point{{1, 2}}
		}
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.exprTo(el, elem)
		fs.emit(vm.OpSetField, int32(next), 0, 2, 0)
		next++
	}
}

// arrayElem pushes a[i]'s value, where a is an array or a pointer to one
// (for an element held in an object, that object: the caller copies it).
func (fs *fnState) arrayElem(e *ast.IndexExpr) {
	fs.addr(e.X)
	fs.setPos(e.Lbrack)
	if i, ok := fs.c.constInt(e.Index); ok && !isPointer(fs.c.info.TypeOf(e.X)) {
		fs.emit(vm.OpField, int32(i), 0, 1, 1)
		return
	}
	fs.expr(e.Index)
	fs.setPos(e.Lbrack)
	fs.emit(vm.OpIndexObj, 0, 0, 2, 1)
}

// storeArrayElem pops the top of the stack into a[i] (it reports false if
// e is not an array element).
func (fs *fnState) storeArrayElem(e ast.Expr) bool {
	c := fs.c
	ix, ok := unparen(e).(*ast.IndexExpr)
	if !ok || arrayOf(c.info.TypeOf(ix.X)) == nil {
		return false
	}
	if t := c.info.TypeOf(e); c.isStructKind(t) {
		fs.arrayElem(ix)
		fs.emit(vm.OpObjAssign, c.layout(t), 1, 2, 0)
		return true
	}
	fs.addr(ix.X)
	fs.expr(ix.Index)
	fs.setPos(ix.Lbrack)
	fs.emit(vm.OpStoreIndexObj, 0, 1, 3, 0)
	return true
}

// elemRefArray pushes &a[i] for an element that is not an object.
func (fs *fnState) elemRefArray(x *ast.IndexExpr) {
	fs.addr(x.X)
	fs.expr(x.Index)
	fs.setPos(x.Lbrack)
	fs.emit(vm.OpElemRef, 0, 1, 2, 1)
}

// sliceArray compiles a[lo:hi:max] of an (addressable) array or a
// pointer to one: a slice sharing the array's object.
func (fs *fnState) sliceArray(e *ast.SliceExpr) {
	fs.addr(e.X)
	fs.setPos(e.Lbrack)
	fs.emitOp(vm.OpArraySlice, 0, 0, 1, 1)
	if e.Low == nil && e.High == nil && e.Max == nil {
		return
	}
	fs.resliceTop(e)
}

// resliceTop applies e's indices to the slice on top of the stack.
func (fs *fnState) resliceTop(e *ast.SliceExpr) {
	n, flags := fs.sliceBounds(e)
	fs.setPos(e.Lbrack)
	fs.emit(vm.OpReslice, 0, flags, n+1, 1)
}

// sliceBounds pushes the indices e has and returns how many it pushed and
// the flags OpSlice and OpReslice read: 1 if the low index is absent, 2 if
// the high one is, 4 if a max index (s[i:j:k]) is present.
func (fs *fnState) sliceBounds(e *ast.SliceExpr) (n int, flags int32) {
	if e.Low != nil {
		fs.expr(e.Low)
		n++
	} else {
		flags |= 1
	}
	if e.High != nil {
		fs.expr(e.High)
		n++
	} else {
		flags |= 2
	}
	if e.Slice3 && e.Max != nil {
		fs.expr(e.Max)
		n++
		flags |= 4
	}
	return n, flags
}

// arrayLen compiles len and cap of an array (constant unless the operand
// has a call or a receive, which still runs).
func (fs *fnState) arrayLen(arg ast.Expr) {
	fs.expr(arg)
	fs.emit(vm.OpPop, 0, 0, 1, 0)
	fs.pushInt(arrayOf(fs.c.info.TypeOf(arg)).Len())
}

// rangeArray compiles for i, v := range a: over a copy of a when v is
// used and a is an array value, as Go evaluates the range expression once.
func (fs *fnState) rangeArray(s *ast.RangeStmt, name string) {
	c := fs.c
	define := s.Tok == token.DEFINE
	xt := c.info.TypeOf(s.X)
	hs, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	switch {
	case s.Value == nil:
		// Only the length is used: a nil pointer to an array is not
		// dereferenced, nor an array copied (but the expression runs,
		// for its calls).
		fs.addr(s.X)
		fs.emit(vm.OpPop, 0, 0, 1, 0)
	case !isPointer(xt):
		fs.expr(s.X) // a copy
	default:
		fs.addr(s.X)
	}
	if s.Value != nil {
		fs.setPos(s.For)
		fs.emitOp(vm.OpArraySlice, 0, 0, 1, 1)
		fs.emit(vm.OpStore, hs, 0, 1, 0)
	}
	fs.pushInt(arrayOf(xt).Len())
	elem := arrayOf(xt).Elem()
	fs.countLoop(hn, hi, s.For, nil, func(post, end *label) {
		if s.Key != nil {
			fs.emit(vm.OpLoad, hi, 0, 0, 1)
			fs.assignTop(s.Key, define)
		}
		if s.Value != nil {
			fs.loadElem(hs, hi)
			if c.isStructKind(elem) {
				fs.emit(vm.OpObjCopy, c.layout(elem), 0, 1, 1)
			}
			fs.assignTop(s.Value, define)
		}
		fs.targets = append(fs.targets, &target{name: name, brk: end, cont: post})
		fs.stmt(s.Body)
		fs.targets = fs.targets[:len(fs.targets)-1]
	})
}

// fmtArray replaces the array on top of the stack by its text ([a b c]).
func (fs *fnState) fmtArray(t types.Type, plus bool) {
	fs.emitOp(vm.OpArraySlice, 0, 0, 1, 1)
	fs.fmtSlice(arrayOf(t).Elem(), plus)
}

// fmtArrayPtr replaces the pointer to an array on top of the stack by its
// text at the top level: &[a b c], or <nil>.
func (fs *fnState) fmtArrayPtr(t types.Type, plus bool) {
	isNil, end := fs.newLabel(), fs.newLabel()
	tmp := fs.newSlot(16)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.jump(vm.OpJumpIfNot, isNil)
	fs.fmtArray(t, plus)
	fs.emit(vm.OpStore, tmp, 0, 1, 0)
	fs.pushStr("&")
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	fs.jump(vm.OpJump, end)
	fs.bind(isNil)
	fs.emit(vm.OpPop, 0, 0, 1, 0)
	fs.pushStr("<nil>")
	fs.bind(end)
}

// mapKey pushes e as a key of a map whose key type is kt, the map being
// under it, for an index or a delete: an array or a struct as its
// contents (vm/array.go: OpKeyOf), a key holding an interface value as
// its dynamic type and value (vm/mapkey.go), a float normalised as Go
// hashes it (-0 is the key 0: adding +0 turns -0 into +0 and changes
// nothing else; a constant is never -0), anything else as is.
func (fs *fnState) mapKey(e ast.Expr, kt types.Type) { fs.mapKeyFor(e, kt, false) }

// mapStoreKey is mapKey for an assignment (the wording of an unhashable
// key's panic differs: vm/mapkey.go).
func (fs *fnState) mapStoreKey(e ast.Expr, kt types.Type) { fs.mapKeyFor(e, kt, true) }

func (fs *fnState) mapKeyFor(e ast.Expr, kt types.Type, assign bool) {
	c := fs.c
	fs.exprTo(e, kt)
	k, _ := c.kindOf(kt)
	if k == kFloat && c.info.Types[e].Value == nil {
		fs.pushFloat(0)
		fs.emit(vm.OpFloat, vm.FAdd, 0, 2, 1)
	}
	if k != kIface && !(c.isStructKind(kt) && c.holdsIface(kt)) {
		if c.isStructKind(kt) {
			fs.setPos(e.Pos())
			fs.emitOp(vm.OpKeyOf, c.layout(kt), 0, 1, 1)
		}
		return
	}
	b := int32(0)
	if k != kIface {
		b = c.layout(kt) + 1
	}
	b <<= 1
	if assign {
		b |= 1
	}
	i, pop, push, _ := vm.Host("map.key")
	fs.setPos(e.Pos())
	fs.emitOp(vm.OpHost, i, b, pop, push)
}

// holdsIface reports whether array or struct type t has an interface
// inside.
func (c *compiler) holdsIface(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Interface:
		return true
	case *types.Array:
		return c.holdsIface(u.Elem())
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if c.holdsIface(u.Field(i).Type()) {
				return true
			}
		}
	}
	return false
}

// keyObj turns the map key on top of the stack back into a value of key
// type kt (a new object for an array or a struct).
func (fs *fnState) keyObj(kt types.Type) {
	if fs.c.isStructKind(kt) {
		fs.emitOp(vm.OpKeyObj, fs.c.layout(kt), 0, 1, 1)
	}
	if k, _ := fs.c.kindOf(kt); k == kIface {
		fs.hostOp("map.ifaceKeyValue")
	}
}
