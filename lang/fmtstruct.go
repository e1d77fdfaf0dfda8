package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strconv"

	"github.com/gmplab/gmplab/vm"
)

// fmt's printing of the program's own types: a String or Error method
// (handleMethods), structs as {a b} or with %+v {A:a B:b}, a pointer to a
// struct as &{a b} at the top level (printValue, depth 0).

// fmtMethodArg formats a with its Error or String method, if fmt would
// call one for verb; it reports whether it did.
func (fs *fnState) fmtMethodArg(b *sbuild, a ast.Expr, verb rune, width int, flags string) bool {
	c := fs.c
	tv := c.info.Types[a]
	if tv.IsNil() || (verb != 'v' && verb != 's' && verb != 'q') {
		return false
	}
	sel := c.stringMethod(tv.Type)
	if sel == nil {
		return false
	}
	_, idx, _ := c.userMethod(sel)
	b.dyn(func() {
		fs.pushRecv(sel, a)
		fs.setPos(a.Pos())
		fs.call(idx, 1, 1, 8)
		if verb == 'q' {
			fs.emitOp(vm.OpFmtQ, 0, 0, 1, 1)
		}
		fs.pad(width, flags, false)
	})
	return true
}

// pad pads the string on top of the stack to width (fmt's width and the
// - and 0 flags).
func (fs *fnState) pad(width int, flags string, number bool) {
	if width <= 0 {
		return
	}
	var f int32
	for _, r := range flags {
		switch r {
		case '-':
			f |= 1
		case '0':
			f |= 2
		}
	}
	if number {
		f |= 4
	}
	fs.emitOp(vm.OpFmtPad, int32(width), f, 1, 1)
}

// fmtStructArg formats a struct or a pointer to one with %v or %+v.
func (fs *fnState) fmtStructArg(b *sbuild, key string, a ast.Expr, k vkind, verb rune, width int, flags string) bool {
	c := fs.c
	t := c.info.TypeOf(a)
	if verb != 'v' {
		c.errorf(a.Pos(), "%s format %%%s%c has arg %s of wrong type %s", key, flags, verb, types.ExprString(a), types.TypeString(t, c.qualifier))
		return true
	}
	if containsItself(t, nil) {
		// The lowering below expands the type's parts at compile time;
		// a type that contains itself is formatted at run time, where
		// only the value's finite depth is walked (fmt_any.go).
		fs.fmtAsAny(b, a, width, flags)
		return true
	}
	plus := false
	for _, r := range flags {
		plus = plus || r == '+'
	}
	if k == kObjPtr && arrayOf(t) != nil {
		if !c.printableType(a.Pos(), arrayOf(t)) {
			return true
		}
	} else if k == kObjPtr && !c.printable(a.Pos(), structOf(t)) || k != kObjPtr && !c.printableType(a.Pos(), t) {
		return true
	}
	b.dyn(func() {
		fs.expr(a)
		if k == kMap {
			fs.fmtMap(t, plus)
		} else if k == kSlice {
			fs.fmtSlice(sliceElem(t), plus)
		} else if k == kStruct {
			fs.fmtStruct(structOf(t), plus, "{")
		} else if k == kArray {
			fs.fmtArray(t, plus)
		} else if arrayOf(t) != nil {
			fs.fmtArrayPtr(t, plus)
		} else {
			// &{...}, or <nil> for a nil pointer.
			isNil, end := fs.newLabel(), fs.newLabel()
			fs.emit(vm.OpDup, 0, 0, 1, 2)
			fs.jump(vm.OpJumpIfNot, isNil)
			fs.fmtStruct(structOf(t), plus, "&{")
			fs.jump(vm.OpJump, end)
			fs.bind(isNil)
			fs.emit(vm.OpPop, 0, 0, 1, 0)
			fs.pushStr("<nil>")
			fs.bind(end)
		}
		fs.pad(width, flags, false)
	})
	return true
}

// printable reports (once) a struct whose fields fmt would print in a way
// the simulator cannot reproduce: addresses, and the internals of sync
// and time values.
func (c *compiler) printable(pos token.Pos, s *types.Struct) bool {
	for i := 0; i < s.NumFields(); i++ {
		ft := s.Field(i).Type()
		if (c.stringMethod(ft) != nil || c.libs.isTimeType(ft, "Time")) && s.Field(i).Exported() {
			continue
		}
		if !c.printableType(pos, ft) {
			return false
		}
	}
	return true
}

// printableType is printable for any field or element type.
func (c *compiler) printableType(pos token.Pos, ft types.Type) bool {
	if c.stringMethod(ft) != nil {
		return true
	}
	what := "printing a struct or slice holding a " + types.TypeString(ft, c.qualifier)
	switch k, _ := c.kindOf(ft); k {
	case kSlice:
		return c.printableType(pos, sliceElem(ft))
	case kMap:
		kt, et := mapTypes(ft)
		return c.printableType(pos, kt) && c.printableType(pos, et)
	case kStruct:
		return c.printable(pos, structOf(ft))
	case kArray:
		return c.printableType(pos, arrayOf(ft).Elem())
	case kObjPtr, kChan, kFunc, kPtr, kRefPtr:
		c.unsupported(pos, what, "it prints as an address, which the simulator cannot make up; print the fields you need")
		return false
	case kSync, kTime:
		c.unsupported(pos, what, "print the fields you need")
		return false
	}
	return true
}

// fmtStruct replaces the object on top of the stack by its text, fields
// separated by spaces inside open…}.
func (fs *fnState) fmtStruct(s *types.Struct, plus bool, open string) {
	tmp := fs.newSlot(8)
	fs.emit(vm.OpStore, tmp, 0, 1, 0)
	fs.pushStr(open)
	for i := 0; i < s.NumFields(); i++ {
		f := s.Field(i)
		sep := ""
		if i > 0 {
			sep = " "
		}
		if plus {
			sep += f.Name() + ":"
		}
		if sep != "" {
			fs.pushStr(sep)
			fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
		}
		fs.emit(vm.OpLoad, tmp, 0, 0, 1)
		fs.emit(vm.OpField, int32(i), 0, 1, 1)
		fs.fmtValue(f.Type(), plus, f.Exported())
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	}
	fs.pushStr("}")
	fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
}

// fmtValue replaces a value of type ft inside a struct or a slice (an
// exported field or an element: canInterface) by its text.
func (fs *fnState) fmtValue(ft types.Type, plus, canInterface bool) {
	c := fs.c
	if sel := c.stringMethod(ft); sel != nil && canInterface && len(sel.Index()) == 1 {
		if _, ptr := recvNamed(sel.Obj().(*types.Func)); !ptr || isPointer(ft) {
			_, idx, _ := c.userMethod(sel)
			if c.isStructKind(ft) {
				fs.emit(vm.OpObjCopy, c.layout(ft), 0, 1, 1)
			}
			fs.call(idx, 1, 1, 8)
			return
		}
	}
	k, _ := c.kindOf(ft)
	switch {
	case canInterface && c.libs.isTimeType(ft, "Time", "Month", "Weekday"):
		fs.host("time." + ft.(*types.Named).Obj().Name() + ".String") // a Stringer
	case k == kInt && canInterface && types.Identical(ft, c.libs.duration):
		fs.emitOp(vm.OpFmtDur, 0, 0, 1, 1)
	case k == kInt:
		fs.fmtInt(ft)
	case k == kBool:
		fs.emitOp(vm.OpFmtBool, 0, 0, 1, 1)
	case k == kFloat:
		name, _ := c.basicName(ft)
		fs.fmtValueHost(name, "%v")
	case k == kString:
	case k == kEmpty:
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		fs.pushStr("{}")
	case k == kStruct:
		fs.fmtStruct(structOf(ft), plus, "{")
	case k == kSlice:
		fs.fmtSlice(sliceElem(ft), plus)
	case k == kArray:
		fs.fmtArray(ft, plus)
	case k == kMap:
		fs.fmtMap(ft, plus)
	case k == kIface:
		if plus {
			fs.fmtAny('v', 0, "+")
		} else {
			fs.fmtAny('v', 0, "")
		}
	default:
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		fs.pushStr("?" + strconv.Itoa(int(k)))
	}
}

// containsItself reports whether a named type in t contains itself
// through its fields, elements, keys, parameters or results (type Tree
// struct{ Kids []Tree }); path holds the named types being walked. Not
// through a pointer: fmt prints a pointer inside a value as an address,
// which the lowering refuses before it would recurse.
func containsItself(t types.Type, path []*types.Named) bool {
	switch t := types.Unalias(t).(type) {
	case *types.Named:
		for _, n := range path {
			if types.Identical(n, t) {
				return true
			}
		}
		return containsItself(t.Underlying(), append(path, t))
	case *types.Struct:
		for i := range t.NumFields() {
			if containsItself(t.Field(i).Type(), path) {
				return true
			}
		}
	case *types.Slice:
		return containsItself(t.Elem(), path)
	case *types.Array:
		return containsItself(t.Elem(), path)
	case *types.Chan:
		return containsItself(t.Elem(), path)
	case *types.Map:
		return containsItself(t.Key(), path) || containsItself(t.Elem(), path)
	case *types.Signature:
		for _, tu := range []*types.Tuple{t.Params(), t.Results()} {
			for i := range tu.Len() {
				if containsItself(tu.At(i).Type(), path) {
					return true
				}
			}
		}
	}
	return false
}
