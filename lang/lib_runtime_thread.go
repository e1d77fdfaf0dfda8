package lang

import (
	"go/ast"
	"go/token"
	"go/types"
	"strings"

	"github.com/gmplab/gmplab/vm"
)

// runtime.Goexit, LockOSThread, UnlockOSThread (scheduler operations:
// runtime/lockosthread.go), runtime.GC (a cycle of the simulated collector,
// runtime/mgc.go: nothing without the gc layer), and runtime.KeepAlive,
// which compiles to nothing: the VM's own collector never frees what the
// program can reach (vm/mgc.go).

var runtimeThreadFuncs = []struct {
	name string
	rt   int32
}{{"Goexit", vm.RtGoexit}, {"LockOSThread", vm.RtLockOSThread}, {"UnlockOSThread", vm.RtUnlockOSThread}}

func init() {
	var api []string
	for _, f := range runtimeThreadFuncs {
		libHandlers["runtime."+f.name] = runtimeOpCall(f.rt, 0)
		api = append(api, "runtime."+f.name)
	}
	libHandlers["runtime.GC"] = runtimeOpCall(vm.RtGC, 0)
	libHandlers["runtime.KeepAlive"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(call.Args[0]) // evaluated for its effects, then dropped
		fs.emit(vm.OpPop, 0, 0, 1, 0)
		return 0
	}
	api = append(api, "runtime.GC", "runtime.KeepAlive (a no-op)")
	supportedAPI["runtime"] += ", " + strings.Join(api, ", ")
	realAPI["runtime"] = withoutNames(realAPI["runtime"], "GC", "Goexit", "KeepAlive", "LockOSThread", "UnlockOSThread")
}

// declareRuntimeThread adds the functions above to package runtime.
func declareRuntimeThread(rp *types.Package) {
	none := types.NewSignatureType(nil, nil, nil, types.NewTuple(), types.NewTuple(), false)
	for _, f := range runtimeThreadFuncs {
		rp.Scope().Insert(types.NewFunc(token.NoPos, rp, f.name, none))
	}
	rp.Scope().Insert(types.NewFunc(token.NoPos, rp, "GC", none))
	anyParam := types.NewTuple(types.NewParam(token.NoPos, rp, "x", types.Universe.Lookup("any").Type()))
	rp.Scope().Insert(types.NewFunc(token.NoPos, rp, "KeepAlive", types.NewSignatureType(nil, nil, nil, anyParam, types.NewTuple(), false)))
}

// runtimeOpCall compiles a call of OpRuntime's function rt that pops the
// call's args (pop of them) and pushes nothing.
func runtimeOpCall(rt int32, pop int) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return runtimeOpResult(rt, pop, 0)
}

// runtimeOpResult is runtimeOpCall for a function that pushes push results.
func runtimeOpResult(rt int32, pop, push int) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
	return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		for _, a := range call.Args[:pop] {
			fs.expr(a)
		}
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpRuntime, rt, 0, pop, push)
		return push
	}
}

// withoutNames is the space-separated list names without drop.
func withoutNames(names string, drop ...string) string {
	var keep []string
	for _, n := range strings.Fields(names) {
		found := false
		for _, d := range drop {
			found = found || n == d
		}
		if !found {
			keep = append(keep, n)
		}
	}
	return strings.Join(keep, " ")
}
