package vm

// The fast path of the interpreter (exec): fast runs a G's frames while
// every instruction is one that needs neither the scheduler nor a panic,
// fastOps the simple ones of one frame in a loop that calls nothing (so
// that its registers stay registers), and fastCall the calls and returns
// that need nothing but a new or an old frame. exec (interp.go) runs what
// they leave, from the pc they return.

// fastOps runs the simple instructions (locals, boxes, integer and
// float64 arithmetic that cannot panic, comparisons, jumps, fields and
// elements, the superinstructions) of one frame: the code, locals (at
// base) and operands of fast's top frame. It calls nothing, so that its
// loop keeps pc, sp, n and ps in registers; it returns at the first
// instruction it does not do (without doing it), when a push needs a
// bigger vals, or when the budget is used up. ps accumulates the cost of
// what it ran (opCost, and psTakenBranch for a jump taken).
//
//go:noinline
func (mc *Machine) fastOps(code []Instr, vals []Value, free *[]int32, pc, sp, base, n int, ps int64, budget int) (int, int, int, int64) {
	// The frame's slots from base (loc[i] is local i, loc[sp] the
	// operand at sp), and the budget left: fewer values for the loop to
	// keep in registers.
	loc, sp, left := vals[base:], sp-base, budget-n
	for left > 0 {
		in := code[pc]
		switch in.Op {
		case OpInt:
			if sp == len(loc) {
				return pc, base + sp, budget - left, ps
			}
			loc[sp] = Value{I: int64(in.A)<<32 | int64(uint32(in.B))}
			sp++
		case OpLoad:
			if sp == len(loc) {
				return pc, base + sp, budget - left, ps
			}
			loc[sp] = loc[in.A]
			sp++
		case OpStore:
			sp--
			loc[in.A] = loc[sp]
		case OpLoadBox:
			if sp == len(loc) {
				return pc, base + sp, budget - left, ps
			}
			loc[sp] = mc.boxes[loc[in.A].I&refMask]
			sp++
		case OpStoreBox:
			sp--
			mc.boxes[loc[in.A].I&refMask] = loc[sp]
			if mc.heap.wb != 0 && isPointer(loc[sp]) {
				ps += mc.heap.wb
			}
		case OpLoadFree:
			if sp == len(loc) {
				return pc, base + sp, budget - left, ps
			}
			loc[sp] = mc.boxes[(*free)[in.A]]
			sp++
		case OpStoreFree:
			sp--
			mc.boxes[(*free)[in.A]] = loc[sp]
			if mc.heap.wb != 0 && isPointer(loc[sp]) {
				ps += mc.heap.wb
			}
		case OpPop:
			sp--
		case OpDup:
			if sp == len(loc) {
				return pc, base + sp, budget - left, ps
			}
			loc[sp] = loc[sp-1]
			sp++
		case OpAdd:
			sp--
			loc[sp-1].I += loc[sp].I
		case OpSub:
			sp--
			loc[sp-1].I -= loc[sp].I
		case OpMul:
			sp--
			loc[sp-1].I *= loc[sp].I
		case OpNeg:
			loc[sp-1].I = -loc[sp-1].I
		case OpAnd:
			sp--
			loc[sp-1].I &= loc[sp].I
		case OpOr:
			sp--
			loc[sp-1].I |= loc[sp].I
		case OpXor:
			sp--
			loc[sp-1].I ^= loc[sp].I
		case OpNot:
			loc[sp-1].I ^= 1
		case OpEq:
			sp--
			loc[sp-1].I = boolInt(loc[sp-1].I == loc[sp].I)
		case OpNe:
			sp--
			loc[sp-1].I = boolInt(loc[sp-1].I != loc[sp].I)
		case OpLt:
			sp--
			loc[sp-1].I = boolInt(loc[sp-1].I < loc[sp].I)
		case OpLe:
			sp--
			loc[sp-1].I = boolInt(loc[sp-1].I <= loc[sp].I)
		case OpGt:
			sp--
			loc[sp-1].I = boolInt(loc[sp-1].I > loc[sp].I)
		case OpGe:
			sp--
			loc[sp-1].I = boolInt(loc[sp-1].I >= loc[sp].I)
		case OpJump:
			pc = int(in.A)
			left--
			ps += psTakenBranch
			continue
		case OpJumpIf:
			sp--
			if loc[sp].I != 0 {
				pc = int(in.A)
				left--
				ps += psTakenBranch
				continue
			}
		case OpJumpIfNot:
			sp--
			if loc[sp].I == 0 {
				pc = int(in.A)
				left--
				ps += psTakenBranch
				continue
			}

		// The register form (regops.go), but what can panic or needs
		// more than the frame: regOp.
		case OpMov:
			loc[in.A] = loc[in.B]
		case OpMovI:
			loc[in.A] = Value{I: int64(in.B)<<32 | int64(uint32(in.C))}
		case OpAddR:
			loc[in.A].I = loc[in.B].I + loc[in.C].I
		case OpSubR:
			loc[in.A].I = loc[in.B].I - loc[in.C].I
		case OpMulR:
			loc[in.A].I = loc[in.B].I * loc[in.C].I
		case OpAndR:
			loc[in.A].I = loc[in.B].I & loc[in.C].I
		case OpOrR:
			loc[in.A].I = loc[in.B].I | loc[in.C].I
		case OpXorR:
			loc[in.A].I = loc[in.B].I ^ loc[in.C].I
		case OpAndNotR:
			loc[in.A].I = loc[in.B].I &^ loc[in.C].I
		case OpAddI:
			loc[in.A].I = loc[in.B].I + int64(in.C)
		case OpMulI:
			loc[in.A].I = loc[in.B].I * int64(in.C)
		case OpDivI:
			loc[in.A].I = loc[in.B].I / int64(in.C)
		case OpRemI:
			loc[in.A].I = loc[in.B].I % int64(in.C)
		case OpAndI:
			loc[in.A].I = loc[in.B].I & int64(in.C)
		case OpOrI:
			loc[in.A].I = loc[in.B].I | int64(in.C)
		case OpXorI:
			loc[in.A].I = loc[in.B].I ^ int64(in.C)
		case OpShlI:
			loc[in.A].I = loc[in.B].I << uint64(in.C)
		case OpShrI:
			loc[in.A].I = loc[in.B].I >> uint64(in.C)
		case OpTruncR:
			loc[in.A].I = truncInt(loc[in.B].I, in.C)
		case OpEqR:
			loc[in.A].I = boolInt(loc[in.B].I == loc[in.C].I)
		case OpNeR:
			loc[in.A].I = boolInt(loc[in.B].I != loc[in.C].I)
		case OpLtR:
			loc[in.A].I = boolInt(loc[in.B].I < loc[in.C].I)
		case OpLeR:
			loc[in.A].I = boolInt(loc[in.B].I <= loc[in.C].I)
		case OpGtR:
			loc[in.A].I = boolInt(loc[in.B].I > loc[in.C].I)
		case OpGeR:
			loc[in.A].I = boolInt(loc[in.B].I >= loc[in.C].I)
		case OpEqI:
			loc[in.A].I = boolInt(loc[in.B].I == int64(in.C))
		case OpNeI:
			loc[in.A].I = boolInt(loc[in.B].I != int64(in.C))
		case OpLtI:
			loc[in.A].I = boolInt(loc[in.B].I < int64(in.C))
		case OpLeI:
			loc[in.A].I = boolInt(loc[in.B].I <= int64(in.C))
		case OpGtI:
			loc[in.A].I = boolInt(loc[in.B].I > int64(in.C))
		case OpGeI:
			loc[in.A].I = boolInt(loc[in.B].I >= int64(in.C))
		case OpJEqR:
			if loc[in.B].I == loc[in.C].I {
				pc = int(in.A)
				left--
				ps += opCost[OpJEqR] + psTakenBranch
				continue
			}
		case OpJNeR:
			if loc[in.B].I != loc[in.C].I {
				pc = int(in.A)
				left--
				ps += opCost[OpJNeR] + psTakenBranch
				continue
			}
		case OpJLtR:
			if loc[in.B].I < loc[in.C].I {
				pc = int(in.A)
				left--
				ps += opCost[OpJLtR] + psTakenBranch
				continue
			}
		case OpJLeR:
			if loc[in.B].I <= loc[in.C].I {
				pc = int(in.A)
				left--
				ps += opCost[OpJLeR] + psTakenBranch
				continue
			}
		case OpJGtR:
			if loc[in.B].I > loc[in.C].I {
				pc = int(in.A)
				left--
				ps += opCost[OpJGtR] + psTakenBranch
				continue
			}
		case OpJGeR:
			if loc[in.B].I >= loc[in.C].I {
				pc = int(in.A)
				left--
				ps += opCost[OpJGeR] + psTakenBranch
				continue
			}
		case OpJEqI:
			if loc[in.B].I == int64(in.C) {
				pc = int(in.A)
				left--
				ps += opCost[OpJEqI] + psTakenBranch
				continue
			}
		case OpJNeI:
			if loc[in.B].I != int64(in.C) {
				pc = int(in.A)
				left--
				ps += opCost[OpJNeI] + psTakenBranch
				continue
			}
		case OpJLtI:
			if loc[in.B].I < int64(in.C) {
				pc = int(in.A)
				left--
				ps += opCost[OpJLtI] + psTakenBranch
				continue
			}
		case OpJLeI:
			if loc[in.B].I <= int64(in.C) {
				pc = int(in.A)
				left--
				ps += opCost[OpJLeI] + psTakenBranch
				continue
			}
		case OpJGtI:
			if loc[in.B].I > int64(in.C) {
				pc = int(in.A)
				left--
				ps += opCost[OpJGtI] + psTakenBranch
				continue
			}
		case OpJGeI:
			if loc[in.B].I >= int64(in.C) {
				pc = int(in.A)
				left--
				ps += opCost[OpJGeI] + psTakenBranch
				continue
			}
		case OpJTrue:
			if loc[in.B].I != 0 {
				pc = int(in.A)
				left--
				ps += opCost[OpJTrue] + psTakenBranch
				continue
			}
		case OpJFalse:
			if loc[in.B].I == 0 {
				pc = int(in.A)
				left--
				ps += opCost[OpJFalse] + psTakenBranch
				continue
			}
		case OpFieldR, OpFieldAddrR:
			o := loc[in.B].I
			if o&refMask == 0 {
				return pc, base + sp, budget - left, ps
			}
			loc[in.A] = mc.objs[o&refMask][in.C]
		case OpSetFieldR:
			o := loc[in.A].I
			if o&refMask == 0 {
				return pc, base + sp, budget - left, ps
			}
			mc.objs[o&refMask][in.B] = loc[in.C]
		case OpSliceIndexR:
			sl := loc[in.B].I
			i := loc[in.C].I
			if sl&refMask == 0 {
				return pc, base + sp, budget - left, ps
			}
			h := mc.objs[sl&refMask]
			if uint64(i) >= uint64(h[shLen].I) {
				return pc, base + sp, budget - left, ps
			}
			loc[in.A] = mc.objs[h[shArr].I&refMask][h[shOff].I+i]
		case OpSliceStoreR:
			sl := loc[in.A].I
			i := loc[in.B].I
			if sl&refMask == 0 {
				return pc, base + sp, budget - left, ps
			}
			h := mc.objs[sl&refMask]
			if uint64(i) >= uint64(h[shLen].I) {
				return pc, base + sp, budget - left, ps
			}
			mc.objs[h[shArr].I&refMask][h[shOff].I+i] = loc[in.C]
		// The float64 arithmetic and comparisons of OpFloat (float.go:
		// float, which does the rest), and a field or an element through
		// the stack when nothing can panic (dataOp does the others).
		case OpFloat:
			if !fastFloat(in) {
				return pc, base + sp, budget - left, ps
			}
			sp--
			if in.A <= FMul {
				loc[sp-1].I = floatArith(in.A, loc[sp-1].I, loc[sp].I)
			} else {
				loc[sp-1].I = floatCmp(in.A, loc[sp-1].I, loc[sp].I)
			}
		case OpField:
			o := loc[sp-1].I
			if o&refMask == 0 {
				return pc, base + sp, budget - left, ps
			}
			loc[sp-1] = mc.objs[o&refMask][in.A]
		case OpSliceIndex:
			sl := loc[sp-2].I
			i := loc[sp-1].I
			if sl&refMask == 0 {
				return pc, base + sp, budget - left, ps
			}
			h := mc.objs[sl&refMask]
			if uint64(i) >= uint64(h[shLen].I) {
				return pc, base + sp, budget - left, ps
			}
			sp--
			loc[sp-1] = mc.objs[h[shArr].I&refMask][h[shOff].I+i]
		// The register forms regOp does when they panic: here when
		// they do not.
		case OpDivR:
			d := loc[in.C].I
			if d == 0 {
				return pc, base + sp, budget - left, ps
			}
			loc[in.A].I = loc[in.B].I / d
		case OpRemR:
			d := loc[in.C].I
			if d == 0 {
				return pc, base + sp, budget - left, ps
			}
			loc[in.A].I = loc[in.B].I % d
		case OpShlR:
			c := loc[in.C].I
			if c < 0 {
				return pc, base + sp, budget - left, ps
			}
			loc[in.A].I = loc[in.B].I << uint64(c)
		case OpShrR:
			c := loc[in.C].I
			if c < 0 {
				return pc, base + sp, budget - left, ps
			}
			loc[in.A].I = loc[in.B].I >> uint64(c)
		case OpMovS:
			loc[in.A] = Value{S: mc.prog.Strings[in.B]}
		case OpLoadGlobR:
			loc[in.A] = mc.globals[in.B]
		case OpStoreGlobR:
			mc.globals[in.A] = loc[in.B]
		// Stack forms exec did (dataOp) that need nothing else when they
		// do not panic: lengths, a string's byte, shifts (a stack object
		// and a comma-ok type assertion: fast).
		case OpSliceLen:
			l := int64(0)
			if sl := loc[sp-1].I; sl&refMask != 0 {
				l = mc.objs[sl&refMask][shLen].I
			}
			loc[sp-1] = Value{I: l}
		case OpSLen:
			loc[sp-1] = Value{I: int64(len(loc[sp-1].S))}
		case OpIndex:
			str, i := loc[sp-2].S, loc[sp-1].I
			if uint64(i) >= uint64(len(str)) {
				return pc, base + sp, budget - left, ps
			}
			sp--
			loc[sp-1] = Value{I: int64(str[i])}
		case OpShl:
			if loc[sp-1].I < 0 {
				return pc, base + sp, budget - left, ps
			}
			sp--
			loc[sp-1].I <<= uint64(loc[sp].I)
		case OpShr:
			if loc[sp-1].I < 0 {
				return pc, base + sp, budget - left, ps
			}
			sp--
			loc[sp-1].I >>= uint64(loc[sp].I)
		case OpLoadBoxR:
			loc[in.A] = mc.boxes[loc[in.B].I&refMask]
		case OpStoreBoxR:
			mc.boxes[loc[in.A].I&refMask] = loc[in.B]
		case OpLoadFreeR:
			loc[in.A] = mc.boxes[(*free)[in.B]]
		case OpStoreFreeR:
			mc.boxes[(*free)[in.A]] = loc[in.B]

		// The superinstructions (fuse.go). Each runs whole or not at
		// all: when the budget left is short of its parts, or a part
		// would leave fast, the original first instruction runs instead:
		// here for a register op, in exec for an OpLoad (exec runs
		// Func.Code, where the OpLoad is; fast goes on with the next
		// part, unfused at pc+1).
		case fLoadLoadFloatStore:
			if left < 4 {
				return pc, base + sp, budget - left, ps
			}
			a, x, op := loc[in.A].I, loc[in.B].I, in.C&0xff
			if op <= FMul {
				loc[in.C>>8] = Value{I: floatArith(op, a, x)}
			} else {
				loc[in.C>>8] = Value{I: floatCmp(op, a, x)}
			}
			ps += fusedCost[fLoadLoadFloatStore]
			pc += 4
			left -= 4
			continue
		case fLoadLoadSliceIndexStore:
			arr, at, ok := mc.sliceElem(loc[in.A].I, loc[in.B].I)
			if !ok || left < 4 {
				return pc, base + sp, budget - left, ps
			}
			loc[in.C] = arr[at]
			ps += fusedCost[fLoadLoadSliceIndexStore]
			pc += 4
			left -= 4
			continue
		case fAddRJump:
			loc[in.B&0xffff].I = loc[in.B>>16].I + loc[in.C].I
			if left < 2 { // the OpAddR alone
				ps += opCost[OpAddR]
				pc++
				left--
				continue
			}
			ps += fusedCost[fAddRJump]
			pc = int(in.A)
			left -= 2
			continue
		case fAddIJump:
			loc[in.B&0xffff].I = loc[in.B>>16].I + int64(in.C)
			if left < 2 { // the OpAddI alone
				ps += opCost[OpAddI]
				pc++
				left--
				continue
			}
			ps += fusedCost[fAddIJump]
			pc = int(in.A)
			left -= 2
			continue
		case fMovISliceStore:
			loc[in.B>>16] = Value{I: int64(in.C)}
			arr, at, ok := mc.sliceElem(loc[in.A].I, loc[in.B&0xffff].I)
			if !ok || left < 2 { // the OpMovI alone
				ps += opCost[OpMovI]
				pc++
				left--
				continue
			}
			arr[at] = Value{I: int64(in.C)}
			ps += fusedCost[fMovISliceStore]
			pc += 2
			left -= 2
			continue
		case fSliceIndex2R:
			arr, at, ok := mc.sliceElem(loc[in.B&0xffff].I, loc[in.B>>16].I)
			if !ok {
				return pc, base + sp, budget - left, ps
			}
			x := arr[at]
			loc[in.C>>16] = x
			arr, at, ok = mc.sliceElem(x.I, loc[in.C&0xffff].I)
			if !ok || left < 2 { // the first OpSliceIndexR alone
				ps += opCost[OpSliceIndexR]
				pc++
				left--
				continue
			}
			loc[in.A] = arr[at]
			ps += fusedCost[fSliceIndex2R]
			pc += 2
			left -= 2
			continue
		case fAddIJLtR:
			i := loc[in.B&0xffff].I + int64(in.C)
			loc[in.B&0xffff].I = i
			if left < 2 { // the OpAddI alone
				ps += opCost[OpAddI]
				pc++
				left--
				continue
			}
			ps += fusedCost[fAddIJLtR]
			left -= 2
			if i < loc[in.B>>16].I {
				pc = int(in.A)
				ps += psTakenBranch
				continue
			}
			pc += 2
			continue
		case fAddIJLeR:
			i := loc[in.B&0xffff].I + int64(in.C)
			loc[in.B&0xffff].I = i
			if left < 2 { // the OpAddI alone
				ps += opCost[OpAddI]
				pc++
				left--
				continue
			}
			ps += fusedCost[fAddIJLeR]
			left -= 2
			if i <= loc[in.B>>16].I {
				pc = int(in.A)
				ps += psTakenBranch
				continue
			}
			pc += 2
			continue
		case fAddIJGeR:
			i := loc[in.B&0xffff].I + int64(in.C)
			loc[in.B&0xffff].I = i
			if left < 2 { // the OpAddI alone
				ps += opCost[OpAddI]
				pc++
				left--
				continue
			}
			ps += fusedCost[fAddIJGeR]
			left -= 2
			if i >= loc[in.B>>16].I {
				pc = int(in.A)
				ps += psTakenBranch
				continue
			}
			pc += 2
			continue
		case fAddRJLeR:
			j := loc[in.B&0xffff].I + loc[in.B>>16].I
			loc[in.B&0xffff].I = j
			if left < 2 { // the OpAddR alone
				ps += opCost[OpAddR]
				pc++
				left--
				continue
			}
			ps += fusedCost[fAddRJLeR]
			left -= 2
			if j <= loc[in.C].I {
				pc = int(in.A)
				ps += psTakenBranch
				continue
			}
			pc += 2
			continue
		case fAddRJLtR:
			j := loc[in.B&0xffff].I + loc[in.B>>16].I
			loc[in.B&0xffff].I = j
			if left < 2 { // the OpAddR alone
				ps += opCost[OpAddR]
				pc++
				left--
				continue
			}
			ps += fusedCost[fAddRJLtR]
			left -= 2
			if j < loc[in.C].I {
				pc = int(in.A)
				ps += psTakenBranch
				continue
			}
			pc += 2
			continue
		case fLoadFreeRJLtR:
			loc[in.B&0xffff] = mc.boxes[(*free)[in.B>>16]]
			if left < 2 { // the OpLoadFreeR alone
				ps += opCost[OpLoadFreeR]
				pc++
				left--
				continue
			}
			ps += fusedCost[fLoadFreeRJLtR]
			left -= 2
			if loc[in.C&0xffff].I < loc[in.C>>16].I {
				pc = int(in.A)
				ps += psTakenBranch
				continue
			}
			pc += 2
			continue
		case fAddRJGtRJump:
			j := loc[in.B&0xffff].I + loc[in.B>>16].I
			loc[in.B&0xffff].I = j
			if left < 3 { // the OpAddR alone
				ps += opCost[OpAddR]
				pc++
				left--
				continue
			}
			// Taken, the JGtR charges psTakenBranch; not taken, the
			// Jump after it does: the same either way.
			ps += fusedCost[fAddRJGtRJump]
			if j > loc[in.C&0xffff].I {
				pc = int(in.A)
				left -= 2
				continue
			}
			pc = int(in.C >> 16)
			left -= 3
			continue
		default:
			return pc, base + sp, budget - left, ps
		}
		ps += opCost[in.Op]
		pc++
		left--
	}
	return pc, base + sp, budget - left, ps
}

// fast runs gp's code from pc in the frame at base for exec: the simple
// instructions (fastOps), and the ops that call functions when they need
// nothing else: a call or a return that needs nothing but the frames
// (fastCall), so that a recursion or a loop of calls stays in fast, a
// struct copied or assigned by value, a stack object, a comma-ok type
// assertion, and the superinstruction that copies a struct. It returns at
// the first instruction neither does (without doing it), when a push
// needs a bigger vals, or when the budget is used up; exec does the rest,
// in gp's top frame (which fast may have changed: it returns the pc and
// base of the frame on top). ps accumulates the cost of what it ran.
func (mc *Machine) fast(gp *g, code []Instr, vals []Value, free []int32, pc, sp, base, n int, ps int64, budget int) (int, int, int, int, int64) {
	for {
		pc, sp, n, ps = mc.fastOps(code, vals, &free, pc, sp, base, n, ps, budget)
		if n >= budget {
			return pc, sp, base, n, ps
		}
		in := code[pc]
		switch in.Op {
		case OpCall, OpCallClosure:
			// A call from a frame with no inlined calls (fr.inl 0: the
			// callee takes a frame of its own), to a function or a
			// func value, with room for the frame: here, without
			// fastCall's call (fastCall: the rest).
			fr := &gp.frames[len(gp.frames)-1]
			fi, clo, nargs := in.A, int32(0), int(in.B)
			if in.Op == OpCallClosure {
				nargs, _ = CallSlotsOf(in.B)
				clo = int32(vals[sp-nargs-1].I & refMask)
				fi = mc.closures[clo].fn // closures[0] is the nil func value's: fn -1
			}
			if fr.inl != 0 || fi < 0 {
				break // fastCall
			}
			c := &mc.frames[fi]
			nb := sp - nargs
			if (c.split && gp.morestackNeeded(int(c.size))) || len(gp.frames) >= 2*spillFrames ||
				len(gp.frames) == cap(gp.frames) || nb+int(c.room) > len(vals) {
				break // fastCall, which leaves them to exec
			}
			if in.Op == OpCallClosure {
				for i := nb - 1; i < sp-1; i++ { // drop the func value under the arguments
					vals[i] = vals[i+1]
				}
				nb--
				sp--
			}
			fr.pc = int32(pc + 1)
			gp.stackUsed += int64(c.size)
			gp.frames = gp.frames[:len(gp.frames)+1] // room checked above
			gp.frames[len(gp.frames)-1] = frame{fn: fi, base: int32(nb), clo: clo, inl: c.inl}
			top := nb + int(c.locals)
			for i := sp; i < top; i++ {
				vals[i] = Value{} // a loop: clear's call costs more for a few locals
			}
			n++
			ps += opCost[in.Op]
			code, pc, base, sp = mc.fused[fi], 0, nb, top
			free = mc.closures[clo].boxes
			continue
		case OpReturn:
			// A return with no deferred call pending in the G and a
			// frame under it in the window: here (fastCall: the rest).
			if len(gp.defers) != 0 || len(gp.frames) < 2 {
				break
			}
			sp = mc.fastReturn(gp, sp, vals)
			n++
			fr := &gp.frames[len(gp.frames)-1]
			code, pc, base = mc.fused[fr.fn], int(fr.pc), int(fr.base)
			free = mc.closures[fr.clo].boxes
			continue
		}
		switch in.Op {
		case OpCall, OpCallClosure, OpIfaceCall, OpReturn:
			var ok bool
			if sp, ok = mc.fastCall(gp, in, pc, sp, vals); !ok {
				return pc, sp, base, n, ps
			}
			n++
			fr := &gp.frames[len(gp.frames)-1]
			if in.Op != OpReturn {
				ps += callCost(in.Op, min(fr.inl, 0))
			}
			code, pc, base = mc.fused[fr.fn], int(fr.pc), int(fr.base)
			free = mc.closures[fr.clo].boxes
			continue
		// A struct copied or assigned by value (dataOp: OpObjCopy,
		// OpObjAssign, OpObjMove, which does the nil's panic). Neither touches the
		// model's heap (copyObj counts for the VM's collector only), so
		// no allocation limit can stop the G after them.
		case OpObjCopy:
			o := vals[sp-1].I
			if o&refMask == 0 {
				return pc, sp, base, n, ps
			}
			vals[sp-1] = Value{I: mc.copyObj(o, in.A)}
			ps += objCopyCost(&mc.prog.Layouts[in.A])
		case OpObjAssign:
			d, s := vals[sp-2].I, vals[sp-1].I
			if in.B == 1 {
				d, s = s, d
			}
			if d&refMask == 0 || s&refMask == 0 {
				return pc, sp, base, n, ps
			}
			mc.assignObj(d, s, in.A)
			sp -= 2
			ps += objAssignCost(&mc.prog.Layouts[in.A])
		case OpObjMove:
			d, s := vals[sp-2].I, vals[sp-1].I
			if d&refMask == 0 || s&refMask == 0 {
				return pc, sp, base, n, ps
			}
			mc.moveObj(d, s)
			sp -= 2
			ps += objAssignCost(&mc.prog.Layouts[in.A])
		// A stack object (the model's heap is not touched, so no
		// allocation limit can stop the G).
		case OpNewObj:
			if sp == len(vals) {
				return pc, sp, base, n, ps
			}
			vals[sp] = Value{I: mc.newObj(int(in.A))}
			sp++
			ps += newObjCost(in)
		// A comma-ok type assertion.
		case OpAssert:
			if in.B&3 == 0 || (in.B&3 != AssertTest && sp == len(vals)) {
				return pc, sp, base, n, ps // it may panic, or needs a push
			}
			v, ok, _ := mc.assert(vals[sp-1].I, in.A, in.B>>2, false)
			if in.B&3 == AssertTest {
				vals[sp-1] = Value{I: boolInt(ok)}
			} else {
				vals[sp-1] = v
				vals[sp] = Value{I: boolInt(ok)}
				sp++
			}
		case fLoadReturn:
			if n+2 > budget || sp == len(vals) {
				return pc, sp, base, n, ps // exec runs the OpLoad (see fastOps)
			}
			vals[sp] = vals[base+int(in.A)]
			sp++
			if len(gp.defers) == 0 && len(gp.frames) >= 2 {
				sp = mc.fastReturn(gp, sp, vals)
				n += 2
				ps += fusedCost[fLoadReturn]
				fr := &gp.frames[len(gp.frames)-1]
				code, pc, base = mc.fused[fr.fn], int(fr.pc), int(fr.base)
				free = mc.closures[fr.clo].boxes
				continue
			}
			var ok bool
			if sp, ok = mc.fastCall(gp, Instr{Op: OpReturn}, pc+1, sp, vals); !ok {
				// The OpLoad alone: exec does the OpReturn.
				return pc + 1, sp, base, n + 1, ps + opCost[OpLoad]
			}
			n += 2
			ps += fusedCost[fLoadReturn]
			fr := &gp.frames[len(gp.frames)-1]
			code, pc, base = mc.fused[fr.fn], int(fr.pc), int(fr.base)
			free = mc.closures[fr.clo].boxes
			continue
		case fLoadObjCopyStore:
			o := vals[base+int(in.A)].I
			if o&refMask == 0 || n+3 > budget {
				return pc, sp, base, n, ps // exec runs the OpLoad (see fastOps)
			}
			vals[base+int(in.C)] = Value{I: mc.copyObj(o, in.B)}
			ps += fusedCost[fLoadObjCopyStore] + objCopyCost(&mc.prog.Layouts[in.B])
			pc += 3
			n += 3
			continue
		default:
			return pc, sp, base, n, ps
		}
		ps += opCost[in.Op]
		pc++
		n++
	}
}

// fastReturn does for fast an OpReturn from gp's top frame that has a
// frame under it in the window, when the G has no deferred call (none can
// be the returning frame's): its results copied down to the frame's base,
// the frame popped. It returns the new sp.
func (mc *Machine) fastReturn(gp *g, sp int, vals []Value) int {
	fr := &gp.frames[len(gp.frames)-1]
	c := &mc.frames[fr.fn]
	base := int(fr.base)
	if nr := int(c.results); nr == 1 {
		vals[base] = vals[sp-1]
		sp = base + 1
	} else {
		copy(vals[base:base+nr], vals[sp-nr:sp])
		sp = base + nr
	}
	if fr.inl >= 0 {
		gp.stackUsed -= int64(c.size)
	}
	gp.frames = gp.frames[:len(gp.frames)-1]
	return sp
}

// fastCall does for fast an OpCall, OpCallClosure or OpIfaceCall that needs nothing but
// a frame (no morestack, no spill of the frames, room in frames and vals:
// what enterInl would grow), or an OpReturn with no deferred call to run
// or returning and a frame under it in the window, exactly as exec does
// them; it returns the new sp and true, or false having changed nothing
// (exec then does the instruction: the nil func value's panic, morestack,
// deferred calls, goexit...). It is apart from fast so that fast's loop
// keeps its registers.
//
//go:noinline
func (mc *Machine) fastCall(gp *g, in Instr, pc, sp int, vals []Value) (int, bool) {
	fr := &gp.frames[len(gp.frames)-1]
	if in.Op == OpReturn {
		k := gp.depth()
		if nd := len(gp.defers); nd > 0 {
			if d := gp.defers[nd-1].depth; d == k || d == -k || d == -(k+deferUnwinding) {
				return sp, false
			}
		}
		if len(gp.frames) < 2 {
			return sp, false
		}
		f := &mc.prog.Funcs[fr.fn]
		base := int(fr.base)
		if nr := f.NResults; nr == 1 {
			vals[base] = vals[sp-1]
			sp = base + 1
		} else {
			copy(vals[base:base+nr], vals[sp-nr:sp])
			sp = base + nr
		}
		gp.popFrame(f)
		return sp, true
	}
	fi, clo, nargs := in.A, int32(0), int(in.B)
	var recv Value
	var m *Method
	switch in.Op {
	case OpCallClosure:
		nargs, _ = CallSlotsOf(in.B)
		clo = int32(vals[sp-nargs-1].I & refMask)
		if clo == 0 {
			return sp, false
		}
		fi = mc.closures[clo].fn
	case OpIfaceCall:
		nargs, _ = CallSlotsOf(in.B)
		i := vals[sp-nargs-1].I
		if i&refMask == 0 {
			return sp, false
		}
		ti := mc.objs[i&refMask][0].I
		recv = mc.objs[i&refMask][1]
		t := &mc.prog.Types[ti]
		if t.ErrorString {
			return sp, false
		}
		if m = findMethod(t, in.A); m == nil || (m.Copy >= 0 && recv.I&refMask == 0) {
			return sp, false
		}
		fi = m.Fn
	}
	callee := &mc.prog.Funcs[fi]
	node := callee.Inl
	if fr.inl != 0 && in.Op != OpIfaceCall {
		// A call the compiler inlines (OpCallClosure: calling the
		// function it resolved statically) takes no frame of its own.
		if inl := mc.prog.inlined(fr.inl, pc); inl != 0 && (in.Op == OpCall || mc.prog.inlFn(inl) == fi) {
			node = -inl
		}
	}
	nb := sp - nargs
	if in.Op != OpCall {
		nb-- // the func value or the interface value under the arguments
	}
	if (node >= 0 && !callee.NoSplit && gp.morestackNeeded(callee.FrameSize)) ||
		len(gp.frames) >= 2*spillFrames || len(gp.frames) == cap(gp.frames) ||
		nb+callee.NLocals+callee.MaxStack+4 > len(vals) {
		return sp, false
	}
	switch in.Op {
	case OpCallClosure:
		copy(vals[nb:sp-1], vals[nb+1:sp]) // drop the func value under the arguments
		sp--
	case OpIfaceCall:
		if m.Copy >= 0 {
			recv = Value{I: mc.copyObj(recv.I, m.Copy)} // a value receiver's copy
		}
		vals[nb] = recv
	}
	fr.pc = int32(pc + 1)
	if node >= 0 {
		gp.stackUsed += int64(callee.FrameSize)
	}
	gp.frames = gp.frames[:len(gp.frames)+1] // room checked above
	gp.frames[len(gp.frames)-1] = frame{fn: fi, base: int32(nb), clo: clo, inl: node}
	top := nb + callee.NLocals
	for i := sp; i < top; i++ {
		vals[i] = Value{} // a loop: clear's call costs more for a few locals
	}
	return top, true
}
