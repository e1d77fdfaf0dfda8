package lang

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// fmt at run time (vm/fmt_runtime.go): a Printf, Sprintf, Fprintf or
// Errorf whose format is not a constant (a logging wrapper's "[log] " +
// format), or any of them and Print, Sprint, Fprint called with f(xs...),
// formats the format and the []any at run time, with Go's doPrintf and
// doPrint, each operand as fmt of an interface value (fmt_any.go). A
// constant format keeps the compile-time lowering (fmt.go); a format that
// is not a constant with operands that are all numbers, strings or bools
// keeps the host's fmt (fmthost.go).

func init() {
	for _, k := range []string{"fmt.Print", "fmt.Sprint", "fmt.Printf", "fmt.Sprintf", "fmt.Errorf", "fmt.Fprint", "fmt.Fprintf"} {
		spreadable[k] = true
	}
}

// fmtRunMode is the run-time mode (vm.FmtRun*) that fmt function key
// (Fprintf and Fprint as fmt.Fprintf and fmt.Sprint) needs for call, if it
// needs one.
func (c *compiler) fmtRunMode(call *ast.CallExpr, key string) (rune, bool) {
	mode := rune(vm.FmtRunPrintf)
	switch key {
	case "fmt.Print", "fmt.Sprint":
		return vm.FmtRunPrint, call.Ellipsis.IsValid()
	case "fmt.Errorf":
		mode = vm.FmtRunErrorf
	case "fmt.Printf", "fmt.Sprintf", "fmt.Fprintf":
	default:
		return 0, false
	}
	if len(call.Args) == 0 {
		return 0, false
	}
	if call.Ellipsis.IsValid() {
		return mode, true
	}
	if tv := c.info.Types[call.Args[0]]; tv.Value != nil && tv.Value.Kind() == constant.String {
		return mode, !c.lowersPrintf(key, constant.StringVal(tv.Value), call.Args[1:])
	}
	if _, basic := c.hostPrintArgs("%T%p", call.Args[1:]); basic {
		return 0, false // on the host (fmthost.go)
	}
	return mode, true
}

// fmtRuntime pushes the text of call formatted at run time in mode.
func (fs *fnState) fmtRuntime(call *ast.CallExpr, mode rune) {
	args := call.Args
	if mode == vm.FmtRunPrint {
		fs.pushStr("")
	} else {
		fs.expr(args[0])
		args = args[1:]
	}
	fs.anySlice(args, call.Ellipsis.IsValid())
	fs.emitOp(vm.OpFmtAny, int32(fs.depth-2)<<21|mode, 0, 2, 1)
}

// anySlice pushes the []any of a variadic call's operands args: the last
// one itself if the call spreads it (f(xs...)).
func (fs *fnState) anySlice(args []ast.Expr, spread bool) {
	if spread {
		fs.expr(args[len(args)-1])
		return
	}
	n := int64(len(args))
	fs.pushInt(n)
	fs.pushInt(n)
	fs.emit(vm.OpMakeSlice, -1, 0, 2, 1)
	for i, a := range args {
		if k, _ := fs.c.kindOf(fs.c.info.TypeOf(a)); fs.c.unprintable(a, k) {
			continue
		}
		fs.emit(vm.OpDup, 0, 0, 1, 2)
		fs.pushInt(int64(i))
		fs.exprTo(a, anyType)
		fs.emit(vm.OpSliceStore, 0, 0, 3, 0)
	}
}

// errorfRuntime compiles fmt.Errorf at run time (false if its format is
// a constant and it does not spread its operands): the text, then the
// errors %w wraps (fmt/errors.go: host fmt.errorfWrap) decide between
// errors.New's error, a *fmt.wrapError and a *fmt.wrapErrors.
func (fs *fnState) errorfRuntime(call *ast.CallExpr) bool {
	c := fs.c
	if _, ok := c.fmtRunMode(call, "fmt.Errorf"); !ok {
		return false
	}
	f, a, text, kind, wrapped := fs.newSlot(16), fs.newSlot(8), fs.newSlot(16), fs.newSlot(8), fs.newSlot(8)
	fs.expr(call.Args[0])
	fs.emit(vm.OpStore, f, 0, 1, 0)
	fs.anySlice(call.Args[1:], call.Ellipsis.IsValid())
	fs.emit(vm.OpStore, a, 0, 1, 0)
	fs.emit(vm.OpLoad, f, 0, 0, 1)
	fs.emit(vm.OpLoad, a, 0, 0, 1)
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpFmtAny, int32(fs.depth-2)<<21|vm.FmtRunErrorf, 0, 2, 1)
	fs.emit(vm.OpStore, text, 0, 1, 0)
	fs.emit(vm.OpLoad, f, 0, 0, 1)
	fs.emit(vm.OpLoad, a, 0, 0, 1)
	fs.hostOp("fmt.errorfWrap")
	fs.emit(vm.OpStore, wrapped, 0, 1, 0)
	fs.emit(vm.OpStore, kind, 0, 1, 0)

	wraps, several, end := fs.newLabel(), fs.newLabel(), fs.newLabel()
	fs.emit(vm.OpLoad, kind, 0, 0, 1)
	fs.jump(vm.OpJumpIf, wraps)
	fs.emit(vm.OpLoad, text, 0, 0, 1)
	fs.emitOp(vm.OpMakeIface, c.errorStringID(), 0, 1, 1)
	fs.jump(vm.OpJump, end)
	fs.bind(wraps)
	fs.emitOp(vm.OpNewObj, 2, 0, 0, 1)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpLoad, text, 0, 0, 1)
	fs.emit(vm.OpSetField, 0, 0, 2, 0)
	fs.emit(vm.OpDup, 0, 0, 1, 2)
	fs.emit(vm.OpLoad, wrapped, 0, 0, 1)
	fs.emit(vm.OpSetField, 1, 0, 2, 0)
	fs.emit(vm.OpLoad, kind, 0, 0, 1)
	fs.pushInt(1)
	fs.emit(vm.OpEq, 0, 0, 2, 1)
	fs.jump(vm.OpJumpIfNot, several)
	fs.emitOp(vm.OpMakeIface, c.synthType("*fmt.wrapError", call.Lparen), 0, 1, 1)
	fs.jump(vm.OpJump, end)
	fs.bind(several)
	fs.emitOp(vm.OpMakeIface, c.synthType("*fmt.wrapErrors", call.Lparen), 0, 1, 1)
	fs.bind(end)
	return true
}

// lowersPrintf reports whether the compile-time lowering (fmt.go: printf)
// formats the constant format with operands args: every directive but
// those it refuses (an index [n] or a * with operands that are not all
// numbers, strings or bools, a width over maxWidth, and on an operand
// that is not a number, string, bool or interface value a precision, the
// flags # and space, + but %+v of a struct, slice, map or array, or a
// verb but %v %d %s %t %q %T, and %p but of a pointer, slice, map, chan
// or func),
// which the run-time path formats instead.
func (c *compiler) lowersPrintf(key, format string, args []ast.Expr) bool {
	if _, basic := c.hostPrintArgs(format, args); basic {
		return true // the host's fmt, or the lowering where it is exact
	}
	argi := 0
	for i := 0; i < len(format); i++ {
		if format[i] != '%' {
			continue
		}
		flags, width, next := scanFlagsWidth(format, i+1)
		i = next
		if width > maxWidth {
			return false
		}
		prec := false
		if i < len(format) && format[i] == '.' {
			prec = true
			for i++; i < len(format) && format[i] >= '0' && format[i] <= '9'; i++ {
			}
		}
		if i >= len(format) {
			return true // vet's error (fmt.go)
		}
		if strings.IndexByte("*[", format[i]) >= 0 {
			return false
		}
		verb := rune(format[i])
		if verb == '%' {
			continue
		}
		if argi >= len(args) {
			return true // vet's error
		}
		a := args[argi]
		argi++
		t := c.info.TypeOf(a)
		if types.IsInterface(t) {
			if prec {
				return false
			}
			continue
		}
		if _, ok := c.basicName(t); ok {
			continue
		}
		if _, ok := c.numberVerbName(t, verb); ok {
			continue
		}
		k, _ := c.kindOf(t)
		composite := k == kStruct || k == kObjPtr || k == kSlice || k == kMap || k == kArray
		switch {
		case verb == 'T':
		case verb == 'v' && strings.Contains(flags, "#") && !prec:
		case verb == 'p':
			if k != kObjPtr && k != kSlice && k != kMap && k != kChan && k != kFunc {
				return false
			}
		case prec, strings.ContainsAny(flags, "# "), strings.Contains(flags, "+") && (verb != 'v' || !composite):
			return false
		case key == "fmt.Errorf" && verb == 'w':
		case !strings.ContainsRune("vdstq", verb):
			return false
		}
	}
	return true
}

// unprintable reports (as not supported) an operand a of kind k that fmt
// would print as an address or a date, which the simulator has not got,
// or that holds one.
func (c *compiler) unprintable(a ast.Expr, k vkind) bool {
	switch k {
	case kTime:
		c.unsupported(a.Pos(), "printing a time.Time", "the simulated clock has no date: print time.Since(start)")
	case kChan, kFunc, kPtr, kSync, kRefPtr:
		c.unsupported(a.Pos(), "printing a value of type "+types.TypeString(c.info.TypeOf(a), c.qualifier), "it prints as an address, which the simulator cannot make up")
	case kStruct, kSlice, kMap, kArray:
		return !c.printableType(a.Pos(), c.info.TypeOf(a)) // fmtstruct.go
	default:
		return false
	}
	return true
}
