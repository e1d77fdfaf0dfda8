package vm

import "strings"

// recover (runtime/panic.go: gorecover, recovery). recover() has an
// effect only in the deferred call the panic itself started (its frame
// is the top one, and the most recent deferred call is that one,
// unwinding), once per panic: it returns the panic's value and marks it
// recovered. When that deferred call returns, the frame that deferred it
// goes on at its recovery point (Func.Recover): its other deferred calls
// run and it returns normally, with its named results as they are.
//
// The model simplifies: a panic the scheduler raises itself (a send on a
// closed channel, a negative WaitGroup counter) ends the program without
// running deferred calls, so no recover sees it; `defer recover()` (a
// builtin deferred through a wrapper) recovers, where Go's does not.

// gorecover is OpRecover: the panic's value if recover has an effect here,
// else nil (0). A run-time error's value is made here: an interface
// value of the runtime's error type holding the message.
func (mc *Machine) gorecover(gp *g) int64 {
	nd := len(gp.defers)
	if !gp.panicking || gp.recovered || nd == 0 || gp.defers[nd-1].depth != -(int32(len(gp.frames))+deferUnwinding) {
		return 0
	}
	gp.recovered = true
	if gp.panicVal == 0 {
		msg := gp.panicMsg
		if i := strings.LastIndex(msg, "\n\tpanic: "); i >= 0 {
			msg = msg[i+len("\n\tpanic: "):]
		}
		msg, _, _ = strings.Cut(msg, "\n[signal")
		t := mc.runtimeErrorType(msg)
		if t < 0 {
			t = 0 // no runtime error type declared: should not happen (lang declares them with recover)
		}
		gp.panicVal = mc.makeIface(t, Value{S: msg})
	}
	return gp.panicVal
}

// recovery ends a recovered panic once the deferred call that recovered
// it has returned: the frames above the one that deferred it (depth r)
// are dropped, and that frame goes on at its recovery point. It returns
// the new operand stack pointer.
func (mc *Machine) recovery(gp *g, r int32) int {
	for int32(len(gp.frames)) > r {
		f := &mc.prog.Funcs[gp.frames[len(gp.frames)-1].fn]
		gp.stackUsed -= int64(f.FrameSize)
		gp.frames = gp.frames[:len(gp.frames)-1]
	}
	fr := &gp.frames[r-1]
	f := &mc.prog.Funcs[fr.fn]
	if f.Recover == 0 {
		panic("vm: recovery in " + f.Name + ", which has no recovery point")
	}
	fr.pc = f.Recover - 1
	gp.panicking, gp.recovered, gp.panicMsg, gp.panicVal = false, false, "", 0
	return int(fr.base) + f.NLocals
}
