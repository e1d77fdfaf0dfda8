package ssagen

import (
	"go/token"
	"go/types"
	"math/bits"

	"golang.org/x/tools/go/ssa"
)

// Frame slots for SSA values.
//
// Every SSA value the code reads gets a slot of the frame, and two values
// share a slot when their lifetimes do not overlap: liveness by the usual
// backward dataflow over the blocks (a φ's operand is live at the end of
// the predecessor it comes from), then one walk of the blocks in the
// dominator tree's preorder that gives each value, where it is defined,
// a slot no live value holds. In SSA form that walk never needs more
// slots than values live at once (the interference graph is chordal).
// A value that feeds a φ takes the φ's slot when it is free, so that
// the copy on the edge disappears (a loop's counter and sum stay in one
// slot each).
//
// Strings take 16 bytes of the simulated stack, other values 8, so the
// slots come in two classes, which values share only within a class
// (FrameSize counts them). A tuple (a call with several results, a
// comma-ok form, a select) has no slot of its own: each of its Extracts
// has one, written where the tuple is made. The state of a range
// iterator has fixed slots.

// regs is the numbering of a function's register values.
type regs struct {
	index  map[ssa.Value]int // value → its number
	values []ssa.Value
}

// isReg reports whether v is a value that gets a slot.
func isReg(v ssa.Value) bool {
	switch v.(type) {
	case *ssa.Parameter, *ssa.Phi, *ssa.Extract:
		return true
	case *ssa.Range, *ssa.Const, *ssa.Function, *ssa.Global, *ssa.FreeVar, *ssa.Builtin:
		return false
	case ssa.Instruction:
		return !isTuple(v)
	}
	return false
}

// isTuple reports whether v is a tuple (several results, or none).
func isTuple(v ssa.Value) bool {
	_, ok := v.Type().(*types.Tuple)
	return ok
}

// bitset is a set of register numbers.
type bitset []uint64

func newBitset(n int) bitset       { return make(bitset, (n+63)/64) }
func (s bitset) has(i int) bool    { return s[i/64]&(1<<(i%64)) != 0 }
func (s bitset) add(i int)         { s[i/64] |= 1 << (i % 64) }
func (s bitset) remove(i int)      { s[i/64] &^= 1 << (i % 64) }
func (s bitset) copyFrom(t bitset) { copy(s, t) }
func (s bitset) each(f func(i int)) {
	for w, x := range s {
		for x != 0 {
			b := bits.TrailingZeros64(x)
			f(w*64 + b)
			x &^= 1 << b
		}
	}
}

// unionChanged sets s to s ∪ t and reports whether s changed.
func (s bitset) unionChanged(t bitset) bool {
	changed := false
	for i := range s {
		n := s[i] | t[i]
		if n != s[i] {
			s[i], changed = n, true
		}
	}
	return changed
}

// allocate gives every register value of f's function a slot (f.values).
func (f *fnGen) allocate() {
	fn := f.fn
	rs := regs{index: map[ssa.Value]int{}}
	add := func(v ssa.Value) {
		if _, ok := rs.index[v]; !ok {
			rs.index[v] = len(rs.values)
			rs.values = append(rs.values, v)
		}
	}
	for _, p := range fn.Params {
		add(p)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			if b, ok := in.(*ssa.BinOp); ok && f.fusedCmp[b] {
				continue
			}
			if v, ok := in.(ssa.Value); ok && isReg(v) && !f.fused[in] {
				if a, ok := v.(*ssa.Alloc); ok && f.alias[a] != nil {
					continue
				}
				if f.same[v] != nil {
					continue
				}
				add(v)
			}
		}
	}
	n := len(rs.values)
	nb := len(fn.Blocks)

	// Uses and definitions per block, and the last use in its block of
	// each value used there (instruction index; a φ's operand is used at
	// the end of the predecessor, len(Instrs)).
	uses := make([]bitset, nb)
	defs := make([]bitset, nb)
	for _, b := range fn.Blocks {
		u, d := newBitset(n), newBitset(n)
		for _, in := range b.Instrs {
			if f.dead[in] {
				continue
			}
			if phi, ok := in.(*ssa.Phi); ok {
				d.add(rs.index[phi])
				continue
			}
			if _, ok := in.(*ssa.Extract); ok {
				continue // defined at its tuple
			}
			for _, op := range f.operands(in) {
				if j, ok := rs.index[op]; ok && !d.has(j) {
					u.add(j)
				}
			}
			if v, ok := in.(ssa.Value); ok {
				if j, ok := rs.index[v]; ok {
					d.add(j)
				}
				for _, x := range extracts(v) {
					d.add(rs.index[x])
				}
			}
		}
		uses[b.Index], defs[b.Index] = u, d
	}
	if len(fn.Blocks) > 0 {
		for _, p := range fn.Params {
			defs[0].add(rs.index[p])
		}
	}
	// phiUses[b]: the values b's successors' φs take from b.
	phiUses := make([]bitset, nb)
	for _, b := range fn.Blocks {
		phiUses[b.Index] = newBitset(n)
	}
	for _, b := range fn.Blocks {
		for _, in := range b.Instrs {
			phi, ok := in.(*ssa.Phi)
			if !ok {
				break
			}
			if f.dead[phi] {
				continue
			}
			for k, e := range phi.Edges {
				if j, ok := rs.index[e]; ok {
					phiUses[b.Preds[k].Index].add(j)
				}
			}
		}
	}
	liveIn := make([]bitset, nb)
	liveOut := make([]bitset, nb)
	for i := range nb {
		liveIn[i], liveOut[i] = newBitset(n), newBitset(n)
	}
	phis := make([]bitset, nb)
	for _, b := range fn.Blocks {
		phis[b.Index] = newBitset(n)
		for _, in := range b.Instrs {
			if phi, ok := in.(*ssa.Phi); ok && !f.dead[phi] {
				phis[b.Index].add(rs.index[phi])
			}
		}
	}
	// The values the recovery block reads (the named results' variables)
	// live to the end: a recovered panic may resume there from anywhere.
	if rb := fn.Recover; rb != nil {
		pinned := newBitset(n)
		for _, in := range rb.Instrs {
			for _, op := range f.operands(in) {
				if j, ok := rs.index[op]; ok && !defs[rb.Index].has(j) {
					pinned.add(j)
				}
			}
		}
		for i := range nb {
			if i != rb.Index {
				liveOut[i].unionChanged(pinned)
			}
		}
	}
	tmp := newBitset(n)
	for changed := true; changed; {
		changed = false
		for i := nb - 1; i >= 0; i-- {
			b := fn.Blocks[i]
			out := liveOut[i]
			for _, s := range b.Succs {
				// liveIn[s] minus s's φs
				for w := range tmp {
					tmp[w] = liveIn[s.Index][w] &^ phis[s.Index][w]
				}
				if out.unionChanged(tmp) {
					changed = true
				}
			}
			if out.unionChanged(phiUses[i]) {
				changed = true
			}
			for w := range tmp {
				tmp[w] = uses[i][w] | (out[w] &^ defs[i][w])
			}
			if liveIn[i].unionChanged(tmp) {
				changed = true
			}
		}
	}

	// The walk.
	slots := make([]int32, n)
	for i := range slots {
		slots[i] = -1
	}
	pools := [2][]int32{} // free slots of 8 and 16 bytes, by class
	inUse := map[int32]bool{}
	class := func(v ssa.Value) int {
		if slotBytes(v.Type()) == 16 {
			return 1
		}
		return 0
	}
	take := func(v ssa.Value, prefer int32) int32 {
		c := class(v)
		if prefer >= 0 && !inUse[prefer] && f.slots[prefer] == slotBytesOfClass(c) {
			inUse[prefer] = true
			return prefer
		}
		// the lowest free slot of the class
		best := int32(-1)
		for _, s := range pools[c] {
			if !inUse[s] && (best < 0 || s < best) {
				best = s
			}
		}
		if best < 0 {
			best = f.newSlot(slotBytesOfClass(c))
			pools[c] = append(pools[c], best)
		}
		inUse[best] = true
		return best
	}
	// Parameters keep slots 0..NParams-1: the calling convention.
	for _, p := range fn.Params {
		j := rs.index[p]
		s := f.newSlot(slotBytes(p.Type()))
		pools[class(p)] = append(pools[class(p)], s)
		slots[j] = s
	}
	// phiSlot: the slot of the φ a value flows into, if it has one yet.
	phiOf := func(v ssa.Value) int32 {
		refs := v.Referrers()
		if refs == nil {
			return -1
		}
		for _, r := range *refs {
			if phi, ok := r.(*ssa.Phi); ok {
				if s := slots[rs.index[phi]]; s >= 0 && f.slots[s] == slotBytes(v.Type()) {
					return s
				}
			}
		}
		return -1
	}
	lastUse := make([]int, n) // scratch: index of the last use in the current block
	for _, b := range fn.DomPreorder() {
		for s := range inUse {
			delete(inUse, s)
		}
		liveIn[b.Index].each(func(j int) {
			if slots[j] >= 0 {
				inUse[slots[j]] = true
			}
		})
		if b.Index == 0 {
			for _, p := range fn.Params {
				inUse[slots[rs.index[p]]] = true
			}
		}
		// The last use of each value in b (len(Instrs): live out).
		for j := range lastUse {
			lastUse[j] = -1
		}
		for i, in := range b.Instrs {
			switch in.(type) {
			case *ssa.Phi, *ssa.Extract:
				continue
			}
			for _, op := range f.operands(in) {
				if j, ok := rs.index[op]; ok {
					lastUse[j] = i
				}
			}
		}
		out := liveOut[b.Index]
		free := func(j int) {
			if !out.has(j) && slots[j] >= 0 {
				delete(inUse, slots[j])
			}
		}
		// Parameters that the entry block never uses die at once.
		if b.Index == 0 {
			for _, p := range fn.Params {
				if j := rs.index[p]; lastUse[j] < 0 {
					free(j)
				}
			}
		}
		for i, in := range b.Instrs {
			if f.dead[in] {
				continue // no code, no slot (deadcode.go)
			}
			if phi, ok := in.(*ssa.Phi); ok {
				j := rs.index[phi]
				slots[j] = take(phi, -1)
				continue
			}
			if _, ok := in.(*ssa.Extract); ok {
				continue // its slot was given at its tuple
			}
			for _, op := range f.operands(in) {
				if j, ok := rs.index[op]; ok && lastUse[j] == i {
					free(j)
				}
			}
			v, ok := in.(ssa.Value)
			if !ok {
				continue
			}
			defd := extracts(v)
			if _, ok := rs.index[v]; ok {
				defd = append([]ssa.Value{v}, defd...)
			}
			for _, x := range defd {
				j := rs.index[x]
				if lastUse[j] < 0 && !out.has(j) {
					continue // read nowhere: no slot (it is dropped)
				}
				slots[j] = take(x, phiOf(x))
			}
		}
	}
	for j, v := range rs.values {
		if slots[j] >= 0 {
			f.values[v] = slots[j]
		}
	}
	for d, r := range f.same {
		for f.same[r] != nil {
			r = f.same[r]
		}
		if a, ok := r.(*ssa.Alloc); ok && f.alias[a] != nil {
			continue // a value without a slot of its own; never shared (share.go)
		}
		if s, ok := f.values[r]; ok {
			f.values[d] = s // its uses read r's slot (share.go)
		}
	}
}

// operands are the values instruction in reads: its operands, and for a
// return that runs deferred calls first (returnInstr) the variables of
// the named results it reads again.
func (f *fnGen) operands(in ssa.Instruction) []ssa.Value {
	var out []ssa.Value
	var add func(v ssa.Value)
	add = func(v ssa.Value) {
		if r := f.same[v]; r != nil {
			add(r)
			return
		}
		switch x := v.(type) {
		case *ssa.Alloc:
			if a := f.alias[x]; a != nil {
				add(a)
				return
			}
		case *ssa.FieldAddr:
			if f.fused[x] {
				add(x.X)
				return
			}
		case *ssa.IndexAddr:
			if f.fused[x] {
				add(x.X)
				add(x.Index)
				return
			}
		case *ssa.BinOp:
			if f.fusedCmp[x] {
				add(x.X)
				add(x.Y)
				return
			}
		}
		out = append(out, v)
	}
	if b, ok := in.(*ssa.BinOp); ok && f.fusedCmp[b] {
		return nil // read by its If
	}
	if f.dead[in] {
		return nil // not generated (deadcode.go)
	}
	if s, ok := in.(*ssa.Store); ok {
		if a, ok := s.Addr.(*ssa.Alloc); ok && f.alias[a] != nil {
			return nil // the initialisation of an aliased variable: none
		}
	}
	for _, op := range in.Operands(nil) {
		add(*op)
	}
	if r, ok := in.(*ssa.Return); ok && f.deferStack {
		for _, x := range r.Results {
			if u, ok := x.(*ssa.UnOp); ok && u.Op == token.MUL {
				if a, ok := u.X.(*ssa.Alloc); ok {
					out = append(out, a)
				}
			}
		}
	}
	return out
}

func slotBytesOfClass(c int) int {
	if c == 1 {
		return 16
	}
	return 8
}

// extracts are the Extracts of tuple-valued v (none for another value).
func extracts(v ssa.Value) []ssa.Value {
	if !isTuple(v) {
		return nil
	}
	refs := v.Referrers()
	if refs == nil {
		return nil
	}
	var xs []ssa.Value
	for _, r := range *refs {
		if x, ok := r.(*ssa.Extract); ok {
			xs = append(xs, x)
		}
	}
	return xs
}
