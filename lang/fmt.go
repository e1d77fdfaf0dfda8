package lang

import (
	"fmt"
	"go/ast"
	"go/constant"
	"go/types"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/gmplab/gmplab/vm"
)

// fmt.Println and friends are lowered to string operations: each argument
// is formatted by an OpFmt* (or at compile time, if it is a constant), the
// pieces are concatenated, and OpPrint writes the result in one go.

func itoa(v int64) string { return strconv.FormatInt(v, 10) }

func constantString(v constant.Value) string {
	if v.Kind() == constant.String {
		return constant.StringVal(v)
	}
	return v.ExactString()
}

// sbuild builds a string on the operand stack from literal text (merged at
// compile time) and dynamic pieces, concatenating as it goes.
type sbuild struct {
	fs     *fnState
	lit    strings.Builder
	pushed bool
}

func (b *sbuild) text(s string) { b.lit.WriteString(s) }

func (b *sbuild) concat() {
	if b.pushed {
		b.fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	}
	b.pushed = true
}

func (b *sbuild) flush() {
	if b.lit.Len() > 0 {
		b.fs.pushStr(b.lit.String())
		b.lit.Reset()
		b.concat()
	}
}

// dyn adds a piece that push pushes (one string).
func (b *sbuild) dyn(push func()) {
	b.flush()
	push()
	b.concat()
}

// done leaves the whole string on the stack.
func (b *sbuild) done() {
	b.flush()
	if !b.pushed {
		b.fs.pushStr("")
	}
}

const maxWidth = 1000

const supFmt = "gmplab supports: every verb, flag, width, precision and argument index"

// fmtCall pushes the text that fmt.Print*/Sprint* (key) would produce.
func (fs *fnState) fmtCall(call *ast.CallExpr, key string) {
	c := fs.c
	b := &sbuild{fs: fs}
	isStr := func(a ast.Expr) bool {
		k, _ := c.kindOf(c.info.TypeOf(a))
		return k == kString
	}
	if mode, ok := c.fmtRunMode(call, key); ok {
		fs.fmtRuntime(call, mode) // fmt_runtime.go
		return
	}
	if call.Ellipsis.IsValid() && spreadable[key] {
		fs.fmtSpread(call, key)
		return
	}
	args := call.Args
	if len(args) == 1 {
		args = fs.spreadTuple(args[0])
	}
	switch key {
	case "fmt.Println", "fmt.Sprintln":
		for i, a := range args {
			if i > 0 {
				b.text(" ")
			}
			fs.fmtArg(b, key, a, 'v', 0, "")
		}
		b.text("\n")
	case "fmt.Print", "fmt.Sprint":
		for i, a := range args {
			if i > 0 && !isStr(args[i-1]) && !isStr(a) && !fs.printSpace(b, args[i-1], a) {
				b.text(" ")
			}
			fs.fmtArg(b, key, a, 'v', 0, "")
		}
	default: // Printf, Sprintf
		if len(call.Args) == 0 {
			break
		}
		tv := c.info.Types[call.Args[0]]
		if tv.Value == nil || tv.Value.Kind() != constant.String {
			// A format known at run time only, every operand of a basic
			// type (unnamed, for %T; no slice, for %p): on the host (else
			// fmtRunMode chose the run-time path).
			names, _ := c.hostPrintArgs("%T%p", call.Args[1:])
			b.dyn(func() { fs.sprintfHost("d", "", call.Args, append([]string{"string"}, names...)) })
			break
		}
		format, rest := constant.StringVal(tv.Value), call.Args[1:]
		if names, ok := c.hostPrintArgs(format, rest); ok && !c.lowerablePrintf(format, rest) {
			b.dyn(func() { fs.sprintfHost("f", format, rest, names) })
			break
		}
		fs.printf(b, call, key, format, rest)
	}
	b.done()
}

func (fs *fnState) printf(b *sbuild, call *ast.CallExpr, key, format string, args []ast.Expr) {
	c := fs.c
	argi := 0
	plural := func(n int) string {
		if n == 1 {
			return "1 arg"
		}
		return strconv.Itoa(n) + " args"
	}
	for i := 0; i < len(format); {
		if format[i] != '%' {
			j := strings.IndexByte(format[i:], '%')
			if j < 0 {
				j = len(format) - i
			}
			b.text(format[i : i+j])
			i += j
			continue
		}
		start := i
		flags, width, next := scanFlagsWidth(format, i+1)
		i = next
		if width > maxWidth {
			c.unsupported(call.Pos(), "a width over "+strconv.Itoa(maxWidth)+" in "+key, supFmt)
			return
		}
		prec := ""
		if i < len(format) && format[i] == '.' {
			j := i + 1
			for j < len(format) && format[j] >= '0' && format[j] <= '9' {
				j++
			}
			prec, i = format[i:j], j
		}
		if i < len(format) && strings.IndexByte("*[", format[i]) >= 0 {
			c.unsupported(call.Pos(), "* and [n] in "+key+" formats with operands that are not all numbers, strings or bools", supFmt)
			return
		}
		if i >= len(format) {
			c.errorf(call.Pos(), "%s format %s is missing verb at end of string", key, format[start:])
			return
		}
		verb, size := utf8.DecodeRuneInString(format[i:])
		i += size
		directive := format[start:i]
		if verb == '%' {
			b.text("%")
			continue
		}
		// An interface operand is formatted at run time with any verb and
		// flags (fmt_any.go); any other with the host's fmt where the
		// lowering below cannot do it (fmtBasic).
		isIface := argi < len(args) && types.IsInterface(c.info.TypeOf(args[argi]))
		if !isIface {
			if verb == 'T' && argi < len(args) && fs.fmtStaticType(b, args[argi], directive) {
				argi++
				continue
			}
			if verb == 'p' && argi < len(args) && fs.fmtPointer(b, args[argi], directive) {
				argi++
				continue
			}
			if argi < len(args) {
				t := c.info.TypeOf(args[argi])
				k, _ := c.kindOf(t)
				name, ok := c.basicName(t)
				if !ok {
					name, ok = c.numberVerbName(t, verb)
				}
				if ok && (k == kFloat || prec != "" || !lowerableVerb(k, flags, verb)) {
					fs.fmtBasic(b, args[argi], name, directive)
					argi++
					continue
				}
			}
			if prec != "" {
				c.unsupported(call.Pos(), "a precision in "+key+" for "+typeString(c, args[min(argi, len(args)-1)]), supFmt)
				return
			}
		}
		if isIface && prec != "" {
			c.unsupported(call.Pos(), "a precision in "+key+" for an interface value", supFmt)
			return
		}
		if !isIface && verb == 'v' && strings.Contains(flags, "#") && argi < len(args) {
			fs.fmtAsAny(b, args[argi], width, flags) // lib_fmt_fprint.go
			argi++
			continue
		}
		dyn := verb == 'T' || isIface
		if !dyn && (strings.ContainsAny(flags, "# ") || strings.Contains(flags, "+") && verb != 'v') {
			c.unsupported(call.Pos(), "the flags + # and space in "+key+" (except %+v)", supFmt)
			return
		}
		if verbs := "vdstq"; key == "fmt.Errorf" && verb == 'w' {
			// %w formats as %v; the wrapping itself (Unwrap) is not modelled.
		} else if strings.IndexRune(verbs, verb) < 0 && !dyn {
			c.unsupported(call.Pos(), "the verb "+directive+" in "+key, supFmt)
			return
		}
		if argi >= len(args) {
			c.errorf(call.Pos(), "%s format %s reads arg #%d, but call has %s", key, directive, argi+1, plural(len(args)))
			return
		}
		fs.fmtArg(b, key, args[argi], verb, width, flags)
		argi++
	}
	if argi < len(args) {
		c.errorf(call.Pos(), "%s call needs %s but has %s", key, plural(argi), plural(len(args)))
	}
}

// spreadTuple evaluates a multi-value call used as the only argument of a
// print function into temporaries, and returns expressions that read
// them; any other argument is returned as is.
func (fs *fnState) spreadTuple(a ast.Expr) []ast.Expr {
	c := fs.c
	tuple, ok := c.info.TypeOf(a).(*types.Tuple)
	if !ok || tuple.Len() < 2 {
		return []ast.Expr{a}
	}
	n := fs.exprN(a)
	if n != tuple.Len() {
		fs.popN(n)
		return nil
	}
	if fs.subst == nil {
		fs.subst = map[ast.Expr]int32{}
	}
	vals := make([]ast.Expr, n)
	for i := n - 1; i >= 0; i-- {
		t := tuple.At(i).Type()
		id := &ast.Ident{NamePos: a.Pos(), Name: "result" + strconv.Itoa(i)}
		c.info.Types[id] = types.TypeAndValue{Type: t}
		s := fs.newSlot(c.slotSize(t))
		fs.emit(vm.OpStore, s, 0, 1, 0)
		fs.subst[id] = s
		vals[i] = id
	}
	return vals
}

// fmtArg formats argument a with verb, width and flags ("-", "0").
func (fs *fnState) fmtArg(b *sbuild, key string, a ast.Expr, verb rune, width int, flags string) {
	c := fs.c
	tv := c.info.Types[a]
	t := tv.Type
	k, why := c.kindOf(t)
	isDur := t != nil && types.Identical(t, c.libs.duration)
	directive := "%" + flags
	if width > 0 {
		directive += strconv.Itoa(width)
	}
	directive += string(verb)
	wrong := func() {
		c.errorf(a.Pos(), "%s format %s has arg %s of wrong type %s", key, directive, types.ExprString(a), types.TypeString(t, c.qualifier))
	}
	if tv.IsNil() {
		if verb != 'v' {
			wrong()
			return
		}
		b.text(fmt.Sprintf(directive, nil))
		return
	}
	if verb == 'w' && k != kIface && types.Implements(t, errorType.Underlying().(*types.Interface)) {
		verb = 'v' // %w of a concrete error formats as %v (fmt/errors.go)
	}
	if fs.fmtMethodArg(b, a, verb, width, flags) || fs.fmtTimeArg(b, a, verb, width, flags) {
		return
	}
	if verb == 'T' && k != kIface {
		b.text(fmt.Sprintf("%"+flags+strconv.Itoa(width)+"s", rtypeName(t)))
		return
	}
	if k == kIface {
		if verb == 'w' {
			verb = 'v'
		}
		b.dyn(func() {
			fs.expr(a)
			fs.fmtAny(verb, width, flags)
		})
		return
	}
	if k == kStruct || k == kObjPtr || k == kSlice || k == kMap || k == kArray {
		fs.fmtStructArg(b, key, a, k, verb, width, flags)
		return
	}
	if k == kFloat {
		fs.fmtBasic(b, a, floatName(t), directive) // a named float whose String fmt did not call
		return
	}
	if strings.Contains(flags, "+") {
		c.unsupported(a.Pos(), "the + flag with "+directive+" on "+types.TypeString(t, c.qualifier), supFmt)
		return
	}
	var ok bool
	switch k {
	case kInt:
		ok = strings.ContainsRune("vd", verb) || isDur && strings.ContainsRune("sq", verb)
	case kBool:
		ok = strings.ContainsRune("vt", verb)
	case kString:
		ok = strings.ContainsRune("vsq", verb)
	case kEmpty:
		if verb != 'v' {
			wrong()
			return
		}
		if tv.Value == nil {
			b.flush()
			fs.expr(a)
			fs.emit(vm.OpPop, 0, 0, 1, 0)
		}
		b.text("{}")
		return
	case kTuple:
		c.unsupported(a.Pos(), "printing the results of a multi-value call", "assign them to variables first")
		return
	case kTime, kChan, kFunc, kPtr, kSync, kRefPtr:
		c.unprintable(a, k) // fmt_runtime.go
		return
	default:
		c.badType(a.Pos(), why)
		return
	}
	if !ok {
		wrong()
		return
	}
	if tv.Value != nil {
		var v any
		switch k {
		case kInt:
			i, _ := constant.Int64Val(constant.ToInt(tv.Value))
			switch {
			case isDur:
				v = time.Duration(i)
			case ok64Unsigned(t):
				v, _ = constant.Uint64Val(constant.ToInt(tv.Value))
			default:
				v = i
			}
		case kBool:
			v = constant.BoolVal(tv.Value)
		case kString:
			v = constant.StringVal(tv.Value)
		}
		b.text(fmt.Sprintf(directive, v))
		return
	}
	b.dyn(func() {
		fs.expr(a)
		number := false
		switch {
		case k == kInt && isDur && verb != 'd':
			fs.emitOp(vm.OpFmtDur, 0, 0, 1, 1)
			if verb == 'q' {
				fs.emitOp(vm.OpFmtQ, 0, 0, 1, 1)
			}
		case k == kInt:
			fs.fmtInt(t)
			number = true
		case k == kBool:
			fs.emitOp(vm.OpFmtBool, 0, 0, 1, 1)
		case k == kString && verb == 'q':
			fs.emitOp(vm.OpFmtQ, 0, 0, 1, 1)
		}
		if width > 0 {
			var f int32
			if strings.Contains(flags, "-") {
				f |= 1
			}
			if strings.Contains(flags, "0") {
				f |= 2
			}
			if number {
				f |= 4
			}
			fs.emitOp(vm.OpFmtPad, int32(width), f, 1, 1)
		}
	})
}

// scanFlagsWidth reads the flags and the width of the directive whose
// text starts at format[i] (just past its '%') and returns them and the
// index after them. A width over maxWidth is returned as maxWidth+1.
func scanFlagsWidth(format string, i int) (flags string, width, next int) {
	for i < len(format) && strings.IndexByte("-+# 0", format[i]) >= 0 {
		flags += format[i : i+1]
		i++
	}
	for i < len(format) && format[i] >= '0' && format[i] <= '9' {
		width = min(width*10+int(format[i]-'0'), maxWidth+1)
		i++
	}
	return flags, width, i
}
