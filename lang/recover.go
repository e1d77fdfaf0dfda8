package lang

import (
	"go/ast"
	"go/constant"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// panic with any value, and recover (vm/panic.go). panic(v) pushes v as
// an interface{} value, which recover returns, and the text printpanics
// shows for it (printpanicval after preprintpanics): its Error method's
// result for an error, else its String method's for a Stringer, else the
// value as the runtime prints it (printanycustomtype for a named type).
//
// The model simplifies: the text is computed when panic is called, where
// Go calls Error or String only when the panic ends the program; they
// differ only if the method's result changes in between.

// panicCall compiles panic(a).
func (fs *fnState) panicCall(call *ast.CallExpr) {
	c := fs.c
	a := call.Args[0]
	if c.info.Types[a].IsNil() {
		fs.pushInt(0)
		fs.pushStr("panic called with nil argument")
	} else {
		t := c.info.TypeOf(a)
		tv := c.info.Types[a]
		_, named := types.Unalias(t).(*types.Named)
		fs.exprTo(a, anyType)
		fs.setPos(call.Lparen)
		switch {
		case tv.Value != nil && !named && (tv.Value.Kind() == constant.String || tv.Value.Kind() == constant.Int || tv.Value.Kind() == constant.Bool):
			fs.pushStr(strings.ReplaceAll(constantString(tv.Value), "\n", "\n\t"))
		default:
			fs.emit(vm.OpDup, 0, 0, 1, 2)
			fs.fmtAny('P', 0, "")
		}
	}
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpPanic, 0, 1, 2, 0)
}

// recoverCall compiles recover().
func (fs *fnState) recoverCall(call *ast.CallExpr) {
	fs.c.declareRuntimeErrors()
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpRecover, 0, 0, 0, 1)
}

// declareRuntimeErrors adds the types of the runtime's errors, which
// recover returns for a run-time panic (vm: runtimeErrorType), and string,
// the type of a library's panic(string) that the scheduler raises (a
// negative WaitGroup counter: vm: stringType).
func (c *compiler) declareRuntimeErrors() {
	if c.runtimeErrs {
		return
	}
	c.runtimeErrs = true
	c.typeID(types.Typ[types.String])
	for _, name := range []string{"runtime.boundsError", "*runtime.TypeAssertionError", "runtime.errorString", "runtime.plainError"} {
		c.ifaceTypes = append(c.ifaceTypes, types.NewPointer(types.NewStruct(nil, nil)))
		c.prog.Types = append(c.prog.Types, vm.TypeInfo{Name: name, ErrorString: true, Runtime: true, Comparable: true, Elem: -1, Key: -1, Layout: -1})
	}
}

// recoveryPoint emits, after a function's body, where it goes on when a
// deferred call of its own recovered a panic: its deferred calls still to
// run, then a return of its named results as they are (zero values for
// unnamed ones), as the Go compiler's deferreturn at the end of the
// function does.
func (fs *fnState) recoveryPoint() {
	if !fs.hasDefer {
		return
	}
	fs.reachable = true
	fs.depth = 0
	fs.recoverPC = int32(len(fs.code)) + 1
	if len(fs.namedResults) > 0 {
		fs.emit(vm.OpRunDefers, 0, 0, 0, 0)
		for _, v := range fs.namedResults {
			fs.loadResult(v)
		}
	} else {
		for i := 0; i < fs.nresults; i++ {
			fs.zeroValue(fs.sig.Results().At(i).Type())
		}
	}
	fs.emit(vm.OpReturn, 0, 0, fs.nresults, 0)
}
