package ssagen

import (
	"github.com/gmplab/gmplab/vm"
)

// The externals that are scheduler operations (runtime/intrinsics.go):
// package runtime, sync's Mutex and WaitGroup and the semaphores of its
// source, time's clock and timers, os.Exit and gmplab's sim.

func init() {
	// runtime
	bindOp("runtime.Gosched", vm.OpGosched, 0, 0)
	bindOp("runtime.GOMAXPROCS", vm.OpGOMAXPROCS, 0, 0)
	bindOp("runtime.NumCPU", vm.OpNumCPU, 0, 0)
	bindOp("runtime.NumGoroutine", vm.OpNumGoroutine, 0, 0)
	bindOp("runtime.Goexit", vm.OpRuntime, vm.RtGoexit, 0)
	bindOp("runtime.LockOSThread", vm.OpRuntime, vm.RtLockOSThread, 0)
	bindOp("runtime.UnlockOSThread", vm.OpRuntime, vm.RtUnlockOSThread, 0)
	bindOp("runtime.GC", vm.OpRuntime, vm.RtGC, 0)
	bind("runtime.KeepAlive", func(c *extCall) {})
	bindOp("runtime.readMemStats", vm.OpRuntime, vm.RtReadMemStats, 0)
	bindOp("runtime.memStat", vm.OpRuntime, vm.RtMemStat, 0)
	bindOp("runtime.memStatFloat", vm.OpRuntime, vm.RtMemStat, 0)
	bindOp("runtime/metrics.metricsRead", vm.OpRuntime, vm.RtMetricsRead, 0)
	bindOp("runtime/metrics.readMetric", vm.OpRuntime, vm.RtMetric, 0)

	// runtime/debug: the collector's settings (the gc layer's GOGC and
	// GOMEMLIMIT).
	bindOp("runtime/debug.SetGCPercent", vm.OpRuntime, vm.RtSetGCPercent, 0)
	bindOp("runtime/debug.SetMemoryLimit", vm.OpRuntime, vm.RtSetMemoryLimit, 0)

	// sync: a *Mutex and a *WaitGroup are the runtime records' ids.
	bindOp("(*sync.Mutex).Lock", vm.OpLock, 0, 0)
	bindOp("(*sync.Mutex).Unlock", vm.OpUnlock, 0, 0)
	bindOp("(*sync.Mutex).TryLock", vm.OpTryLock, 0, 0)
	bindOp("(*sync.WaitGroup).Add", vm.OpWGAdd, 0, 0)
	bindOp("(*sync.WaitGroup).Wait", vm.OpWGWait, 0, 0)
	// The runtime functions sync's source calls (lang/srcpkg/sync/runtime.go).
	acquire := func(kind int32) func(c *extCall) {
		return func(c *extCall) {
			// runtime_SemacquireRWMutex[R](s *sema, lifo bool, skipframes int)
			b := kind
			if lifo := constBool(c.args[1]); lifo {
				b |= vm.SemaLIFO
			}
			c.push(0)
			c.f.emitCallOp(vm.OpSync, vm.SyncSemacquire, b, 1, 0)
		}
	}
	bind("sync.runtime_SemacquireRWMutexR", acquire(vm.SemaRWMutexR))
	bind("sync.runtime_SemacquireRWMutex", acquire(vm.SemaRWMutex))
	bind("sync.runtime_Semrelease", func(c *extCall) {
		// runtime_Semrelease(s *sema, handoff bool, skipframes int)
		var b int32
		if constBool(c.args[1]) {
			b = 1
		}
		c.push(0)
		c.f.emitCallOp(vm.OpSync, vm.SyncSemrelease, b, 1, 0)
	})
	bindOp("sync.runtime_notifyListNotifyOne", vm.OpSync, vm.SyncNotifyOne, 0)
	bindOp("sync.runtime_notifyListNotifyAll", vm.OpSync, vm.SyncNotifyAll, 0)
	bindOp("sync.runtime_notifyListAdd", vm.OpSync, vm.SyncNotifyListAdd, 0)
	bindOp("sync.runtime_notifyListWait", vm.OpSync, vm.SyncNotifyListWait, 0)
	bindOp("sync.fatal", vm.OpSync, vm.SyncFatal, 0)

	// time
	bindOp("time.Sleep", vm.OpSleep, 0, 0)
	bindOp("time.Now", vm.OpNow, 0, 0)
	bindOp("time.After", vm.OpTimer, vm.TimerAfter, 0)
	bindOp("time.Tick", vm.OpTimer, vm.TimerTick, 0)
	bindOp("time.newTimer", vm.OpTimer, vm.TimerNewTimer, 0)
	bindOp("time.newTicker", vm.OpTimer, vm.TimerNewTicker, 0)
	bindOp("time.afterFunc", vm.OpTimer, vm.TimerAfterFunc, 0)
	bindOp("time.stopTimer", vm.OpTimer, vm.TimerStop, 0)
	bindOp("time.resetTimer", vm.OpTimer, vm.TimerReset, 0)
	bindOp("time.stopTicker", vm.OpTimer, vm.TickerStop, 0)
	bindOp("time.resetTicker", vm.OpTimer, vm.TickerReset, 0)
	bind("time.location", func(c *extCall) { c.push(0) })
	bind("(time.Duration).String", func(c *extCall) {
		c.push(0)
		c.f.emitCallOp(vm.OpFmtDur, 0, 0, 1, 1)
	})

	// os
	bindOp("os.Exit", vm.OpRuntime, vm.RtOSExit, 0)
	bind("os.newFile", func(c *extCall) { c.push(0) })
	bind("os.runtime_args", func(c *extCall) { c.f.host("os.Args", 0) })

	// sim
	bindOp(simPath+".Work", vm.OpWork, 0, 0)
	bindOp(simPath+".Syscall", vm.OpSyscall, 0, 0)
	bindOp(simPath+".Dial", vm.OpDial, 0, 0)
	bindOp("(*"+simPath+".Conn).Read", vm.OpRead, 0, 0)
	bindOp(simPath+".Breakpoint", vm.OpBreakpoint, 0, 0)
}
