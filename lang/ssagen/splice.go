package ssagen

import (
	"github.com/gmplab/gmplab/vm"
)

// Splicing: the body of a static call the model inlines (inline.go) is
// put in its caller's code, as cmd/compile's inliner does
// (cmd/compile/internal/inline: mkinlcall): the arguments are stored
// into new slots of the caller (the callee's locals, after the caller's
// own), the body follows with its slots and jumps moved, and each of its
// returns is a jump to the call's continuation with the results on the
// operand stack (Verify holds a function's stack at exactly its results
// at OpReturn). No frame is built: the call costs no Call and Return.
// Each spliced instruction records the body it is of in the function's
// InlTree and InlIndex, as the compiler's funcdata does, so that a
// traceback and the debugger's stack show the inlined frames
// (vm.Machine.FrameFuncs, the runtime's inlineUnwinder).
//
// Simplified: a body is spliced only where the caller's operand stack
// holds nothing but the arguments, and only a body that makes no call,
// no scheduler op and no host call and reads nothing of its frame (a
// closure's boxes, defers, recover), so that the only frames a G can
// stop in inside a spliced body are its top frame's; the other inlined
// calls still run in a frame of their own marked inlined (inline.go).
// The callee's slots are not cleared at each entry, as a new frame's
// are: go/ssa defines every value before its use, but a value left in
// a slot stays a root for the collector until the slot is written
// again (the real compiler's stack maps say which slots are live).

func spliceable(p *vm.Program, fi int32) bool {
	fn := &p.Funcs[fi]
	if fn.Recover != 0 {
		return false
	}
	for _, in := range fn.Code {
		info := in.Op.Info()
		if info.Sched || info.A == vm.OperandFree || info.B == vm.OperandFree || info.C == vm.OperandFree {
			return false
		}
		switch in.Op {
		case vm.OpCall, vm.OpCallClosure, vm.OpIfaceCall, vm.OpDefer, vm.OpRunDefers, vm.OpRecover, vm.OpHost:
			return false
		}
	}
	return true
}

// splice replaces, in every function with an inlining tree, the inlined
// static calls of spliceable callees by the callees' bodies.
func (g *gen) splice() {
	p := g.out
	state := make([]uint8, len(p.Funcs)) // 1 in progress, 2 done
	type remap struct {
		sites map[int32]int32
		newPC []int32
	}
	remaps := map[int32]remap{}
	var do func(fi int32)
	do = func(fi int32) {
		if state[fi] != 0 {
			return
		}
		state[fi] = 1
		defer func() { state[fi] = 2 }()
		f := &p.Funcs[fi]
		if f.Inl == 0 {
			return
		}
		node := &p.Inl[f.Inl]
		depth, _, err := vm.OperandDepths(p, f)
		if err != nil {
			return // Verify says what is wrong
		}
		sites := map[int32]int32{} // call pc → callee
		for _, c := range node.Calls {
			in := f.Code[c.PC]
			if in.Op == vm.OpCall {
				do(in.A)
			}
			// The body runs on an operand stack that holds nothing
			// of the caller's (depth-carrying operands, OpFmtAny's,
			// stay right).
			if in.Op == vm.OpCall && depth[c.PC] == int(in.B) && state[in.A] == 2 && spliceable(p, in.A) {
				sites[c.PC] = in.A
			}
		}
		if len(sites) == 0 {
			return
		}
		newPC := make([]int32, len(f.Code)+1)
		var code []vm.Instr
		var pos []vm.Pos
		var idx []int32
		tree := f.InlTree
		// own is the body the caller's instruction at pc belongs to.
		own := func(pc int) int32 {
			if f.InlIndex == nil {
				return -1
			}
			return f.InlIndex[pc]
		}
		nlocals := f.NLocals
		type patch struct{ at, to int32 } // a callee's jump to the continuation
		var conts []patch
		for pc, in := range f.Code {
			newPC[pc] = int32(len(code))
			callee, ok := sites[int32(pc)]
			if !ok {
				code = append(code, in)
				pos = append(pos, f.Pos[pc])
				idx = append(idx, own(pc))
				continue
			}
			c := &p.Funcs[callee]
			off := int32(nlocals)
			nlocals += c.NLocals
			for i := int32(in.B) - 1; i >= 0; i-- {
				code = append(code, vm.Instr{Op: vm.OpStore, A: off + i})
				pos = append(pos, f.Pos[pc])
				idx = append(idx, own(pc))
			}
			if in.B == 0 {
				// The call site's instruction, for the traceback (the
				// compiler's inline mark: cmd/compile's OpInlMark).
				code = append(code, vm.Instr{Op: vm.OpNop})
				pos = append(pos, f.Pos[pc])
				idx = append(idx, own(pc))
			}
			start := int32(len(code))
			// The body's entry, then its own entries under it.
			entry := int32(len(tree))
			tree = append(tree, vm.InlinedCall{Fn: callee, Parent: own(pc), ParentPC: start - 1})
			base := int32(len(tree))
			for _, e := range c.InlTree {
				if e.Parent < 0 {
					e.Parent = entry
				} else {
					e.Parent += base
				}
				e.ParentPC += start
				tree = append(tree, e)
			}
			body := func(cpc int) int32 {
				if c.InlIndex != nil && c.InlIndex[cpc] >= 0 {
					return c.InlIndex[cpc] + base
				}
				return entry
			}
			conts = conts[:0]
			for cpc, cin := range c.Code {
				info := cin.Op.Info()
				if cin.Op == vm.OpReturn {
					if cpc == len(c.Code)-1 {
						continue // falls through to the continuation
					}
					conts = append(conts, patch{at: int32(len(code))})
					code = append(code, vm.Instr{Op: vm.OpJump})
					pos = append(pos, c.Pos[cpc])
					idx = append(idx, body(cpc))
					continue
				}
				cin.A = relocate(info.A, cin.A, off, start)
				cin.B = relocate(info.B, cin.B, off, start)
				cin.C = relocate(info.C, cin.C, off, start)
				code = append(code, cin)
				pos = append(pos, c.Pos[cpc])
				idx = append(idx, body(cpc))
			}
			// Callee jumps were relocated by start as if the callee kept
			// its own pcs: a dropped Return shifts nothing but the last.
			for _, k := range conts {
				code[k.at].A = int32(len(code))
			}
		}
		newPC[len(f.Code)] = int32(len(code))
		// Remap the caller's jump targets: walk the original code's
		// positions in the new code.
		for pc, in := range f.Code {
			if _, ok := sites[int32(pc)]; ok {
				continue
			}
			info := in.Op.Info()
			at := newPC[pc]
			if info.A == vm.OperandPC {
				code[at].A = newPC[in.A]
			}
			if info.B == vm.OperandPC {
				code[at].B = newPC[in.B]
			}
			if info.C == vm.OperandPC {
				code[at].C = newPC[in.C]
			}
		}
		remaps[fi] = remap{sites, newPC}
		if f.Recover != 0 {
			f.Recover = newPC[f.Recover-1] + 1
		}
		f.Code, f.Pos, f.NLocals, f.InlTree, f.InlIndex = code, pos, nlocals, tree, idx
		if _, d, err := vm.OperandDepths(p, f); err == nil {
			f.MaxStack = d
		}
	}
	for fi := range p.Funcs {
		do(int32(fi))
	}
	// Every node of a spliced function (its root and the nodes of its
	// body inlined elsewhere) names its calls by the new pcs.
	for i := range p.Inl {
		n := &p.Inl[i]
		r, ok := remaps[n.Fn]
		if !ok {
			continue
		}
		var keep []vm.InlCall
		for _, c := range n.Calls {
			if _, gone := r.sites[c.PC]; !gone {
				keep = append(keep, vm.InlCall{PC: r.newPC[c.PC], Node: c.Node})
			}
		}
		n.Calls = keep
	}
}

// relocate moves operand v of kind k by a spliced body's slot offset and
// first pc.
func relocate(k vm.Operand, v, off, start int32) int32 {
	switch k {
	case vm.OperandLocal:
		return v + off
	case vm.OperandPC:
		return v + start
	}
	return v
}
