package lang

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// fmt on the host (vm/host_fmt.go): operands whose static type is a basic
// type (an integer of any width, a float, a string, a bool, or a named type
// of one with no methods) are formatted by the real fmt, given their Go
// type, so that the text is Go's for every verb, flag, width, precision,
// argument index and error form. A Printf whose operands are all basic and
// whose format the lowered path (fmt.go) does not cover runs whole on the
// host; otherwise each basic operand the lowered path cannot format is
// formatted alone (fmt.value).

// basicName is the name of the basic type fmt sees for a value of static
// type t ("float64", "uint8", …, or "[]T" for a slice of one), and whether
// t is such a type. An untyped constant has its default type.
func (c *compiler) basicName(t types.Type) (string, bool) {
	if t == nil {
		return "", false
	}
	if n, ok := types.Unalias(t).(*types.Named); ok {
		if n.NumMethods() > 0 || n.Obj().Pkg() != c.pkg {
			return "", false
		}
	}
	if s, ok := t.Underlying().(*types.Slice); ok {
		if isNamed(s.Elem()) {
			return "", false // %v of []T calls T's methods; %T names T
		}
		e, ok := c.basicName(s.Elem())
		return "[]" + e, ok
	}
	b, ok := t.Underlying().(*types.Basic)
	if !ok {
		return "", false
	}
	switch b.Kind() {
	case types.UntypedInt:
		return "int", true
	case types.UntypedRune:
		return "int32", true
	case types.UntypedFloat:
		return "float64", true
	case types.UntypedString:
		return "string", true
	case types.UntypedBool:
		return "bool", true
	case types.Byte:
		return "uint8", true
	case types.Rune:
		return "int32", true
	case types.UntypedNil, types.UnsafePointer, types.Complex64, types.Complex128, types.UntypedComplex, types.Invalid:
		return "", false
	}
	return b.Name(), true
}

// isNamed reports whether t is a named type (whose %T is not its basic
// type's name).
func isNamed(t types.Type) bool {
	_, ok := types.Unalias(t).(*types.Named)
	return ok
}

// constBasic is the value of constant v as a Go value of the basic type
// named name, for formatting at compile time.
func constBasic(name string, v constant.Value) any {
	switch name {
	case "float64":
		f, _ := constant.Float64Val(constant.ToFloat(v))
		return f
	case "float32":
		f, _ := constant.Float32Val(constant.ToFloat(v))
		return f
	case "string":
		return constant.StringVal(v)
	case "bool":
		return constant.BoolVal(v)
	}
	iv := constant.ToInt(v)
	if i, ok := constant.Int64Val(iv); ok {
		return vm.BasicValue(name, vm.Value{I: i})
	}
	u, _ := constant.Uint64Val(iv)
	return vm.BasicValue(name, vm.Value{I: int64(u)})
}

// fmtBasic formats the basic operand a with directive (a whole fmt
// directive, "%8.3f") into b: at compile time for a constant, else with
// fmt.value.
func (fs *fnState) fmtBasic(b *sbuild, a ast.Expr, name, directive string) {
	c := fs.c
	tv := c.info.Types[a]
	if tv.Value != nil {
		b.text(fmt.Sprintf(directive, constBasic(name, tv.Value)))
		return
	}
	b.dyn(func() {
		fs.expr(a)
		fs.fmtValueHost(name, directive)
	})
}

// fmtValueHost replaces the value of the basic type called name on top of
// the stack by its text under directive.
func (fs *fnState) fmtValueHost(name, directive string) {
	idx, _, _, _ := vm.Host("fmt.value")
	fs.emitOp(vm.OpHost, idx, fs.c.str(name+"\x00"+directive), 1, 1)
}

// hostPrintArgs returns the basic type names of args if every one is a
// basic operand (and, for a format with %T, unnamed).
func (c *compiler) hostPrintArgs(format string, args []ast.Expr) ([]string, bool) {
	var names []string
	for _, a := range args {
		tv := c.info.Types[a]
		name, ok := c.basicName(tv.Type)
		if !ok || tv.IsNil() || isNamed(tv.Type) && strings.Contains(format, "T") {
			return nil, false
		}
		if strings.HasPrefix(name, "[]") && strings.Contains(format, "p") {
			return nil, false // %p of a slice: the host's address (fmtPointer makes one up)
		}
		names = append(names, name)
	}
	return names, true
}

// sprintfHost pushes the text of fmt.Sprintf(format, args...) (mode f),
// Sprint (p) or Sprintln (l), computed whole on the host; the operands are
// basic (hostPrintArgs).
func (fs *fnState) sprintfHost(mode, format string, args []ast.Expr, names []string) {
	c := fs.c
	n := int64(len(args))
	fs.pushInt(n)
	fs.pushInt(n)
	fs.emit(vm.OpMakeSlice, -1, 0, 2, 1)
	for i, a := range args {
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.pushInt(int64(i))
		fs.expr(a)
		fs.emit(vm.OpSliceStore, 0, 0, 3, 0)
	}
	idx, _, _, _ := vm.Host("fmt.sprintf")
	fs.emitOp(vm.OpHost, idx, c.str(mode+"\x00"+strings.Join(names, ",")+"\x00"+format), 1, 1)
}

// lowerablePrintf reports whether the lowered Printf (fmt.go: printf) formats
// format with operands of kinds ks exactly and without an error: flags
// - and 0 only (+ with %v), a width, no precision, * or [n], verbs %v %d
// %s %t %q on the kinds that take them, as many operands as directives.
func (c *compiler) lowerablePrintf(format string, args []ast.Expr) bool {
	argi := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		flags, _, next := scanFlagsWidth(format, i+1)
		i = next
		if i >= len(format) || strings.IndexByte(".*[", format[i]) >= 0 || strings.ContainsAny(flags, "# ") {
			return false
		}
		verb := format[i]
		if verb == '%' {
			continue
		}
		if argi >= len(args) || strings.Contains(flags, "+") && verb != 'v' {
			return false
		}
		k, _ := c.kindOf(c.info.TypeOf(args[argi]))
		argi++
		if !lowerableVerb(k, flags, rune(verb)) {
			return false
		}
	}
	return argi == len(args)
}

// lowerableVerb reports whether the lowered path formats an operand of
// kind k with verb and flags as fmt does.
func lowerableVerb(k vkind, flags string, verb rune) bool {
	if strings.ContainsAny(flags, "+# ") {
		return false
	}
	switch k {
	case kInt:
		return strings.ContainsRune("vd", verb)
	case kBool:
		return strings.ContainsRune("vt", verb)
	case kString:
		return strings.ContainsRune("vsq", verb)
	case kSlice:
		return verb == 'v'
	}
	return false
}

// fmtPointer formats a with %p (directive) if it is a pointer to a struct,
// a slice, a map, a channel or a func, and reports whether it did: the
// address is made up (vm/host_fmt.go: fmt.pointer).
func (fs *fnState) fmtPointer(b *sbuild, a ast.Expr, directive string) bool {
	switch k, _ := fs.c.kindOf(fs.c.info.TypeOf(a)); k {
	case kObjPtr, kSlice, kMap, kChan, kFunc:
	default:
		return false
	}
	b.dyn(func() {
		fs.expr(a)
		idx, _, _, _ := vm.Host("fmt.pointer")
		fs.emitOp(vm.OpHost, idx, fs.c.str(directive), 1, 1)
	})
	return true
}

// fmtStaticType formats a with %T (directive, which may have a width and
// flags) when its static type is not an interface: the type is known at
// compile time. The operand is still evaluated, for its effects.
func (fs *fnState) fmtStaticType(b *sbuild, a ast.Expr, directive string) bool {
	c := fs.c
	tv := c.info.Types[a]
	if tv.Type == nil || tv.IsNil() || types.IsInterface(tv.Type) {
		return false
	}
	// The run-time type's name (rtypeName: byte and rune are uint8 and
	// int32, func types without parameter names); an untyped constant has
	// its default type.
	name := rtypeName(tv.Type)
	if b, ok := tv.Type.(*types.Basic); ok && b.Info()&types.IsUntyped != 0 {
		name, _ = c.basicName(tv.Type)
	}
	if tv.Value == nil {
		b.flush()
		fs.expr(a)
		fs.emit(vm.OpPop, 0, 0, 1, 0)
	}
	b.text(fmt.Sprintf(directive[:len(directive)-1]+"s", name))
	return true
}

// numberVerbName is the basic type under t, a named number type of the
// program with methods, for a verb that fmt applies to the number itself
// (not String or Error, which the verbs %v %s %q %x %X call): %.2f of a
// Celsius with a String method formats the float.
func (c *compiler) numberVerbName(t types.Type, verb rune) (string, bool) {
	n, ok := types.Unalias(t).(*types.Named)
	if !ok || n.Obj().Pkg() != c.pkg {
		return "", false
	}
	b, ok := n.Underlying().(*types.Basic)
	switch {
	case !ok:
		return "", false
	case b.Info()&types.IsFloat != 0 && strings.ContainsRune("eEfFgGb", verb),
		b.Info()&types.IsInteger != 0 && strings.ContainsRune("dboOcU", verb):
		return c.basicName(b)
	}
	return "", false
}
