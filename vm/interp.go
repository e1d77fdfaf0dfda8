package vm

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// The interpreter: runs a G's Go code (its frames, locals and operands) until
// something needs the scheduler. It never touches scheduler state (queues,
// Ps, Ms, other Gs) and never reads the clock; the scheduler charges
// the virtual CPU time it reports: what the Go operations it ran cost
// compiled (cost.go), in ps.
//
// Calls. The caller pushes the arguments; they become the callee's locals
// 0..NParams-1 in place (a closure call first drops the func value under
// them), the other locals are zeroed above them, and the operands start at
// base+NLocals. OpReturn moves the NResults top slots down to base. A call
// that would cross stackguard0 leaves the caller's pc at the call and stops
// with stopMorestack; the call is executed again once the scheduler grew the
// stack (or preempted and resumed the G).
//
// Deferred calls are ordinary frames, so that they can stop at scheduler ops
// (defer mu.Unlock()) and be preempted like any code. The frame that returns
// keeps its pc at OpReturn while its deferred calls run, LIFO, above its
// results; each time one returns, OpReturn is executed again and runs the
// next, until none of the frame's are left and it really returns.
// OpRunDefers does the same without returning, then goes on. Which
// deferred call is running is recorded in the deferRec itself (its depth
// field, see the defer* encodings below), so that no state lives outside
// the G's plain data.
//
// Panics (recover: panic.go). The panicking frame's pc stays at the
// instruction that panicked (OpPanic, a division, an index…) and the frames
// stay in place, as in the real runtime, which prints the stack of the panic:
// the deferred calls run above it, from the most recent one registered
// (whatever its frame) to the oldest. A deferred call that a panic
// interrupted is abandoned. When none is left, exec returns stopPanic with
// gp.panicMsg and gp.panicPos set.

// execStop says why exec returned.
type execStop uint8

const (
	// stopBudget: budget instructions ran; the G can go on.
	stopBudget execStop = iota
	// stopSched: the top frame's pc is at a scheduler op (Op.IsSched);
	// the scheduler performs it (intrinsics.go) and advances the pc.
	stopSched
	// stopExit: the entry function returned (all defers ran): goexit.
	stopExit
	// stopMorestack: the prologue check of a call failed (SP ≤ stackguard0
	// with the StackSmall/StackBig shapes of obj6.go: stacksplit).
	// gp.morestackFn names the callee; the pc is still at the call, which
	// is executed again after newstack grew the stack or the G was
	// preempted and resumed.
	stopMorestack
	// stopPanic: the G panicked (gp.panicMsg, gp.panicPos) and its
	// deferred calls have all run.
	stopPanic
	// stopAlloc: the instruction just done allocated the bytes that
	// reached the limit the scheduler set (Machine.SetAllocLimit): the GC's
	// trigger or the G's assist credit. The G can go on.
	stopAlloc
)

// The depth field of a deferRec: > 0 is the depth (len(frames)) of the
// frame that registered it, still to run. Negative values mark a deferred
// call in progress whose frame is at depth k:
//
//	-k                      started by OpReturn of the frame below it
//	-(k + deferUnwinding)   started while the G panics
//	-(k + deferPending)     to start while the G panics: its prologue
//	                        check failed (stopMorestack) and is retried
const (
	deferUnwinding = 1 << 28
	deferPending   = 2 << 28
)

// Go's messages for the run-time panics the interpreter raises.
const (
	errDivide   = "runtime error: integer divide by zero"
	errShift    = "runtime error: negative shift amount"
	errNilFunc  = "runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]"
	errIndexFmt = "runtime error: index out of range ["
	errSliceFmt = "runtime error: slice bounds out of range ["
)

// morestackNeeded is the function prologue's stack check
// (cmd/internal/obj/x86/obj6.go: stacksplit) for a callee with the given
// frame size, with SP at stackSize - stackUsed.
func (gp *g) morestackNeeded(frameSize int) bool {
	sp := gp.stackSize - gp.stackUsed
	if frameSize <= stackSmall {
		// CMPQ SP, stackguard0; JLS morestack
		return uint64(sp) <= gp.stackguard0
	}
	// LEAQ -(framesize-StackSmall)(SP), tmp (or SUBQ with a carry check
	// for big frames); CMPQ tmp, stackguard0; JLS morestack
	t := sp - int64(frameSize-stackSmall)
	return t < 0 || uint64(t) <= gp.stackguard0
}

// growVals returns vals (used up to sp) with room for at least need slots.
func growVals(vals []Value, sp, need int) []Value {
	if need <= len(vals) {
		return vals
	}
	n := 2*len(vals) + 16
	if n < need {
		n = need + 16
	}
	nv := make([]Value, n)
	copy(nv, vals[:sp])
	return nv
}

// enter pushes a frame for function fi whose arguments are vals[base:sp],
// with closure clo, and returns vals and the new sp (the callee's operands
// start at base+NLocals).
func (mc *Machine) enter(gp *g, fi int32, base, sp int, clo int32, vals []Value) ([]Value, int) {
	return mc.enterInl(gp, fi, base, sp, clo, vals, 0)
}

// enterInl is enter for a call the compiler inlines in its caller's frame
// (inl, the node of the body inlined: Program.Inl), which takes no stack
// of its own; with inl 0 it is a real call.
func (mc *Machine) enterInl(gp *g, fi int32, base, sp int, clo int32, vals []Value, inl int32) ([]Value, int) {
	f := &mc.prog.Funcs[fi]
	node := f.Inl
	if inl != 0 {
		node = -inl
	} else {
		gp.stackUsed += int64(f.FrameSize)
	}
	if len(gp.frames) >= 2*spillFrames {
		cut := gp.spill(vals, sp)
		base, sp = base-cut, sp-cut
	}
	if len(gp.frames) == cap(gp.frames) {
		// Double, as growVals does: append grows a big slice by 1.25x,
		// which for a deep recursion allocates (and faults in) five
		// times the final size.
		nf := make([]frame, len(gp.frames), 2*cap(gp.frames)+8)
		copy(nf, gp.frames)
		gp.frames = nf
	}
	gp.frames = append(gp.frames, frame{fn: fi, base: int32(base), clo: clo, inl: node})
	top := base + f.NLocals
	vals = growVals(vals, sp, top+f.MaxStack+4)
	if sp < top {
		clear(vals[sp:top])
	}
	return vals, top
}

// callCost is the cost of a call op: its cell of the op table (the call
// and its return), or nothing for a call the compiler inlines (inl != 0:
// the node of the body inlined, Program.Inl), which is no call at all: the
// callee's code runs in the caller's, its arguments and results in the
// caller's registers.
func callCost(op Op, inl int32) int64 {
	if inl != 0 {
		return 0
	}
	return opCost[op]
}

// startPanic records a panic with message msg at pos; a panic while the G
// already panics is printed after the first, as printpanics does.
func (gp *g) startPanic(msg string, pos Pos) { gp.startPanicVal(msg, 0, pos) }

// startPanicVal is startPanic with the panic's value v (an interface
// value, 0 for a run-time error: recover makes one). As printpanics
// prints a chain: a panic already recovered gets " [recovered]", and the
// same value panicked again (preprintpanics' repanicked) is printed once,
// with " [recovered, repanicked]" if it was recovered.
func (gp *g) startPanicVal(msg string, v int64, pos Pos) {
	switch {
	case !gp.panicking:
		gp.panicMsg = msg
	case v != 0 && v == gp.panicVal:
		if gp.recovered {
			gp.panicMsg += " [recovered, repanicked]"
		}
	case gp.recovered:
		gp.panicMsg += " [recovered]\n\tpanic: " + msg
	default:
		gp.panicMsg += "\n\tpanic: " + msg
	}
	gp.panicking = true
	gp.recovered = false
	gp.panicVal = v
	gp.panicStr = false
	gp.panicPos = pos
}

func posAt(f *Func, pc int) Pos {
	if pc >= 0 && pc < len(f.Pos) {
		return f.Pos[pc]
	}
	return f.Decl
}

// exec runs gp's code for at most budget instructions and reports how many
// ran, what they cost in virtual CPU time (ps, cost.go) and why it stopped
// (see execStop and the comment at the top).
func (mc *Machine) exec(gp *g, budget int) (n int, ps int64, stop execStop) {
	gp.inCall = false
	funcs := mc.prog.Funcs
	var (
		vals []Value
		sp   int
		fr   *frame
		fn   *Func
		code []Instr
		pc   int
		base int
		free []int32
		pmsg string
		pval int64
		d    *deferRec
		nd   int
		k    int32
	)
	if !gp.started {
		c := &mc.closures[gp.entryClo]
		if c.fn < 0 {
			gp.startPanic(errNilFunc, Pos{})
			return 0, 0, stopPanic
		}
		f := &funcs[c.fn]
		if !f.NoSplit && gp.morestackNeeded(f.FrameSize) {
			gp.morestackFn = c.fn
			return 0, 0, stopMorestack
		}
		gp.started = true
		vals = gp.vals[:cap(gp.vals)]
		vals, sp = mc.enter(gp, c.fn, 0, len(gp.vals), gp.entryClo, vals)
		gp.vals = vals[:sp]
	}
	if len(gp.frames) == 0 {
		return 0, 0, stopExit
	}
	vals = gp.vals[:cap(gp.vals)]
	sp = len(gp.vals)
	if gp.raise {
		// A panic the scheduler raised (Raise): unwind as from raise.
		gp.raise = false
		goto unwind
	}
	if gp.panicking || gp.goexit != goexitNone {
		if nd = len(gp.defers); nd > 0 && gp.defers[nd-1].depth == -(gp.depth()+1+deferPending) {
			goto unwind
		}
		if gp.goexit == goexitStart && !gp.panicking {
			gp.goexit = goexitUnwinding
			goto unwind
		}
	}

load:
	fr = &gp.frames[len(gp.frames)-1]
	fn = &funcs[fr.fn]
	code = fn.Code
	pc = int(fr.pc)
	base = int(fr.base)
	free = mc.closures[fr.clo].boxes

	for n < budget {
		pc, sp, base, n, ps = mc.fast(gp, mc.fused[fr.fn], vals, free, pc, sp, base, n, ps, budget)
		// fast may have called or returned: the top frame may be another.
		fr = &gp.frames[len(gp.frames)-1]
		fn = &funcs[fr.fn]
		code = fn.Code
		free = mc.closures[fr.clo].boxes
		if n >= budget {
			break
		}
		in := code[pc]
		// Only what fast leaves comes here: the ops it handles without
		// ever returning (stores, pops, arithmetic, comparisons, jumps)
		// are not repeated in this switch.
		switch in.Op {

		// Constants and variables.
		case OpNop:
		case OpInt:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: int64(in.A)<<32 | int64(uint32(in.B))}
			sp++
		case OpStr:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{S: mc.prog.Strings[in.A]}
			sp++
		case OpLoad:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = vals[base+int(in.A)]
			sp++
		case OpLoadBox:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = mc.boxes[vals[base+int(in.A)].I&refMask]
			sp++
		case OpNewBox:
			sp--
			vals[base+int(in.A)] = Value{I: mc.newBox(vals[sp])}
		case OpLoadFree:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = mc.boxes[free[in.A]]
			sp++
		case OpFreeRef:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: boxTag | int64(free[in.A])}
			sp++
		case OpLocalRef:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: vals[base+int(in.A)].I}
			sp++
		case OpLoadGlob:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = mc.globals[in.A]
			sp++
		case OpStoreGlob:
			sp--
			mc.globals[in.A] = vals[sp]
			ps += mc.wbCost(vals[sp])
		case OpDup:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = vals[sp-1]
			sp++

		// Integer arithmetic. Int operands carry an empty S, so writing
		// only I keeps the slot a proper int.
		case OpDiv:
			if vals[sp-1].I == 0 {
				pmsg = errDivide
				goto raise
			}
			sp--
			vals[sp-1].I /= vals[sp].I
			if pc > 0 && code[pc-1].Op == OpInt {
				ps += psDivConst - psDiv // by a constant: a multiply and shifts
			}
		case OpRem:
			if vals[sp-1].I == 0 {
				pmsg = errDivide
				goto raise
			}
			sp--
			vals[sp-1].I %= vals[sp].I
			if pc > 0 && code[pc-1].Op == OpInt {
				ps += psDivConst - psDiv
			}
		case OpAndNot:
			sp--
			vals[sp-1].I &^= vals[sp].I
		case OpShl:
			if vals[sp-1].I < 0 {
				pmsg = errShift
				goto raise
			}
			sp--
			vals[sp-1].I <<= uint64(vals[sp].I)
		case OpShr:
			if vals[sp-1].I < 0 {
				pmsg = errShift
				goto raise
			}
			sp--
			vals[sp-1].I >>= uint64(vals[sp].I)

		// Strings.
		case OpConcat:
			sp--
			vals[sp-1].S += vals[sp].S
			mc.mallocString(len(vals[sp-1].S)) // runtime.concatstrings
			ps += memmoveCost(len(vals[sp-1].S), 1)
			if in.B == 1 {
				// It continues a concatenation (a + b + c): Go makes
				// one concatstrings of all the operands, whose call
				// and mallocgc the first OpConcat paid.
				ps -= psConcat + psMalloc
			}
		case OpSEq:
			sp--
			vals[sp-1] = Value{I: boolInt(vals[sp-1].S == vals[sp].S)}
		case OpSNe:
			sp--
			vals[sp-1] = Value{I: boolInt(vals[sp-1].S != vals[sp].S)}
		case OpSLt:
			sp--
			vals[sp-1] = Value{I: boolInt(vals[sp-1].S < vals[sp].S)}
		case OpSLe:
			sp--
			vals[sp-1] = Value{I: boolInt(vals[sp-1].S <= vals[sp].S)}
		case OpSGt:
			sp--
			vals[sp-1] = Value{I: boolInt(vals[sp-1].S > vals[sp].S)}
		case OpSGe:
			sp--
			vals[sp-1] = Value{I: boolInt(vals[sp-1].S >= vals[sp].S)}
		case OpSLen:
			vals[sp-1] = Value{I: int64(len(vals[sp-1].S))}
		case OpIndex:
			s, i := vals[sp-2].S, vals[sp-1].I
			if uint64(i) >= uint64(len(s)) {
				pmsg = indexError(i, len(s))
				goto raise
			}
			sp--
			vals[sp-1] = Value{I: int64(s[i])}
		case OpSlice:
			var i, j int64
			s := 0 // operands on the stack
			if in.B&2 == 0 {
				s++
			}
			if in.B&1 == 0 {
				s++
			}
			str := vals[sp-s-1].S
			j = int64(len(str))
			if in.B&2 == 0 {
				j = vals[sp-1].I
				if in.B&1 == 0 {
					i = vals[sp-2].I
				}
			} else if in.B&1 == 0 {
				i = vals[sp-1].I
			}
			if uint64(j) > uint64(len(str)) {
				pmsg = sliceErrorAlen(j, len(str))
				goto raise
			}
			if uint64(i) > uint64(j) {
				pmsg = sliceErrorB(i, j)
				goto raise
			}
			sp -= s
			vals[sp-1].S = str[i:j]

		// Formatting.
		case OpFmtInt:
			vals[sp-1] = Value{S: strconv.FormatInt(vals[sp-1].I, 10)}
		case OpFmtBool:
			if vals[sp-1].I != 0 {
				vals[sp-1] = Value{S: "true"}
			} else {
				vals[sp-1] = Value{S: "false"}
			}
		case OpFmtDur:
			vals[sp-1] = Value{S: DurationString(vals[sp-1].I)}

		// Control.
		case OpCall:
			callee := &funcs[in.A]
			var inl int32
			if fr.inl != 0 {
				inl = mc.prog.inlined(fr.inl, pc)
			}
			if inl == 0 && !callee.NoSplit && gp.morestackNeeded(callee.FrameSize) {
				fr.pc = int32(pc)
				gp.morestackFn = in.A
				stop = stopMorestack
				goto out
			}
			fr.pc = int32(pc + 1)
			vals, sp = mc.enterInl(gp, in.A, sp-int(in.B), sp, 0, vals, inl)
			n++
			ps += callCost(in.Op, inl)
			goto load
		case OpCallClosure:
			nargs, _ := CallSlotsOf(in.B)
			id := vals[sp-nargs-1].I & refMask
			if id == 0 {
				pmsg = errNilFunc
				goto raise
			}
			fi := mc.closures[id].fn
			callee := &funcs[fi]
			var inl int32
			if fr.inl != 0 {
				// A call the compiler inlines calls the function it
				// resolved statically; a func value holding another
				// one is a real call.
				if inl = mc.prog.inlined(fr.inl, pc); inl != 0 && mc.prog.inlFn(inl) != fi {
					inl = 0
				}
			}
			if inl == 0 && !callee.NoSplit && gp.morestackNeeded(callee.FrameSize) {
				fr.pc = int32(pc)
				gp.morestackFn = fi
				stop = stopMorestack
				goto out
			}
			fr.pc = int32(pc + 1)
			for i := sp - nargs - 1; i < sp-1; i++ {
				vals[i] = vals[i+1] // drop the func value under the arguments
			}
			sp--
			vals, sp = mc.enterInl(gp, fi, sp-nargs, sp, int32(id), vals, inl)
			n++
			ps += callCost(OpCallClosure, inl)
			goto load
		case OpIfaceCall:
			nargs, _ := CallSlotsOf(in.B)
			i := vals[sp-nargs-1].I
			if i&refMask == 0 {
				pmsg = errNilFunc
				goto raise
			}
			ti, recv := mc.objs[i&refMask][0].I, mc.objs[i&refMask][1]
			t := &mc.prog.Types[ti]
			if t.ErrorString {
				sp -= nargs
				vals[sp-1] = Value{S: recv.S}
				break
			}
			m := findMethod(t, in.A)
			if m == nil {
				// The type checker proved the method is there: the
				// compiler left it out of the type's table, a bug in
				// gmplab, not a panic of the program.
				panic("vm: no method " + mc.prog.Strings[in.A] + " in " + t.Name + "'s table (" + fn.Name + ")")
			}
			callee := &funcs[m.Fn]
			if !callee.NoSplit && gp.morestackNeeded(callee.FrameSize) {
				fr.pc = int32(pc)
				gp.morestackFn = m.Fn
				stop = stopMorestack
				goto out
			}
			if m.Copy >= 0 {
				if recv.I&refMask == 0 {
					// The wrapper (*T).M dereferences the nil pointer.
					pmsg = errNilFunc
					goto raise
				}
				recv = Value{I: mc.copyObj(recv.I, m.Copy)}
			}
			vals[sp-nargs-1] = recv
			fr.pc = int32(pc + 1)
			vals, sp = mc.enter(gp, m.Fn, sp-nargs-1, sp, 0, vals)
			n++
			ps += opCost[OpIfaceCall]
			goto load
		case OpClosure:
			nb := int(in.B)
			boxes := make([]int32, nb)
			for i := range boxes {
				boxes[i] = int32(vals[sp-nb+i].I & refMask)
			}
			sp -= nb
			id := mc.newClosure(closure{fn: in.A, boxes: boxes})
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: id}
			sp++
		case OpFuncVal:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: cloTag | (int64(in.A) + 1)}
			sp++
		case OpDefer:
			nargs := int(in.B)
			if in.A == 1 {
				// A range-over-func body's defer: registered for the frame
				// of the token under f (defer_rangefunc.go).
				if pmsg = gp.deferAt(vals[sp-nargs-2].I, vals[sp-nargs-1:sp]); pmsg != "" {
					goto raise
				}
				sp -= nargs + 2
				break
			}
			nd = len(gp.defers)
			if nd < cap(gp.defers) {
				gp.defers = gp.defers[:nd+1]
			} else {
				gp.defers = append(gp.defers, deferRec{})
			}
			d = &gp.defers[nd]
			d.depth = gp.depth()
			d.frame = d.depth
			d.clo = int32(vals[sp-nargs-1].I & refMask)
			d.args = append(d.args[:0], vals[sp-nargs:sp]...)
			sp -= nargs + 1
		case OpDeferRange:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: rangeToken(gp.depth(), fr.fn)}
			sp++
		case OpPanic:
			sp--
			pmsg = vals[sp].S
			if in.B == 1 {
				sp--
				pval = vals[sp].I
			}
			goto raise
		case OpFmtAny:
			// The value is at the operand depth A>>21; the results of the
			// String and Error methods called so far are above it.
			at := base + fn.NLocals + int(in.A>>21)
			if at >= sp {
				panic("exec: OpFmtAny's operand depth is past the stack in " + fn.Name + " at " + itoa(int64(pc)))
			}
			gp.dropFmtCatch()
			text, fi, recv, method, nilRecv, verb := mc.fmtAnyStep(vals[at], rune(in.A&(1<<21-1)), in.B, vals[at+1:sp])
			if fi < 0 {
				vals[at] = Value{S: text}
				sp = at + 1
				break
			}
			callee := &funcs[fi]
			if !callee.NoSplit && gp.morestackNeeded(callee.FrameSize) {
				fr.pc = int32(pc)
				gp.morestackFn = fi
				stop = stopMorestack
				goto out
			}
			vals = growVals(vals, sp, sp+1)
			vals[sp] = recv
			gp.pushFmtCatch(sp, pc, verb, method, nilRecv)
			sp++
			fr.pc = int32(pc) // OpFmtAny runs again when the method returns
			vals, sp = mc.enter(gp, fi, sp-1, sp, 0, vals)
			n++
			goto load
		case OpRecover:
			if sp == len(vals) {
				vals = growVals(vals, sp, sp+1)
			}
			vals[sp] = Value{I: mc.gorecover(gp)}
			sp++

		case OpReturn, OpRunDefers:
			k = gp.depth()
			if nd = len(gp.defers); nd > 0 && gp.defers[nd-1].depth == k {
				// Run the frame's most recent deferred call; the pc
				// stays at OpReturn, which runs again when it returns.
				fr.pc = int32(pc)
				d = &gp.defers[nd-1]
				if d.clo == 0 {
					gp.defers = gp.defers[:nd-1]
					pmsg = errNilFunc
					goto raise
				}
				fi := mc.closures[d.clo].fn
				callee := &funcs[fi]
				if !callee.NoSplit && gp.morestackNeeded(callee.FrameSize) {
					gp.morestackFn = fi
					stop = stopMorestack
					goto out
				}
				d.depth = -(k + 1)
				vals = growVals(vals, sp, sp+len(d.args))
				copy(vals[sp:], d.args)
				vals, sp = mc.enter(gp, fi, sp, sp+len(d.args), d.clo, vals)
				n++
				goto load
			}
			if in.Op == OpRunDefers {
				break // none (left) to run: go on
			}
			nr := fn.NResults
			if nr == 1 {
				vals[base] = vals[sp-1] // the common case, without copy's call
			} else {
				copy(vals[base:base+nr], vals[sp-nr:sp])
			}
			sp = base + nr
			n++
			if k == 1 {
				// The entry function returned: goexit.
				gp.popFrame(fn)
				sp = 0
				stop = stopExit
				goto out
			}
			if gp.popFrame(fn) {
				var shift int
				vals, sp, shift = mc.unspill(gp, vals, sp)
				base += shift
			}
			if nd > 0 {
				switch gp.defers[nd-1].depth {
				case -k:
					// A deferred call returned: its results are
					// dropped and the OpReturn below runs again.
					gp.defers = gp.defers[:nd-1]
					sp = base
				case -(k + deferUnwinding):
					r := gp.defers[nd-1].frame
					gp.defers = gp.defers[:nd-1]
					sp = base
					if gp.recovered {
						vals, sp = mc.recovery(gp, vals, r)
						goto load
					}
					goto unwind
				}
			}
			goto load

		case OpDivR, OpRemR, OpShlR, OpShrR, OpFieldR, OpFieldAddrR, OpSetFieldR, OpSliceIndexR, OpSliceStoreR,
			OpIndexObjR, OpStoreIndexObjR, OpMovS, OpLoadGlobR, OpStoreGlobR:
			if pmsg = mc.regOp(in, vals, base); pmsg != "" {
				goto raise
			}

		case OpHost:
			// A host function may read the G's frames (runtime.Caller):
			// they are as a traceback would see them, the top one at
			// this instruction.
			fr.pc = int32(pc)
			mc.curG = gp
			vals, sp, pmsg = mc.host(vals, sp, in.A, in.B, &ps)
			mc.curG = nil
			if pmsg != "" {
				goto raise
			}

		default:
			if in.Op.IsSched() {
				fr.pc = int32(pc)
				stop = stopSched
				goto out
			}
			var ok bool
			if vals, sp, pmsg, ok = mc.dataOp(in, vals, sp, &ps); ok {
				if pmsg != "" {
					goto raise
				}
				break
			}
			panic("exec: bad instruction " + itoa(int64(in.Op)) + " in " + fn.Name + " at " + itoa(int64(pc)))
		}
		ps += opCost[in.Op]
		pc++
		n++
		if mc.heap.stop {
			mc.heap.stop = false
			fr.pc = int32(pc)
			stop = stopAlloc
			goto out
		}
	}
	fr.pc = int32(pc)
	stop = stopBudget
	goto out

raise:
	// The instruction at pc panics with pmsg: the frame stays, its pc at
	// the instruction, and the deferred calls run above it.
	n++
	fr.pc = int32(pc)
	gp.startPanicVal(pmsg, pval, posAt(fn, pc))
	pval = 0

unwind:
	// The G panics: run the most recent deferred call still to run, or
	// stop when none is left.
	for {
		nd = len(gp.defers)
		if nd == 0 {
			stop = stopPanic
			if gp.goexit == goexitUnwinding && !gp.panicking { // runtime.Goexit's deferred calls have all run
				mc.goexitDone(gp)
				sp, stop = 0, stopExit
			}
			goto out
		}
		d = &gp.defers[nd-1]
		k = gp.depth() + 1
		if d.clo == fmtCatch {
			vals, sp = mc.catchPanic(gp, vals)
			goto load
		}
		if d.depth < 0 && d.depth != -(k+deferPending) {
			// A deferred call this panic interrupted: abandoned.
			gp.defers = gp.defers[:nd-1]
			continue
		}
		if d.clo == 0 {
			gp.defers = gp.defers[:nd-1]
			fr = &gp.frames[len(gp.frames)-1]
			gp.startPanic(errNilFunc, posAt(&funcs[fr.fn], int(fr.pc)))
			continue
		}
		fi := mc.closures[d.clo].fn
		callee := &funcs[fi]
		if !callee.NoSplit && gp.morestackNeeded(callee.FrameSize) {
			d.depth = -(k + deferPending)
			gp.morestackFn = fi
			stop = stopMorestack
			goto out
		}
		d.depth = -(k + deferUnwinding)
		vals = growVals(vals, sp, sp+len(d.args))
		copy(vals[sp:], d.args)
		vals, sp = mc.enter(gp, fi, sp, sp+len(d.args), d.clo, vals)
		goto load
	}

out:
	gp.vals = vals[:sp]
	return n, ps, stop
}

// indexError is the message of panicIndex (runtime/error.go: boundsError).
func indexError(i int64, n int) string {
	if i < 0 {
		return errIndexFmt + itoa(i) + "]"
	}
	return errIndexFmt + itoa(i) + "] with length " + itoa(int64(n))
}

// sliceErrorAlen is panicSliceAlen: s[:j] with j out of range.
func sliceErrorAlen(j int64, n int) string {
	if j < 0 {
		return errSliceFmt + ":" + itoa(j) + "]"
	}
	return errSliceFmt + ":" + itoa(j) + "] with length " + itoa(int64(n))
}

// sliceErrorB is panicSliceB: s[i:j] with i > j.
func sliceErrorB(i, j int64) string {
	if i < 0 {
		return errSliceFmt + itoa(i) + ":]"
	}
	return errSliceFmt + itoa(i) + ":" + itoa(j) + "]"
}

// fmtPad pads s to width runes like fmt's width: flags&1 left-justifies
// (the '-' flag), flags&2 pads with zeros (the '0' flag), after a leading
// sign if flags&4 (a formatted number).
func fmtPad(s string, width int, flags int32) string {
	pad := width - utf8.RuneCountInString(s)
	if pad <= 0 {
		return s
	}
	switch {
	case flags&1 != 0:
		return s + strings.Repeat(" ", pad)
	case flags&2 != 0:
		if flags&4 != 0 && len(s) > 0 && (s[0] == '-' || s[0] == '+') {
			return s[:1] + strings.Repeat("0", pad) + s[1:]
		}
		return strings.Repeat("0", pad) + s
	}
	return strings.Repeat(" ", pad) + s
}
