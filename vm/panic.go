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
		s = printfloat(math.Float64frombits(uint64(v.I)))
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

// printfloat is the runtime's print of a float64 (runtime/print.go):
// +d.dddddde±ddd, or NaN, +Inf, -Inf.
func printfloat(v float64) string {
	switch {
	case v != v:
		return "NaN"
	case v+v == v && v > 0:
		return "+Inf"
	case v+v == v && v < 0:
		return "-Inf"
	}
	const n = 7 // digits printed
	var buf [n + 7]byte
	buf[0] = '+'
	e := 0 // exp
	if v == 0 {
		if 1/v < 0 {
			buf[0] = '-'
		}
	} else {
		if v < 0 {
			v = -v
			buf[0] = '-'
		}
		// normalize
		for v >= 10 {
			e++
			v /= 10
		}
		for v < 1 {
			e--
			v *= 10
		}
		// round
		h := 5.0
		for i := 0; i < n; i++ {
			h /= 10
		}
		v += h
		if v >= 10 {
			e++
			v /= 10
		}
	}
	// format +d.dddd+edd
	for i := 0; i < n; i++ {
		s := int(v)
		buf[i+2] = byte(s + '0')
		v -= float64(s)
		v *= 10
	}
	buf[1] = buf[2]
	buf[2] = '.'
	buf[n+2] = 'e'
	buf[n+3] = '+'
	if e < 0 {
		e = -e
		buf[n+3] = '-'
	}
	buf[n+4] = byte(e/100 + '0')
	buf[n+5] = byte(e/10)%10 + '0'
	buf[n+6] = byte(e%10) + '0'
	return string(buf[:])
}

// fmtCatch marks the deferred-call record that stands for fmt's
// catchPanic while OpFmtAny runs an Error or String method: the record's
// frame is OpFmtAny's; its args are the method's slot, OpFmtAny's pc,
// the text's start and whether the receiver is a nil pointer.
const fmtCatch = -1

// pushFmtCatch registers the catch for the method about to be called with
// its receiver at slot.
func (gp *g) pushFmtCatch(slot, pc int, verb rune, method string, nilRecv bool) {
	d := len(gp.frames)
	gp.defers = append(gp.defers, deferRec{depth: int32(d), frame: int32(d), clo: fmtCatch, args: []Value{
		{I: int64(slot)}, {I: int64(pc)}, {S: "%!" + string(verb) + "(PANIC=" + method + " method: "}, {I: boolInt(nilRecv)},
	}})
}

// dropFmtCatch removes the catch of the method that returned to OpFmtAny.
func (gp *g) dropFmtCatch() {
	if nd := len(gp.defers); nd > 0 && gp.defers[nd-1].clo == fmtCatch && gp.defers[nd-1].frame == int32(len(gp.frames)) {
		gp.defers = gp.defers[:nd-1]
	}
}

// catchPanic ends a panic that reached a method OpFmtAny called (fmt's
// catchPanic): the method's frames are dropped and its result is the
// panic's text, <nil> for a nil pointer receiver; OpFmtAny runs again.
// It returns the new operand stack pointer.
func (mc *Machine) catchPanic(gp *g, vals []Value) int {
	d := gp.defers[len(gp.defers)-1]
	gp.defers = gp.defers[:len(gp.defers)-1]
	for int32(len(gp.frames)) > d.frame {
		gp.stackUsed -= int64(mc.prog.Funcs[gp.frames[len(gp.frames)-1].fn].FrameSize)
		gp.frames = gp.frames[:len(gp.frames)-1]
	}
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
	vals[slot] = Value{S: text}
	gp.frames[len(gp.frames)-1].pc = int32(d.args[1].I)
	gp.panicking, gp.recovered, gp.panicMsg, gp.panicVal = false, false, "", 0
	return slot + 1
}
