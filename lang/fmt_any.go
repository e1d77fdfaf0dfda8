package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// fmt of an interface value: OpFmtAny (vm/format_dynamic.go) walks it
// from its dynamic type's descriptor and calls the Error and String
// methods fmt would call, as ordinary calls. It finds the value at its
// operand depth (A>>21), so the depth the compiler tracks is its operand.
// Verb 'P' is panic's text (printpanicval after preprintpanics).

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
	fs.emitOp(vm.OpFmtAny, int32(fs.depth-1)<<21|verb, fmtAnyFlags(flags, width), 1, 1)
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

// printSpace adds Print's space between operands x and y, neither of
// static type string, when one is an interface value: fmt adds it when
// neither dynamic value is a string. It reports false (the caller adds
// the space) when neither is an interface, or when one is not a plain
// variable or field, which it would evaluate twice.
func (fs *fnState) printSpace(b *sbuild, x, y ast.Expr) bool {
	c := fs.c
	var dyn []ast.Expr
	for _, e := range []ast.Expr{x, y} {
		if !types.IsInterface(c.info.TypeOf(e)) {
			continue
		}
		switch unparen(e).(type) {
		case *ast.Ident, *ast.SelectorExpr:
			dyn = append(dyn, e)
		default:
			return false
		}
	}
	if len(dyn) == 0 {
		return false
	}
	b.dyn(func() {
		str, end := fs.newLabel(), fs.newLabel()
		for _, e := range dyn {
			fs.expr(e)
			fs.hostOp("fmt.isString")
			fs.jump(vm.OpJumpIf, str)
		}
		fs.pushStr(" ")
		fs.jump(vm.OpJump, end)
		fs.bind(str)
		fs.pushStr("")
		fs.bind(end)
	})
	return true
}
