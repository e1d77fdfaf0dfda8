package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// fmt of an interface value (vm/format_dynamic.go). fmt's handleMethods
// calls the dynamic value's Error method (an error) or else its String
// method (a Stringer) for %v %s %q %x %X; the code below does it with
// two type assertions and an interface call, then formats the string with
// the verb; any other value, and a nil one, is formatted by OpFmtAny from
// the dynamic type's descriptor. Verb 'P' is panic's text (printpanicval).

// fmtAnyFlags packs flags and width for OpFmtAny's B.
func fmtAnyFlags(flags string, width int) int32 {
	b := int32(min(width, 0xffff))
	for _, r := range flags {
		switch r {
		case '-':
			b |= vm.FmtAnyMinus
		case '0':
			b |= vm.FmtAnyZero
		case '+':
			b |= vm.FmtAnyPlus
		case '#':
			b |= vm.FmtAnySharp
		case ' ':
			b |= vm.FmtAnySpace
		}
	}
	return b
}

// fmtAny replaces the interface value on top of the stack by its text
// for verb, width and flags.
func (fs *fnState) fmtAny(verb rune, width int, flags string) {
	c := fs.c
	b := fmtAnyFlags(flags, width)
	if verb != 'P' && (strings.Contains(flags, "#") || !strings.ContainsRune("vsqxX", verb)) {
		fs.emitOp(vm.OpFmtAny, verb, b, 1, 1)
		return
	}
	tmp := fs.newSlot(8)
	fs.emit(vm.OpStore, tmp, 0, 1, 0)
	end := fs.newLabel()
	for _, m := range []struct {
		iface types.Type
		name  string
	}{{errorType, "Error"}, {stringerType, "String"}} {
		next := fs.newLabel()
		fs.emit(vm.OpLoad, tmp, 0, 0, 1)
		fs.assertTo(m.iface, anyType, vm.AssertTest, 0)
		fs.jump(vm.OpJumpIfNot, next)
		fs.emit(vm.OpLoad, tmp, 0, 0, 1)
		fs.noteCall(8)
		fs.emit(vm.OpIfaceCall, c.str(m.name), 0, 1, 1)
		fs.emitOp(vm.OpFmtAny, verb, b|vm.FmtAnyStr, 1, 1)
		fs.jump(vm.OpJump, end)
		fs.bind(next)
	}
	fs.emit(vm.OpLoad, tmp, 0, 0, 1)
	fs.emitOp(vm.OpFmtAny, verb, b, 1, 1)
	fs.bind(end)
}

// spreadable are the print functions that take f(xs...) (fmtSpread).
var spreadable = map[string]bool{"fmt.Println": true, "fmt.Sprintln": true}

// fmtSpread pushes the text of fmt.Println(xs...) or Sprintln(xs...): each
// element of the []any formatted at run time, separated by spaces.
func (fs *fnState) fmtSpread(call *ast.CallExpr, key string) {
	s, hn, hi := fs.newSlot(8), fs.newSlot(8), fs.newSlot(8)
	fs.expr(call.Args[len(call.Args)-1])
	fs.emit(vm.OpStore, s, 0, 1, 0)
	fs.pushStr("")
	fs.emit(vm.OpLoad, s, 0, 0, 1)
	fs.emit(vm.OpSliceLen, 0, 0, 1, 1)
	fs.countLoop(hn, hi, token.NoPos, nil, func(post, end *label) {
		first := fs.newLabel()
		fs.emit(vm.OpLoad, hi, 0, 0, 1)
		fs.jump(vm.OpJumpIfNot, first)
		fs.pushStr(" ")
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
		fs.bind(first)
		fs.emit(vm.OpLoad, s, 0, 0, 1)
		fs.emit(vm.OpLoad, hi, 0, 0, 1)
		fs.emit(vm.OpSliceIndex, 0, 0, 2, 1)
		fs.fmtAny('v', 0, "")
		fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
	})
	fs.pushStr("\n")
	fs.emitOp(vm.OpConcat, 0, 0, 2, 1)
}
