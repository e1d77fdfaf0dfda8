package lang

import (
	"go/ast"
	"go/token"
	"go/types"

	"github.com/gmplab/gmplab/vm"
)

// The intrinsics of the sync package's source (lang/srcpkg/sync): the real
// package's linknamed runtime functions, declared there without a body,
// compile to OpSync (runtime/semaphore.go). Their semaphore is the
// hand-made type sync.sema (in Go a uint32 the runtime's semtable keys by
// address): a variable or field of it holds a runtime semaphore's id, as
// one of sync.Mutex holds the mutex's, so &rw.readerSem is that id.

func init() {
	srcExtras["sync"] = func(l *libs, p *types.Package) {
		obj := types.NewTypeName(token.NoPos, p, "sema", nil)
		l.src.sema = types.NewNamed(obj, types.NewStruct([]*types.Var{types.NewField(token.NoPos, p, "n", types.Typ[types.Uint32], false)}, nil), nil)
		p.Scope().Insert(obj)
	}
	acquire := func(kind int32) func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		return func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
			// runtime_SemacquireRWMutex[R](s *sema, lifo bool, skipframes int)
			b := kind
			if lifo, ok := fs.c.info.Types[call.Args[1]]; !ok || lifo.Value == nil {
				panic("lang: sync intrinsic " + libKey(ce.lib) + ": lifo must be a constant")
			} else if lifo.Value.ExactString() == "true" {
				b |= vm.SemaLIFO
			}
			fs.expr(call.Args[0])
			fs.setPos(call.Lparen)
			fs.emitOp(vm.OpSync, vm.SyncSemacquire, b, 1, 0)
			return 0
		}
	}
	libHandlers["sync.runtime_SemacquireRWMutexR"] = acquire(vm.SemaRWMutexR)
	libHandlers["sync.runtime_SemacquireRWMutex"] = acquire(vm.SemaRWMutex)
	libHandlers["sync.runtime_Semrelease"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		// runtime_Semrelease(s *sema, handoff bool, skipframes int)
		var b int32
		if h, ok := fs.c.info.Types[call.Args[1]]; !ok || h.Value == nil {
			panic("lang: sync.runtime_Semrelease: handoff must be a constant")
		} else if h.Value.ExactString() == "true" {
			b = 1
		}
		fs.expr(call.Args[0])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpSync, vm.SyncSemrelease, b, 1, 0)
		return 0
	}
	libHandlers["sync.fatal"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(call.Args[0])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpSync, vm.SyncFatal, 0, 1, 0)
		return 0
	}
}

// isSema reports whether t is the sync source's semaphore type.
func (l *libs) isSema(t types.Type) bool {
	return l.src != nil && l.src.sema != nil && t == l.src.sema
}
