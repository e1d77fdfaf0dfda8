package ssagen

import (
	"sort"

	"golang.org/x/tools/go/ssa"
)

// The order of a function's blocks in its code, as the Go compiler lays
// its blocks out, so that the branches a loop takes are those compiled
// Go takes (each taken one costs psTakenBranch).
//
// cmd/compile/internal/ssa's layout pass (layout.go: layoutOrder) orders
// the blocks by a depth-first walk from the entry that takes a block's
// successors in reverse, goes to the likely successor first, else to
// a block all of whose predecessors are placed (a zero in-degree), else
// to the successor seen most recently, and places the exit blocks (those
// that end in a panic, and those from which every path reaches one)
// last. Which successor is likely is likelyadjust.go's: a branch that
// stays in its loop is likely, one that leaves it unlikely (a loop's
// test falls through into its body); outside such a branch, the
// successor that must end in a panic, a return or a call is unlikely
// (panic before return before call). The amd64 back end
// (amd64/ssa.go: ssaGenBlock) then gives each branch the polarity that
// lets the next block fall through (ifFrom does the same), and
// looprotate.go moves a loop's latch (the block that jumps back to its
// head) before the head, so that the latch falls into the loop's test
// and the test into the body (loopRotate; where go/ssa has no single
// latch, a jump to the head does the head's test itself: threads).
//
// Where go/ssa's CFG is not cmd/compile's (a simplification,
// docs/assumptions.md): the compiler runs fuse, branchelim and its
// rewrite rules before layout, so a condition such as x > 1000 || x <
// -1000 is one unsigned compare and a short if can become a
// conditional move, where go/ssa keeps a block per operand of || and &&
// and a branch per if; and a call here is any call instruction (the
// compiler's call rule sees the calls left after inlining), so this
// order is the compiler's for the CFG go/ssa builds, not always the
// compiler's CFG.

// likely is a conditional branch's prediction: branchLikely when its
// first successor is the likely one, branchUnlikely when the second is.
type likely int8

const (
	branchUnknown  likely = 0
	branchLikely   likely = 1
	branchUnlikely likely = -1
)

// The unlikeliness of a block's ending (likelyadjust.go: blDEFAULT,
// blCALL, blRET, blEXIT), in rank order.
const (
	blDefault int8 = iota
	blCall
	blRet
	blExit
)

// blockOrder is fn's blocks in layoutOrder's order (the entry first).
func blockOrder(fn *ssa.Function) []*ssa.BasicBlock {
	blocks := fn.Blocks
	n := len(blocks)
	if n == 0 {
		return nil
	}
	// The exit blocks, and the blocks post-dominated by them.
	exit := newSparseSet(n)
	for _, b := range blocks {
		if endsInPanic(b) {
			exit.add(b.Index)
		}
	}
	for changed := true; changed; {
		changed = false
		for _, id := range exit.contents() {
		nextPred:
			for _, p := range blocks[id].Preds {
				if exit.contains(p.Index) {
					continue
				}
				for _, s := range p.Succs {
					if !exit.contains(s.Index) {
						continue nextPred
					}
				}
				exit.add(p.Index)
				changed = true
			}
		}
	}
	pred := likelyadjust(fn)

	order := make([]*ssa.BasicBlock, 0, n)
	scheduled := make([]bool, n)
	indegree := make([]int, n)
	posdegree := newSparseSet(n)
	var zerodegree, succs []int
	for _, b := range blocks {
		if exit.contains(b.Index) {
			continue // exit blocks are scheduled last
		}
		indegree[b.Index] = len(b.Preds)
		if len(b.Preds) == 0 {
			zerodegree = append(zerodegree, b.Index)
		} else {
			posdegree.add(b.Index)
		}
	}
	bid := 0
blockloop:
	for {
		b := blocks[bid]
		order = append(order, b)
		scheduled[bid] = true
		if len(order) == n {
			break
		}
		for i := len(b.Succs) - 1; i >= 0; i-- {
			c := b.Succs[i].Index
			indegree[c]--
			if indegree[c] == 0 {
				posdegree.remove(c)
				zerodegree = append(zerodegree, c)
			} else {
				succs = append(succs, c)
			}
		}
		var likelySucc *ssa.BasicBlock
		switch pred[bid] {
		case branchLikely:
			likelySucc = b.Succs[0]
		case branchUnlikely:
			likelySucc = b.Succs[1]
		}
		if likelySucc != nil && !scheduled[likelySucc.Index] {
			bid = likelySucc.Index
			continue
		}
		for len(zerodegree) > 0 {
			c := zerodegree[len(zerodegree)-1]
			zerodegree = zerodegree[:len(zerodegree)-1]
			if !scheduled[c] {
				bid = c
				continue blockloop
			}
		}
		for len(succs) > 0 {
			c := succs[len(succs)-1]
			succs = succs[:len(succs)-1]
			if !scheduled[c] {
				bid = c
				continue blockloop
			}
		}
		for posdegree.size() > 0 {
			if c := posdegree.pop(); !scheduled[c] {
				bid = c
				continue blockloop
			}
		}
		for exit.size() > 0 {
			if c := exit.pop(); !scheduled[c] {
				bid = c
				continue blockloop
			}
		}
		// Only a block none of the above holds (a cycle reached from no
		// placed block): its blocks in go/ssa's order.
		for _, b := range blocks {
			if !scheduled[b.Index] {
				bid = b.Index
				continue blockloop
			}
		}
	}
	return loopRotate(fn, order)
}

// likelyadjust predicts fn's conditional branches as
// cmd/compile/internal/ssa's likelyadjust does (by block index).
func likelyadjust(fn *ssa.Function) []likely {
	n := len(fn.Blocks)
	certain := make([]int8, n) // what every path from the block ends in, at least
	local := make([]int8, n)   // what the block itself ends in
	pred := make([]likely, n)
	_, b2l := loopnest(fn)
	for _, b := range postorder(fn) {
		id := b.Index
		switch {
		case endsInPanic(b):
			local[id], certain[id] = blExit, blExit
		case endsInReturn(b):
			local[id], certain[id] = blRet, blRet
		default:
			switch len(b.Succs) {
			case 1:
				certain[id] = certain[b.Succs[0].Index]
			case 2:
				b0, b1 := b.Succs[0].Index, b.Succs[1].Index
				certain[id] = min(certain[b0], certain[b1])
				l, l0, l1 := b2l[id], b2l[b0], b2l[b1]
				p := branchUnknown
				if l != nil && l0 != l1 {
					// Prefer not to leave a loop, and to stay in this one
					// rather than go to an outer one.
					switch {
					case l1 == nil:
						p = branchLikely
					case l0 == nil:
						p = branchUnlikely
					case l == l0:
						p = branchLikely
					case l == l1:
						p = branchUnlikely
					}
				} else {
					switch {
					case certain[b1] > certain[b0]:
						p = branchLikely
					case certain[b0] > certain[b1]:
						p = branchUnlikely
					case local[b1] > local[b0]:
						p = branchLikely
					case local[b0] > local[b1]:
						p = branchUnlikely
					}
				}
				pred[id] = p
			}
			if hasCall(b) && len(b.Succs) > 0 {
				local[id] = blCall
				certain[id] = max(blCall, certain[b.Succs[0].Index])
			}
		}
	}
	return pred
}

// postorder is fn's blocks in the postorder of a depth-first walk from
// the entry taking successors in order (cmd/compile's postorder), then
// from each block no walk reached (the recover block).
func postorder(fn *ssa.Function) []*ssa.BasicBlock {
	type frame struct {
		b    *ssa.BasicBlock
		next int
	}
	seen := make([]bool, len(fn.Blocks))
	var order []*ssa.BasicBlock
	for _, root := range fn.Blocks {
		if seen[root.Index] {
			continue
		}
		seen[root.Index] = true
		s := []frame{{b: root}}
		for len(s) > 0 {
			top := &s[len(s)-1]
			if top.next < len(top.b.Succs) {
				c := top.b.Succs[top.next]
				top.next++
				if !seen[c.Index] {
					seen[c.Index] = true
					s = append(s, frame{b: c})
				}
				continue
			}
			order = append(order, top.b)
			s = s[:len(s)-1]
		}
	}
	return order
}

// loop is a natural loop: a header and the blocks that reach a back edge
// to it (from a block it dominates) without passing through it
// (cmd/compile's loopnest).
type loop struct {
	header int
	blocks []bool // by block index
	size   int
	outer  *loop // the innermost loop that holds this one
	depth  int   // 1 for an outermost loop
}

// loopnest is fn's natural loops, and for each block the innermost one
// that holds it (nil for none).
func loopnest(fn *ssa.Function) (loops []*loop, b2l []*loop) {
	n := len(fn.Blocks)
	for _, h := range fn.Blocks {
		var l *loop
		for _, p := range h.Preds {
			if !h.Dominates(p) {
				continue
			}
			if l == nil {
				l = &loop{header: h.Index, blocks: make([]bool, n)}
				l.blocks[h.Index] = true
				l.size = 1
			}
			work := []*ssa.BasicBlock{p}
			for len(work) > 0 {
				x := work[len(work)-1]
				work = work[:len(work)-1]
				if l.blocks[x.Index] {
					continue
				}
				l.blocks[x.Index] = true
				l.size++
				work = append(work, x.Preds...)
			}
		}
		if l != nil {
			loops = append(loops, l)
		}
	}
	b2l = make([]*loop, n)
	for _, l := range loops {
		for id, in := range l.blocks {
			if in && (b2l[id] == nil || l.size < b2l[id].size) {
				b2l[id] = l
			}
		}
		for _, o := range loops {
			if o != l && o.blocks[l.header] && o.size > l.size && (l.outer == nil || o.size < l.outer.size) {
				l.outer = o
			}
		}
	}
	for _, l := range loops {
		for o := l; o != nil; o = o.outer {
			l.depth++
		}
	}
	return loops, b2l
}

// loopRotate moves each loop's block that jumps back to its header (its
// in-loop predecessor that only jumps) before the header, and the loop's
// blocks laid out after the header right after it, as
// cmd/compile/internal/ssa's loopRotate does: a loop's test is then at
// its bottom, reached by falling through, and the blocks outside the
// loop that layoutOrder placed among its blocks come after it.
func loopRotate(fn *ssa.Function, order []*ssa.BasicBlock) []*ssa.BasicBlock {
	loops, b2l := loopnest(fn)
	if len(loops) == 0 || irreducible(fn) {
		return order
	}
	blocks := append([]*ssa.BasicBlock(nil), order...)
	idToIdx := make([]int, len(fn.Blocks))
	for i, b := range blocks {
		idToIdx[b.Index] = i
	}
	move := make([]bool, len(fn.Blocks))
	after := map[int][]*ssa.BasicBlock{}
	tops := map[int]*ssa.BasicBlock{} // by header
	inner := append([]*loop(nil), loops...)
	sort.SliceStable(inner, func(i, j int) bool { return inner[i].depth > inner[j].depth })
	for _, l := range inner {
		b0 := fn.Blocks[l.header]
		b := b0
		var p *ssa.BasicBlock // b's in-loop predecessor
		latches := 0
		for _, e := range b.Preds {
			if l.blocks[e.Index] {
				latches++
			}
			if len(e.Succs) != 1 || b2l[e.Index] != l {
				continue
			}
			p = e
		}
		if latches > 1 {
			// Several paths go back to the header, where the compiler's
			// go to one latch block (a for loop's increment, a range
			// loop's), which it rotates; go/ssa has threaded that
			// block away (its increment is in the header), so each path
			// jumps back, as each jumps to the latch in compiled code:
			// the loop stays as it is, its blocks together.
			p = b
		}
		if p == nil {
			continue
		}
		tops[l.header] = p
		if p == b && latches <= 1 {
			continue
		}
		after[p.Index] = nil
		if p != b {
			after[p.Index] = []*ssa.BasicBlock{b}
		}
		for {
			next := idToIdx[b.Index] + 1
			if next >= len(blocks) {
				break
			}
			nb := blocks[next]
			if nb == p {
				break
			}
			if bl := b2l[nb.Index]; bl != nil && (bl == l || bl.outer == l && tops[bl.header] == nb) {
				after[p.Index] = append(after[p.Index], nb)
			}
			b = nb
		}
		if p != b0 {
			hi, pi := idToIdx[l.header], idToIdx[p.Index]
			blocks[hi], blocks[pi] = p, b0
			idToIdx[l.header], idToIdx[p.Index] = pi, hi
		}
		for _, x := range after[p.Index] {
			move[x.Index] = true
		}
	}
	out := make([]*ssa.BasicBlock, 0, len(blocks))
	var place func(bs []*ssa.BasicBlock)
	place = func(bs []*ssa.BasicBlock) {
		for _, a := range bs {
			out = append(out, a)
			place(after[a.Index])
		}
	}
	for _, b := range blocks {
		if move[b.Index] {
			continue
		}
		out = append(out, b)
		place(after[b.Index])
	}
	seen := make([]bool, len(fn.Blocks))
	for _, b := range out {
		if seen[b.Index] {
			return order // not a permutation (cmd/compile's is a fatal error): unrotated
		}
		seen[b.Index] = true
	}
	if len(out) != len(blocks) {
		return order
	}
	return out
}

// irreducible reports whether fn has a cycle that is not a natural loop
// (a retreating edge to a block that does not dominate its source: goto
// into a loop), where cmd/compile's loopRotate does nothing.
func irreducible(fn *ssa.Function) bool {
	const (
		unseen = iota
		onStack
		done
	)
	state := make([]int8, len(fn.Blocks))
	type frame struct {
		b    *ssa.BasicBlock
		next int
	}
	s := []frame{{b: fn.Blocks[0]}}
	state[0] = onStack
	for len(s) > 0 {
		top := &s[len(s)-1]
		if top.next < len(top.b.Succs) {
			c := top.b.Succs[top.next]
			top.next++
			switch state[c.Index] {
			case unseen:
				state[c.Index] = onStack
				s = append(s, frame{b: c})
			case onStack:
				if !c.Dominates(top.b) {
					return true
				}
			}
			continue
		}
		state[top.b.Index] = done
		s = s[:len(s)-1]
	}
	return false
}

// endsInPanic reports whether b ends in a panic (cmd/compile's
// BlockExit).
func endsInPanic(b *ssa.BasicBlock) bool {
	if len(b.Instrs) == 0 {
		return false
	}
	_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Panic)
	return ok
}

// endsInReturn reports whether b returns (BlockRet).
func endsInReturn(b *ssa.BasicBlock) bool {
	if len(b.Instrs) == 0 {
		return false
	}
	_, ok := b.Instrs[len(b.Instrs)-1].(*ssa.Return)
	return ok
}

// hasCall reports whether b calls a function (a builtin is not a call),
// starts a goroutine or defers a call.
func hasCall(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		if c, ok := in.(ssa.CallInstruction); ok {
			if _, builtin := c.Common().Value.(*ssa.Builtin); !builtin {
				return true
			}
		}
	}
	return false
}

// sparseSet is cmd/compile's sparse set of block numbers, whose order
// (adds appended, a removal moving the last into its place, pop taking
// the last) layoutOrder's choices depend on.
type sparseSet struct {
	dense  []int
	sparse []int
}

func newSparseSet(n int) *sparseSet {
	return &sparseSet{sparse: make([]int, n)}
}

func (s *sparseSet) size() int { return len(s.dense) }

func (s *sparseSet) contains(x int) bool {
	i := s.sparse[x]
	return i < len(s.dense) && s.dense[i] == x
}

func (s *sparseSet) add(x int) {
	if s.contains(x) {
		return
	}
	s.dense = append(s.dense, x)
	s.sparse[x] = len(s.dense) - 1
}

func (s *sparseSet) remove(x int) {
	if !s.contains(x) {
		return
	}
	i := s.sparse[x]
	last := s.dense[len(s.dense)-1]
	s.dense[i] = last
	s.sparse[last] = i
	s.dense = s.dense[:len(s.dense)-1]
}

func (s *sparseSet) pop() int {
	x := s.dense[len(s.dense)-1]
	s.dense = s.dense[:len(s.dense)-1]
	return x
}

// contents is the set's members in its order; adding to the set does not
// change the slice returned.
func (s *sparseSet) contents() []int { return s.dense[:len(s.dense):len(s.dense)] }
