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
// one of sync.Mutex holds the mutex's, so &rw.readerSem is that id. The
// same goes for sync.notifyList (Cond's), a runtime notifyList.

func init() {
	srcExtras["sync"] = func(l *libs, p *types.Package) {
		for _, name := range []string{"sema", "notifyList"} {
			obj := types.NewTypeName(token.NoPos, p, name, nil)
			t := types.NewNamed(obj, types.NewStruct([]*types.Var{types.NewField(token.NoPos, p, "n", types.Typ[types.Uint32], false)}, nil), nil)
			p.Scope().Insert(obj)
			l.src.rtTypes = append(l.src.rtTypes, t)
		}
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
	for name, op := range map[string]int32{"sync.runtime_notifyListNotifyOne": vm.SyncNotifyOne, "sync.runtime_notifyListNotifyAll": vm.SyncNotifyAll, "sync.runtime_notifyListAdd": vm.SyncNotifyListAdd, "sync.runtime_notifyListWait": vm.SyncNotifyListWait} {
		libHandlers[name] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
			for _, a := range call.Args {
				fs.expr(a)
			}
			push := ce.sig.Results().Len()
			fs.setPos(call.Lparen)
			fs.emitOp(vm.OpSync, op, 0, len(call.Args), push)
			return push
		}
	}
	libHandlers["sync.fatal"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(call.Args[0])
		fs.setPos(call.Lparen)
		fs.emitOp(vm.OpSync, vm.SyncFatal, 0, 1, 0)
		return 0
	}
}

// isSema reports whether t is one of the sync source's runtime types,
// sema and notifyList, which hold a runtime record's id.
func (l *libs) isSema(t types.Type) bool {
	if l.src == nil {
		return false
	}
	for _, x := range l.src.rtTypes {
		if t == x {
			return true
		}
	}
	return false
}

// libMethodOps are the hand-made methods that a dynamic type's method
// table holds, so that an interface value can call them (a *sync.Mutex in
// a sync.Locker, as Cond's L): each compiles to a function of its own that
// runs the method's op on the receiver.
var libMethodOps = map[string]struct {
	op   vm.Op
	a    int32 // the instruction's A (librand_chacha8.go's)
	push int
}{
	"sync.Mutex.Lock":    {vm.OpLock, 0, 0},
	"sync.Mutex.Unlock":  {vm.OpUnlock, 0, 0},
	"sync.Mutex.TryLock": {vm.OpTryLock, 0, 1},
}

// libMethodFunc is the function of hand-made method m (sync.(*Mutex).Lock),
// compiled on first use; false if m has none.
func (c *compiler) libMethodFunc(m *types.Func) (int32, bool) {
	if c.libs.src == nil || !c.libs.isLib(m.Pkg()) {
		return 0, false
	}
	spec, ok := libMethodOps[libKey(m)]
	if !ok {
		return 0, false
	}
	if idx, ok := c.libs.src.libFuncs[m]; ok {
		return idx, true
	}
	fs := c.newFnState(nil, qualifiedName(m), -1)
	c.libs.src.libFuncs[m] = fs.idx
	// No source: the program's package clause, as for runtime.main.
	fs.decl = c.file.Name.Pos()
	fs.setPos(fs.decl)
	fs.nparams = 1
	fs.nresults = spec.push
	fs.newSlot(8)
	fs.emit(vm.OpLoad, 0, 0, 0, 1)
	fs.emitOp(spec.op, spec.a, 0, 1, spec.push)
	fs.emit(vm.OpReturn, 0, 0, spec.push, 0)
	return fs.finish(), true
}
