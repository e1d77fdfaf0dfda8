package ssagen

import (
	"go/ast"
	"go/token"
	"strconv"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// One function: its frame (a slot for every SSA value), its blocks in
// the compiler's layout order (blockorder.go), each instruction's code, and the φ-nodes resolved as
// parallel copies on the edges into their block.
//
// Frame layout (vm.Func): the parameters in slots 0..NParams-1 (the
// receiver first), then a slot for each value (n slots for a tuple, one
// per element, which Extract reads in place), then the operand stack.

// fnGen builds one VM function.
type fnGen struct {
	g    *gen
	fn   *ssa.Function // nil for a function the generator makes
	idx  int32
	name string
	decl token.Pos

	code []vm.Instr
	pos  []vm.Pos
	cur  vm.Pos

	nparams, nresults int
	slots             []int // bytes of each slot
	values            map[ssa.Value]int32
	frees             map[*ssa.FreeVar]freeVar

	depth, maxDepth int
	hasCall         bool // calls anything (runtime included): not a leaf
	outArgs         int  // the largest outgoing argument area

	blockPC []int32           // the pc of each block's first instruction
	order   []*ssa.BasicBlock // the blocks in the order generated (blockorder.go)
	nextOf  []*ssa.BasicBlock // by block index: the block generated after it
	bpos    []token.Pos       // by block index: blockPos
	fixups  []fixup           // jumps to blocks, patched at the end
	boxes   map[*ssa.Alloc]bool

	deferStack bool        // range-over-func bodies defer calls for this function's frame
	allocated  bool        // the values have their slots (regalloc.go)
	emptyLoops []token.Pos // for {} loops not yet placed (blockPos)

	fused    map[ssa.Instruction]bool // addresses not made (fuse.go)
	fusedCmp map[*ssa.BinOp]bool      // comparisons generated with their If (regform.go)
	temps    [2][]int32               // scratch slots (regform.go: temp)
	alias    map[*ssa.Alloc]ssa.Value // variables that are a value (fuse.go)
	steal    map[*ssa.UnOp]bool       // loads that take the variable's object
	dead     map[ssa.Instruction]bool // values nothing live reads (deadcode.go)
	share    map[*ssa.UnOp]bool       // loads that take the object read without a copy (share.go)
	same     map[ssa.Value]ssa.Value  // values that are another's, in its slot (share.go)

	sites map[token.Pos]int32 // call instructions by their call's position (inline.go)
}

// fixup is a jump whose target is a block's start.
type fixup struct {
	at    int
	block int
}

// freeVar is how a closure holds one of its free variables: its index
// among the closure's boxes, and whether the box is the variable itself
// (the binding was a boxed Alloc: a read of the free variable is the box's
// address) or holds the bound value.
type freeVar struct {
	index int32
	isBox bool
}

func (g *gen) newFnGen(fn *ssa.Function, idx int32, name string) *fnGen {
	return &fnGen{g: g, fn: fn, idx: idx, name: name, values: map[ssa.Value]int32{}, frees: map[*ssa.FreeVar]freeVar{}, boxes: map[*ssa.Alloc]bool{}}
}

// function generates fn's code into its reserved index.
func (g *gen) function(fn *ssa.Function) {
	f := g.newFnGen(fn, g.funcs[fn], g.funcName(fn))
	f.decl = fn.Pos()
	if !f.decl.IsValid() && fn.Object() != nil {
		f.decl = fn.Object().Pos()
	}
	if !f.decl.IsValid() && fn.Parent() != nil {
		f.decl = fn.Parent().Pos()
	}
	if !f.decl.IsValid() {
		f.decl = g.packagePos(fn.Pkg) // a package's initialiser
	}
	f.setPos(f.decl)
	if g.extern(fn) != nil || fn.Blocks == nil {
		f.external()
		return
	}
	f.nparams = len(fn.Params)
	f.nresults = fn.Signature.Results().Len()
	f.g.generated = append(f.g.generated, fn)
	if kinds, ok := g.freeKinds[fn]; ok {
		for i, fv := range fn.FreeVars {
			f.frees[fv] = freeVar{index: int32(i), isBox: kinds[i]}
		}
	} else {
		for i, fv := range fn.FreeVars {
			f.frees[fv] = freeVar{index: int32(i)}
		}
	}
	f.findBoxes()
	f.deadValues()
	f.analyze()
	f.allocate()
	f.allocated = true
	f.blockPC = make([]int32, len(fn.Blocks))
	f.bpos = make([]token.Pos, len(fn.Blocks))
	for _, b := range fn.Blocks {
		f.bpos[b.Index] = f.blockPos(b) // in go/ssa's order: emptyLoops
	}
	f.order = blockOrder(fn)
	f.nextOf = make([]*ssa.BasicBlock, len(fn.Blocks))
	for i := 1; i < len(f.order); i++ {
		f.nextOf[f.order[i-1].Index] = f.order[i]
	}
	for _, b := range f.order {
		f.blockPC[b.Index] = int32(len(f.code))
		f.block(b)
	}
	for _, x := range f.fixups {
		f.code[x.at].A = f.blockPC[x.block]
	}
	var keep []int32
	if fn.Recover != nil {
		keep = append(keep, f.blockPC[fn.Recover.Index])
	}
	newPC := f.layout(keep)
	for p, pc := range f.sites {
		f.sites[p] = newPC[pc]
	}
	f.g.sites[f.idx] = f.sites
	recoverPC := int32(0)
	if fn.Recover != nil {
		recoverPC = newPC[f.blockPC[fn.Recover.Index]] + 1
	}
	f.finish().Recover = recoverPC
}

// findBoxes marks the Allocs that are boxes (not objects or handles),
// and notes a call of ssa:deferstack.
func (f *fnGen) findBoxes() {
	for _, b := range f.fn.Blocks {
		for _, in := range b.Instrs {
			switch in := in.(type) {
			case *ssa.Alloc:
				if reprOf(deref(in.Type())) == rWord {
					f.boxes[in] = true
				}
			case *ssa.Call:
				if bi, ok := in.Call.Value.(*ssa.Builtin); ok && bi.Name() == "ssa:deferstack" {
					f.deferStack = true
				}
			}
		}
	}
}

// finish stores the function in the program.
func (f *fnGen) finish() *vm.Func {
	frame := 16 + f.outArgs
	for _, s := range f.slots {
		frame += s
	}
	out := &f.g.out.Funcs[f.idx]
	*out = vm.Func{
		Name:      f.name,
		NParams:   f.nparams,
		NResults:  f.nresults,
		NLocals:   len(f.slots),
		MaxStack:  f.maxDepth,
		Code:      f.code,
		Pos:       f.pos,
		Decl:      f.g.pos(f.decl),
		FrameSize: frame,
		NoSplit:   !f.hasCall && frame < 128,
	}
	return out
}

func (f *fnGen) newSlot(bytes int) int32 {
	f.slots = append(f.slots, bytes)
	return int32(len(f.slots) - 1)
}

func (f *fnGen) setPos(p token.Pos) {
	if p.IsValid() {
		f.cur = f.g.pos(p)
	}
}

// internal reports a bug in the generator.
func (f *fnGen) internal(what string) {
	panic(f.name + ": " + what + " at " + strconv.Itoa(int(f.cur.Line)) + ":" + strconv.Itoa(int(f.cur.Col)))
}

// emitN appends an instruction that pops pop and pushes push operands;
// where the op table knows the instruction's effect, it must agree.
func (f *fnGen) emitN(op vm.Op, a, b int32, pop, push int) {
	in := vm.Instr{Op: op, A: a, B: b}
	if p, q := vm.StackEffect(in, nil, nil); p >= 0 && p != pop || q >= 0 && q != push {
		f.internal(op.String() + " pops " + itoa(p) + " and pushes " + itoa(q) + " by the op table, not " + itoa(pop) + " and " + itoa(push))
	}
	f.code = append(f.code, in)
	f.pos = append(f.pos, f.cur)
	f.depth -= pop
	if f.depth < 0 {
		f.internal("operand stack underflow (" + op.String() + ")")
	}
	f.depth += push
	f.maxDepth = max(f.maxDepth, f.depth)
}

// emitCallOp is emitN for an instruction that calls into the runtime or
// a function: the function is not a leaf.
func (f *fnGen) emitCallOp(op vm.Op, a, b int32, pop, push int) {
	f.hasCall = true
	f.outArgs = max(f.outArgs, 8*max(pop, 1))
	f.emitN(op, a, b, pop, push)
}

// emit appends an instruction whose stack effect the op table gives.
func (f *fnGen) emit(op vm.Op, a, b int32) {
	pop, push := vm.StackEffect(vm.Instr{Op: op, A: a, B: b}, nil, nil)
	if pop < 0 || push < 0 {
		f.internal(op.String() + ": its stack effect depends on the program: emitN")
	}
	f.emitN(op, a, b, pop, push)
}

// emitCall calls function fi with nargs arguments on the stack, pushing
// nres results.
func (f *fnGen) emitCall(fi int32, nargs, nres int) {
	f.emitCallOp(vm.OpCall, fi, int32(nargs), nargs, nres)
}

// ---- values ------------------------------------------------------------------

// slot is value v's slot: the allocator's (regalloc.go), -1 if nothing
// reads v. In a function the generator makes (no allocation), a slot is
// made on first use.
func (f *fnGen) slot(v ssa.Value) int32 {
	if s, ok := f.values[v]; ok {
		return s
	}
	if f.allocated {
		return -1
	}
	s := f.newSlot(slotBytes(v.Type()))
	f.values[v] = s
	return s
}

// tupleSlots are, for each element of tuple v (k of them), the slots of
// the Extracts that read it (none if nothing does).
func (f *fnGen) tupleSlots(v ssa.Value, k int) [][]int32 {
	out := make([][]int32, k)
	for _, x := range extracts(v) {
		x := x.(*ssa.Extract)
		if s := f.slot(x); s >= 0 && x.Index < k {
			out[x.Index] = append(out[x.Index], s)
		}
	}
	return out
}

// storeTuple pops the k elements of tuple v (the last on top) into the
// slots of their Extracts.
func (f *fnGen) storeTuple(v ssa.Value, k int) {
	slots := f.tupleSlots(v, k)
	for i := k - 1; i >= 0; i-- {
		f.storeTo(slots[i])
	}
}

// storeTo pops the top of the stack into every slot of ss (or drops it).
func (f *fnGen) storeTo(ss []int32) {
	if len(ss) == 0 {
		f.emit(vm.OpPop, 0, 0)
		return
	}
	for _, s := range ss[1:] {
		f.emit(vm.OpDup, 0, 0)
		f.emit(vm.OpStore, s, 0)
	}
	f.emit(vm.OpStore, ss[0], 0)
}

// push pushes value v.
func (f *fnGen) push(v ssa.Value) {
	switch v := v.(type) {
	case *ssa.Const:
		f.pushConst(v)
	case *ssa.Function:
		f.emit(vm.OpFuncVal, f.g.funcIndex(v), 0)
	case *ssa.Global:
		f.pushGlobalAddr(v)
	case *ssa.FreeVar:
		fv, ok := f.frees[v]
		if !ok {
			f.internal("unknown free variable " + v.Name())
		}
		if fv.isBox {
			f.emit(vm.OpFreeRef, fv.index, 0)
		} else {
			f.emit(vm.OpLoadFree, fv.index, 0)
		}
	case *ssa.Extract:
		s := f.slot(v)
		if s < 0 {
			f.internal("an extract without a slot: " + v.String())
		}
		f.emit(vm.OpLoad, s, 0)
	case *ssa.Builtin:
		f.internal("a builtin as a value: " + v.Name())
	case *ssa.Alloc:
		if x, ok := f.alias[v]; ok {
			f.push(x)
			return
		}
		f.pushSlot(v)
	default:
		f.pushSlot(v)
	}
}

// pushSlot pushes the value in v's slot.
func (f *fnGen) pushSlot(v ssa.Value) {
	s, ok := f.values[v]
	if !ok {
		f.internal("value used before it is defined: " + v.Name() + " = " + v.String())
	}
	f.emit(vm.OpLoad, s, 0)
}

// define pops the top of the stack into v's slot (or drops it if nothing
// uses v).
func (f *fnGen) define(v ssa.Value) {
	s := f.slot(v)
	if s < 0 {
		f.emit(vm.OpPop, 0, 0)
		return
	}
	f.emit(vm.OpStore, s, 0)
}

// pushInt pushes the constant n.
func (f *fnGen) pushInt(n int64) {
	f.emit(vm.OpInt, int32(n>>32), int32(uint32(n)))
}

// pushStr pushes the constant s.
func (f *fnGen) pushStr(s string) {
	f.emit(vm.OpStr, f.g.str(s), 0)
}

// pushGlobalAddr pushes the address of package-level variable v: for a
// variable held in an object or a record, its id (the variable's value);
// else a global pointer (vm/pointer.go).
func (f *fnGen) pushGlobalAddr(v *ssa.Global) {
	gi := f.g.global(v)
	if reprOf(deref(v.Type())) != rWord {
		f.emit(vm.OpLoadGlob, gi, 0)
		return
	}
	f.pushInt(vm.GlobalPtr(gi))
}

// ---- blocks ------------------------------------------------------------------

// block generates b's instructions.
func (f *fnGen) block(b *ssa.BasicBlock) {
	if p := f.bpos[b.Index]; p.IsValid() {
		f.setPos(p)
	}
	for _, in := range b.Instrs {
		if f.dead[in] {
			continue
		}
		if p := in.Pos(); p.IsValid() {
			f.setPos(p)
		}
		f.instr(in)
		if f.depth != 0 {
			f.internal("operand stack not empty after " + in.String())
		}
	}
}

// blockPos is where a block none of whose instructions has a position is
// in the source: its successor's first position, or for a loop with an
// empty body (for {}), the for statement's (NoPos if b has positions).
func (f *fnGen) blockPos(b *ssa.BasicBlock) token.Pos {
	for _, in := range b.Instrs {
		if in.Pos().IsValid() {
			return token.NoPos
		}
	}
	if len(b.Succs) == 1 && b.Succs[0] == b {
		// for {}: the n-th such loop of the function's syntax.
		if f.emptyLoops == nil {
			f.emptyLoops = emptyForLoops(f.fn.Syntax())
		}
		if len(f.emptyLoops) > 0 {
			p := f.emptyLoops[0]
			f.emptyLoops = f.emptyLoops[1:]
			return p
		}
		return token.NoPos
	}
	if len(b.Succs) == 1 {
		for _, in := range b.Succs[0].Instrs {
			if p := in.Pos(); p.IsValid() {
				return p
			}
		}
	}
	return token.NoPos
}

// emptyForLoops are the for statements with neither a condition nor a
// statement in their body in function syntax n (not in its closures).
func emptyForLoops(n ast.Node) []token.Pos {
	var out []token.Pos
	if n == nil {
		return nil
	}
	ast.Inspect(n, func(x ast.Node) bool {
		switch x := x.(type) {
		case *ast.FuncLit:
			return x == n
		case *ast.ForStmt:
			if x.Cond == nil && len(x.Body.List) == 0 {
				out = append(out, x.For)
			}
		}
		return true
	})
	return out
}

// jumpTo emits a jump (op OpJump, OpJumpIf, OpJumpIfNot) to block b.
func (f *fnGen) jumpTo(op vm.Op, b *ssa.BasicBlock) {
	f.fixups = append(f.fixups, fixup{at: len(f.code), block: b.Index})
	f.emit(op, 0, 0)
}

// edge emits the φ copies of the edge from block from to block to (the
// k-th edge between them, for an If whose both successors are to), then
// a jump to it unless it follows.
func (f *fnGen) edge(from, to *ssa.BasicBlock, k int, next *ssa.BasicBlock) {
	pi := -1
	for i, p := range to.Preds {
		if p == from {
			if k == 0 {
				pi = i
				break
			}
			k--
		}
	}
	if pi < 0 {
		f.internal("no edge from block " + strconv.Itoa(from.Index) + " to " + strconv.Itoa(to.Index))
	}
	// A parallel copy into the φs' slots.
	var ms []move
	for _, in := range to.Instrs {
		phi, ok := in.(*ssa.Phi)
		if !ok {
			break
		}
		d := f.slot(phi)
		if d < 0 {
			continue // unused
		}
		e := phi.Edges[pi]
		if a, ok := e.(*ssa.Alloc); ok && f.alias[a] != nil {
			e = f.alias[a]
		}
		src := int32(-1)
		if s, ok := f.values[e]; ok {
			src = s
		}
		ms = append(ms, move{dst: d, src: src, val: e})
	}
	f.parallelMoves(ms)
	if to != next {
		f.jumpTo(vm.OpJump, to)
	}
}

// nextBlock is the block generated after b (nil after the last).
func (f *fnGen) nextBlock(b *ssa.BasicBlock) *ssa.BasicBlock {
	return f.nextOf[b.Index]
}

// hasPhis reports whether block b starts with φ-nodes that are used: not
// dead (deadcode.go; a φ nothing reads is dead).
func (f *fnGen) hasPhis(b *ssa.BasicBlock) bool {
	for _, in := range b.Instrs {
		if _, ok := in.(*ssa.Phi); !ok {
			return false
		}
		if !f.dead[in] {
			return true
		}
	}
	return false
}
