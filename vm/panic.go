package vm

import (
	"math"
	"strconv"
	"strings"
)

// recover (runtime/panic.go: gorecover, recovery). recover() has an
// effect only in the deferred call the panic itself started (its frame
// is the top one, and the most recent deferred call is that one,
// unwinding), once per panic: it returns the panic's value and marks it
// recovered. When that deferred call returns, the frame that deferred it
// goes on at its recovery point (Func.Recover): its other deferred calls
// run and it returns normally, with its named results as they are.
//
// A panic the scheduler raises itself (a send on a closed channel, a
// negative WaitGroup counter: Thread.Raise) unwinds the same way.
//
// The model simplifies: `defer recover()` (a builtin deferred through a
// wrapper) recovers, where Go's does not.

// gorecover is OpRecover: the panic's value if recover has an effect here,
// else nil (0). A run-time error's value is made here: an interface
// value of the runtime's error type holding the message.
func (mc *Machine) gorecover(gp *g) int64 {
	nd := len(gp.defers)
	if !gp.panicking || gp.recovered || nd == 0 || gp.defers[nd-1].depth != -(gp.depth()+deferUnwinding) {
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
		if gp.panicStr {
			t = mc.stringType()
		}
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
func (mc *Machine) recovery(gp *g, vals []Value, r int32) ([]Value, int) {
	vals = mc.dropFramesTo(gp, vals, r)
	fr := &gp.frames[len(gp.frames)-1]
	f := &mc.prog.Funcs[fr.fn]
	if f.Recover == 0 {
		panic("vm: recovery in " + f.Name + ", which has no recovery point")
	}
	fr.pc = f.Recover - 1
	gp.panicking, gp.recovered, gp.panicMsg, gp.panicVal = false, false, "", 0
	return vals, int(fr.base) + f.NLocals
}

// dropFramesTo drops the frames above depth r (the values above them are
// dead), bringing frames kept in compact chunks (stackdeep.go) back into
// the window as it empties, so that frame r is the window's top one.
func (mc *Machine) dropFramesTo(gp *g, vals []Value, r int32) []Value {
	for gp.depth() > r {
		if gp.popFrame(&mc.prog.Funcs[gp.frames[len(gp.frames)-1].fn]) {
			vals, _, _ = mc.unspill(gp, vals, 0)
		}
	}
	return vals
}

// panicText is printpanicval of interface value i after preprintpanics
// (the front end calls Error and String itself): the value as the
// runtime's print prints it, a named type's as Name(v), other kinds as
// (T) and an address.
func (mc *Machine) panicText(i int64) string {
	ti, v := mc.ifaceParts(i)
	if ti < 0 {
		return "nil"
	}
	t := &mc.prog.Types[ti]
	if t.ErrorString {
		return printindented(v.S) // its Error method
	}
	var s string
	switch t.Kind {
	case KindString:
		if t.Named {
			return t.Name + `("` + printindented(v.S) + `")`
		}
		return printindented(v.S)
	case KindInt, KindDuration:
		s = strconv.FormatInt(v.I, 10)
	case KindUint:
		s = strconv.FormatUint(uint64(v.I), 10)
	case KindBool:
		s = strconv.FormatBool(v.I != 0)
	case KindFloat:
		s = printfloat(math.Float64frombits(uint64(v.I)), t.Bits)
	default:
		return "(" + t.Name + ") " + fakeAddr(v.I)
	}
	if t.Named {
		return t.Name + "(" + s + ")"
	}
	return s
}

// printindented is the runtime's: each newline is followed by a tab.
func printindented(s string) string { return strings.ReplaceAll(s, "\n", "\n\t") }

// printfloat is the runtime's print of a float (runtime/print.go:
// printfloat64, printfloat32 since Go 1.26): strconv's shortest 'g' for
// its size, so 1.5, 1e+21, NaN, +Inf.
func printfloat(v float64, bits int8) string {
	if bits == 32 {
		return strconv.FormatFloat(v, 'g', -1, 32)
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// fmtCatch marks the deferred-call record that stands for fmt's
// catchPanic while OpFmtAny runs an Error or String method: the record's
// frame is OpFmtAny's; its args are the method's slot, OpFmtAny's pc,
// the text's start and whether the receiver is a nil pointer.
const fmtCatch = -1

// pushFmtCatch registers the catch for the method about to be called with
// its receiver at slot.
func (gp *g) pushFmtCatch(slot, pc int, verb rune, method string, nilRecv bool) {
	d := gp.depth()
	gp.defers = append(gp.defers, deferRec{depth: d, frame: d, clo: fmtCatch, args: []Value{
		{I: int64(slot)}, {I: int64(pc)}, {S: "%!" + string(verb) + "(PANIC=" + method + " method: "}, {I: boolInt(nilRecv)},
	}})
}

// dropFmtCatch removes the catch of the method that returned to OpFmtAny.
func (gp *g) dropFmtCatch() {
	if nd := len(gp.defers); nd > 0 && gp.defers[nd-1].clo == fmtCatch && gp.defers[nd-1].frame == gp.depth() {
		gp.defers = gp.defers[:nd-1]
	}
}

// catchPanic ends a panic that reached a method OpFmtAny called (fmt's
// catchPanic): the method's frames are dropped and its result is the
// panic's text, <nil> for a nil pointer receiver; OpFmtAny runs again.
// It returns the new operand stack pointer.
func (mc *Machine) catchPanic(gp *g, vals []Value) ([]Value, int) {
	d := gp.defers[len(gp.defers)-1]
	gp.defers = gp.defers[:len(gp.defers)-1]
	vals = mc.dropFramesTo(gp, vals, d.frame)
	msg := gp.panicMsg
	if i := strings.LastIndex(msg, "\n\tpanic: "); i >= 0 {
		msg = msg[i+len("\n\tpanic: "):]
	}
	msg, _, _ = strings.Cut(msg, "\n[signal")
	text := d.args[2].S + msg + ")"
	if d.args[3].I != 0 {
		text = "<nil>"
	}
	slot := int(d.args[0].I)
	vals[slot] = Value{S: text, I: fmtCaught} // written as is, whatever the verb
	gp.frames[len(gp.frames)-1].pc = int32(d.args[1].I)
	gp.panicking, gp.recovered, gp.panicMsg, gp.panicVal = false, false, "", 0
	return vals, slot + 1
}
