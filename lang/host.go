package lang

import (
	"go/ast"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// Calls of host functions (vm/host.go): library functions the VM computes
// with the real package. A file that declares a library package registers,
// for each such function, hostCall(name) as its libHandlers entry; the
// function's vm.HostFunc has the same name, libKey's ("math.Sqrt",
// "strings.Builder.Len").

// hostCall returns a libHandlers entry that pushes the receiver (for a
// method) and the arguments, converted to the parameters' types, then
// emits OpHost for the host function called name with type operand b(fs)
// (nil: 0).
func hostCall(name string, b func(fs *fnState) int32) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		idx, pop, push, ok := vm.Host(name)
		if !ok {
			panic("lang: no host function " + name) // a registration mistake: Compile reports an internal error
		}
		sig := ce.lib.Type().(*types.Signature)
		n := 0
		if sig.Recv() != nil {
			sel := call.Fun.(*ast.SelectorExpr)
			fs.recvPtrOrValue(sel.X)
			n++
		}
		n += fs.args(call, sig)
		if n != pop {
			panic("lang: host function " + name + " pops " + itoa(int64(pop)) + " operands, the call pushes " + itoa(int64(n)))
		}
		fs.setPos(call.Lparen)
		var bv int32
		if b != nil {
			bv = b(fs)
		}
		fs.emitOp(vm.OpHost, idx, bv, pop, push)
		return push
	}
}

// errorStringType is a hostCall type operand: the dynamic type of the
// errors a host function returns (errors.New's).
func errorStringType(fs *fnState) int32 { return fs.c.errorStringID() }
