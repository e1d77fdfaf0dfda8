package vm

// The functions of OpRuntime (its A): runtime and os functions that the
// scheduler performs (runtime/intrinsics.go), and the interpreter's side
// of runtime.Goexit.
const (
	RtGoexit         = iota // ... → ...   (runtime.Goexit: run the deferred calls, then goexit0)
	RtLockOSThread          // ... → ...   (runtime.LockOSThread: wire the G to its M)
	RtUnlockOSThread        // ... → ...   (runtime.UnlockOSThread)
	RtOSExit                // code → ... (os.Exit: the program ends now; no deferred call runs)
	RtGC                    // ... → ...   (runtime.GC: a full cycle, waited for; a no-op without the gc layer)
	RtSetGCPercent          // percent → old   (runtime/debug.SetGCPercent)
	RtSetMemoryLimit        // limit → old   (runtime/debug.SetMemoryLimit)
	RtReadMemStats          // ... → ...   (runtime.ReadMemStats's stop of the world and readmemstats_m: its cost, runtime/cost.go CostReadMemStats)
	RtMemStat               // field, i → v   (runtime.ReadMemStats: MemStats' field, element i of an array; runtime/mstats.go)
	RtMetricsRead           // ... → ...   (runtime/metrics.Read's own work: its cost, CostMetricsRead)
	RtMetric                // name → kind, v   (runtime/metrics.Read: one sample, CostMetricSample; runtime/mstats.go)
	numRt
)

var rtNames = [numRt]string{"Goexit", "LockOSThread", "UnlockOSThread", "os.Exit", "GC", "debug.SetGCPercent", "debug.SetMemoryLimit", "ReadMemStats", "memStat", "metrics.Read", "readMetric"}

// rtStack is each function's operands and results (OpRuntime's stack
// effect).
var rtStack = [numRt][2]int{RtOSExit: {1, 0}, RtSetGCPercent: {1, 1}, RtSetMemoryLimit: {1, 1}, RtMemStat: {2, 1}, RtMetric: {1, 2}}

// RtName is the name of OpRuntime's function a (for the disassembler).
func RtName(a int64) string {
	if a < 0 || a >= numRt {
		return "?"
	}
	return rtNames[a]
}

// The goexit field of a thread (panic.go: Goexit).
const (
	goexitNone      = iota
	goexitStart     // Goexit was called: unwinding starts when the G next runs
	goexitUnwinding // the deferred calls run, from the most recent one
	goexitEnded     // they have all run: the G ends (goexit0)
)

// Goexit makes the G run all its deferred calls, from the most recent one
// (whatever its frame), when it next runs, then end as if its entry
// function had returned (StopExit), as runtime.Goexit does (panic.go:
// Goexit: each deferred call runs like a panic's, but the G does not
// panic and recover returns nil). A panic in one of them is an ordinary
// panic and takes over; a Goexit in a deferred call of a panicking G
// abandons the panic, which is never printed.
func (t *Thread) Goexit() {
	t.goexit = goexitStart
	t.panicking, t.panicMsg = false, ""
}

// Goexiting reports whether the G called runtime.Goexit (and unwinds, or
// ends).
func (t *Thread) Goexiting() bool { return t.goexit != goexitNone }

// goexitDone drops the frames left when Goexit's last deferred call has
// returned: the G's stack is as its entry function's return leaves it.
func (mc *Machine) goexitDone(gp *g) {
	for i := range int(gp.depth()) {
		if fr := gp.frameAt(i); !fr.inlinedFrame() {
			gp.stackUsed -= int64(mc.prog.Funcs[fr.fn].FrameSize)
		}
	}
	gp.frames = gp.frames[:0]
	gp.dropDeep()
	gp.goexit = goexitEnded
}
