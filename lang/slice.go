package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Slices (vm/slice.go): make, literals, indexing, slicing (3-index too),
// append (with growslice's capacities, from the element's size on amd64),
// copy, len, cap, range and printing.

var amd64Sizes = types.SizesFor("gc", "amd64")

func sliceElem(t types.Type) types.Type {
	if s, ok := t.Underlying().(*types.Slice); ok {
		return s.Elem()
	}
	return nil
}

// hasPointers reports whether a value of type t holds pointers (the
// allocator's noscan is its negation).
func hasPointers(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Kind() == types.String || u.Kind() == types.UnsafePointer || u.Kind() == types.UntypedString
	case *types.Struct:
		for i := 0; i < u.NumFields(); i++ {
			if hasPointers(u.Field(i).Type()) {
				return true
			}
		}
		return false
	case *types.Array:
		return u.Len() > 0 && hasPointers(u.Elem())
	}
	return true
}

// elemInfo is OpAppend's B for elements of type t.
func elemInfo(t types.Type) int32 {
	b := int32(amd64Sizes.Sizeof(t)) << 1
	if !hasPointers(t) {
		b |= 1
	}
	return b
}

// appendElem is OpAppend's and OpAppendSlice's B for elements of type t:
// ^layout for a struct or an array (an object each, which append copies),
// else elemInfo.
func (c *compiler) appendElem(t types.Type) int32 {
	if c.isStructKind(t) {
		return ^c.layout(t)
	}
	return elemInfo(t)
}

// elemLayout is OpMakeSlice's A: the elements' struct layout, or -1.
func (c *compiler) elemLayout(t types.Type) int32 {
	if c.isStructKind(t) {
		return c.layout(t)
	}
	return -1
}

// sliceLit pushes a new slice for the literal e.
func (fs *fnState) sliceLit(e *ast.CompositeLit, t types.Type) {
	c := fs.c
	elem := sliceElem(t)
	n := int64(0)
	idx := make([]int64, len(e.Elts))
	next := int64(0)
	for i, el := range e.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			if v, ok := c.constInt(kv.Key); ok {
				next = v
			}
		}
		idx[i] = next
		next++
		n = max(n, next)
	}
	fs.setPos(e.Lbrace)
	fs.pushInt(n)
	fs.pushInt(n)
	fs.emit(vm.OpMakeSlice, c.elemLayout(elem), 0, 2, 1)
	for i, el := range e.Elts {
		if kv, ok := el.(*ast.KeyValueExpr); ok {
			el = kv.Value
		}
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.pushInt(idx[i])
		if lit, ok := el.(*ast.CompositeLit); ok && lit.Type == nil {
			// An elided type: the element's ({1, 2} in []Point{{1, 2}}).
			c.info.Types[lit] = types.TypeAndValue{Type: elem}
		}
		fs.exprTo(el, elem)
		fs.emit(vm.OpSliceStore, 0, 0, 3, 0)
	}
}

// makeSlice compiles make([]T, n[, c]).
func (fs *fnState) makeSlice(call *ast.CallExpr, t types.Type) {
	fs.expr(call.Args[1])
	if len(call.Args) > 2 {
		fs.expr(call.Args[2])
	} else {
		fs.emit(vm.OpDup, 0, 0, 1, 2)
	}
	fs.setPos(call.Lparen)
	fs.emit(vm.OpMakeSlice, fs.c.elemLayout(sliceElem(t)), elemInfo(sliceElem(t)), 2, 1) // a heap allocation (vm/malloc.go)
}

// appendCall compiles append(s, vs...) and append(s, t...).
func (fs *fnState) appendCall(call *ast.CallExpr) {
	c := fs.c
	elem := sliceElem(c.info.TypeOf(call))
	fs.expr(call.Args[0])
	if call.Ellipsis.IsValid() {
		if k, _ := c.kindOf(c.info.TypeOf(call.Args[1])); k != kSlice {
			c.unsupported(call.Args[1].Pos(), "append(s, str...)", "gmplab supports: append(s, t...) with a slice t")
		}
		fs.expr(call.Args[1])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpAppendSlice, 0, c.appendElem(elem), 2, 1)
		return
	}
	for _, a := range call.Args[1:] {
		fs.exprTo(a, elem)
	}
	k := len(call.Args) - 1
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpAppend, int32(k), c.appendElem(elem), k+1, 1)
}

// indexAddr pushes s[i]'s value for a slice (for a struct element, the
// element's object).
func (fs *fnState) sliceIndex(e *ast.IndexExpr) {
	fs.expr(e.X)
	fs.expr(e.Index)
	fs.setPos(e.Lbrack)
	fs.emit(vm.OpSliceIndex, 0, 0, 2, 1)
}

// reslice compiles s[lo:hi:max] on a slice.
func (fs *fnState) reslice(e *ast.SliceExpr) {
	fs.expr(e.X)
	fs.resliceTop(e)
}

// storeIndex pops the top of the stack into s[i] (it reports false if e
// is not a slice element).
func (fs *fnState) storeIndex(e ast.Expr) bool {
	c := fs.c
	ix, ok := unparen(e).(*ast.IndexExpr)
	if !ok {
		return false
	}
	if k, _ := c.kindOf(c.info.TypeOf(ix.X)); k != kSlice {
		return false
	}
	t := c.info.TypeOf(e)
	if c.isStructKind(t) {
		fs.sliceIndex(ix)
		fs.emit(vm.OpObjAssign, c.layout(t), 1, 2, 0)
		return true
	}
	fs.expr(ix.X)
	fs.expr(ix.Index)
	fs.setPos(ix.Lbrack)
	fs.emit(vm.OpSliceStore, 0, 1, 3, 0)
	return true
}

// rangeSlice compiles for k, v := range s.
func (fs *fnState) rangeSlice(s *ast.RangeStmt, name string) {
	c := fs.c
	define := s.Tok == token.DEFINE
	hs, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.expr(s.X)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpStore, hs, 0, 1, 0)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, s.For, nil, func(post, end *label) {
		if s.Key != nil {
			fs.emit(vm.OpLoad, hi, 0, 0, 1)
			fs.assignTop(s.Key, define)
		}
		if s.Value != nil {
			fs.loadElem(hs, hi)
			if et := sliceElem(c.info.TypeOf(s.X)); c.isStructKind(et) {
				fs.emit(vm.OpObjCopy, c.layout(et), 0, 1, 1)
			}
			fs.assignTop(s.Value, define)
		}
		fs.targets = append(fs.targets, &target{name: name, brk: end, cont: post})
		fs.stmt(s.Body)
		fs.targets = fs.targets[:len(fs.targets)-1]
	})
}

// fmtSlice replaces the slice on top of the stack by its text with %v:
// [a b c], elements formatted as fields are.
func (fs *fnState) fmtSlice(elem types.Type, plus bool) {
	hs, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpStore, hs, 0, 1, 0)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, token.NoPos, func() { fs.pushStr("[") }, func(_, _ *label) {
		fs.fmtSep(hi)
		fs.loadElem(hs, hi)
		fs.fmtValue(elem, plus, true)
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	})
	fs.pushStr("]")
	fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
}

// loadElem pushes the element at the index in slot hi of the slice in
// slot hs.
func (fs *fnState) loadElem(hs, hi int32) {
	fs.emit(vm.OpLoad, hs, 0, 0, 1)
	fs.emit(vm.OpLoad, hi, 0, 0, 1)
	fs.emit(vm.OpSliceIndex, 0, 0, 2, 1)
}

// fmtSep appends a space to the text on top of the stack unless the index
// in slot hi is 0: the separator of fmt's [a b c] and map[k:v k:v].
func (fs *fnState) fmtSep(hi int32) {
	first := fs.newLabel()
	fs.emit(vm.OpLoad, hi, 0, 0, 1)
	fs.jump(vm.OpJumpIfNot, first)
	fs.pushStr(" ")
	fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	fs.bind(first)
}

// isByteOrRune is 'b' for byte, 'r' for rune, else 0.
func isByteOrRune(t types.Type) byte {
	if b, ok := t.Underlying().(*types.Basic); ok {
		switch b.Kind() {
		case types.Uint8:
			return 'b'
		case types.Int32:
			return 'r'
		}
	}
	return 0
}

// rangeString compiles for i, r := range s: runes, decoded as Go does
// (an invalid byte is U+FFFD of width 1).
func (fs *fnState) rangeString(s *ast.RangeStmt, name string) {
	define := s.Tok == token.DEFINE
	hs, hi, hr, hw := fs.newSlot(16), fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.expr(s.X)
	fs.emit(vm.OpStore, hs, 0, 1, 0)
	fs.pushInt(0)
	fs.emit(vm.OpStore, hi, 0, 1, 0)
	head, post, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
	fs.bind(head)
	fs.setPos(s.For)
	fs.emit(vm.OpLoad, hi, 0, 0, 1)
	fs.emit(vm.OpLoad, hs, 0, 0, 1)
	fs.emit(vm.OpSLen, 0, 0, 1, 1)
	fs.emit(vm.OpLt, 0, 0, 2, 1)
	fs.jump(vm.OpJumpIfNot, end)
	fs.emit(vm.OpLoad, hs, 0, 0, 1)
	fs.emit(vm.OpLoad, hi, 0, 0, 1)
	fs.emitOp(vm.OpStrings, vm.StrDecodeRune, 0, 2, 2)
	fs.emit(vm.OpStore, hw, 0, 1, 0)
	fs.emit(vm.OpStore, hr, 0, 1, 0)
	if s.Key != nil {
		fs.emit(vm.OpLoad, hi, 0, 0, 1)
		fs.assignTop(s.Key, define)
	}
	if s.Value != nil {
		fs.emit(vm.OpLoad, hr, 0, 0, 1)
		fs.assignTop(s.Value, define)
	}
	fs.targets = append(fs.targets, &target{name: name, brk: end, cont: post})
	fs.stmt(s.Body)
	fs.targets = fs.targets[:len(fs.targets)-1]
	fs.bind(post)
	fs.setPos(s.For)
	fs.emit(vm.OpLoad, hi, 0, 0, 1)
	fs.emit(vm.OpLoad, hw, 0, 0, 1)
	fs.emit(vm.OpAdd, 0, 0, 2, 1)
	fs.emit(vm.OpStore, hi, 0, 1, 0)
	fs.jump(vm.OpJump, head)
	fs.bind(end)
}
