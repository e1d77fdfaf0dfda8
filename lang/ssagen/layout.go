package ssagen

import "github.com/gmplab/gmplab/vm"

// Jump threading. A function's blocks are generated in the compiler's
// layout order (blockorder.go), each ending in a jump to its successor
// unless that follows; a jump to a loop's head that only tests does the
// test itself (threads). What is left are jumps to jumps, branches over
// a jump, and jumps no path reaches, which compiled Go does not make
// (cmd/compile/internal/ssa: the jump threading of fuse and the
// branches ssaGenBlock picks), and the virtual time a taken jump costs
// (psTakenBranch) must not be charged for them. layout therefore
//
//   - threads jumps: a jump or branch to an unconditional jump goes to
//     that jump's target;
//   - inverts a conditional branch over an unconditional jump (if c goto
//     L2; goto L1; L2:) into one branch (if !c goto L1);
//   - deletes the jumps no instruction reaches any more, and those to
//     the next instruction, renumbering the jump targets.

// inverse is the branch taken when op's is not.
var inverse = map[vm.Op]vm.Op{
	vm.OpJumpIf: vm.OpJumpIfNot, vm.OpJumpIfNot: vm.OpJumpIf,
	vm.OpJTrue: vm.OpJFalse, vm.OpJFalse: vm.OpJTrue,
	vm.OpJEqR: vm.OpJNeR, vm.OpJNeR: vm.OpJEqR,
	vm.OpJLtR: vm.OpJGeR, vm.OpJGeR: vm.OpJLtR,
	vm.OpJGtR: vm.OpJLeR, vm.OpJLeR: vm.OpJGtR,
	vm.OpJEqI: vm.OpJNeI, vm.OpJNeI: vm.OpJEqI,
	vm.OpJLtI: vm.OpJGeI, vm.OpJGeI: vm.OpJLtI,
	vm.OpJGtI: vm.OpJLeI, vm.OpJLeI: vm.OpJGtI,
}

// isJumpTarget reports whether op's A is a pc.
func isJumpTarget(op vm.Op) bool { return op.Info().A == vm.OperandPC }

// layout improves f.code as above, until nothing changes; keep are pcs
// that must stay instructions of their own and be reached (the recover
// block's start); it returns the map from old pcs to new ones
// (len(code)+1 entries).
func (f *fnGen) layout(keep []int32) []int32 {
	newPC := make([]int32, len(f.code)+1)
	for i := range newPC {
		newPC[i] = int32(i)
	}
	for range 8 {
		m := f.layoutPass(keep)
		if m == nil {
			break
		}
		for i := range newPC {
			newPC[i] = m[newPC[i]]
		}
		for i := range keep {
			keep[i] = m[keep[i]]
		}
	}
	return newPC
}

// layoutPass is one pass of layout; it returns nil if it changed nothing.
func (f *fnGen) layoutPass(keep []int32) []int32 {
	code := f.code
	changed := false
	// Thread jumps, following at most a few jumps (a for {} is a jump to
	// itself).
	final := func(t int32) int32 {
		for hops := 0; hops < 8 && int(t) < len(code) && code[t].Op == vm.OpJump && code[t].A != t; hops++ {
			t = code[t].A
		}
		return t
	}
	for i := range code {
		if isJumpTarget(code[i].Op) {
			if t := final(code[i].A); t != code[i].A {
				code[i].A, changed = t, true
			}
		}
	}
	// Which pcs are reached other than by falling through.
	target := make([]bool, len(code)+1)
	for _, k := range keep {
		target[k] = true
	}
	for _, in := range code {
		if isJumpTarget(in.Op) {
			target[in.A] = true
		}
	}
	dead := make([]bool, len(code))
	for i := 0; i+1 < len(code); i++ {
		in, next := code[i], code[i+1]
		if inv, ok := inverse[in.Op]; ok && int(in.A) == i+2 && next.Op == vm.OpJump && !target[i+1] {
			code[i].Op, code[i].A = inv, next.A
			dead[i+1], changed = true, true
		}
	}
	// What no path from the entry (or a kept pc) reaches, and jumps that
	// only fall through into their target.
	reached := make([]bool, len(code))
	work := append([]int32{0}, keep...)
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		for int(pc) < len(code) && !reached[pc] {
			reached[pc] = true
			in := code[pc]
			if dead[pc] {
				in = code[pc-1] // the inverted branch's jump: its target
				// is the branch's now, and the branch is reached.
			}
			if isJumpTarget(in.Op) {
				work = append(work, in.A)
			}
			if endsFlow(in.Op) && !dead[pc] {
				break
			}
			pc++
		}
	}
	for i := range code {
		if !dead[i] && !kept(keep, i) && (!reached[i] || (code[i].Op == vm.OpJump && int(code[i].A) == i+1)) {
			dead[i], changed = true, true
		}
	}
	if !changed {
		return nil
	}
	newPC := make([]int32, len(code)+1)
	n := int32(0)
	for i := range code {
		newPC[i] = n
		if !dead[i] {
			n++
		}
	}
	newPC[len(code)] = n
	out, pos := code[:0], f.pos[:0]
	for i, in := range code {
		if dead[i] {
			continue
		}
		if isJumpTarget(in.Op) {
			in.A = newPC[in.A]
		}
		out = append(out, in)
		pos = append(pos, f.pos[i])
	}
	f.code, f.pos = out, pos
	return newPC
}

// endsFlow reports whether control never falls through op.
func endsFlow(op vm.Op) bool {
	return op == vm.OpJump || op == vm.OpReturn
}

// kept reports whether pc is one of keep.
func kept(keep []int32, pc int) bool {
	for _, k := range keep {
		if int(k) == pc {
			return true
		}
	}
	return false
}
