package vm

import "slices"

// Machine is the memory of the program's Go code that every G shares: the
// program, its globals, the boxes of captured variables and the func values.
// The scheduler owns one and asks it to Run its Gs' Threads.
type Machine struct {
	prog     *Program    // shared, read-only
	fused    [][]Instr   // each function's code with superinstructions (fuse.go); shared, read-only
	frames   []frameInfo // each function's frame as calls and returns read it (fuse.go); shared, read-only
	globals  []Value
	boxes    []Value     // heap cells of captured variables
	closures []closure   // a freed id is reused (mgc.go)
	objs     [][]Value   // structs (object.go); objs[0] is unused (nil)
	objPages [][][]Value // in a snapshot only: big objects in pages (snapshot.go)

	randSeed    uint64 // the run's seed, for the runtime source (rand.go)
	runtimeRand int64  // the runtime source's object, once made
	gc          gcState
	heap        heap         // what Go's allocator would have allocated (malloc.go)
	args        []string     // os.Args (host_os.go)
	stdin       *stdinSource // what os.Stdin reads (host_os.go)
	stdinPos    int          // how much of stdin the program has read

	logMaps bool        // log map accesses (maplog.go)
	mapLog  []MapAccess // the last Run's

	// sbufs are the host buffers behind strings.Builders' text, by
	// object id (host_strings.go: builderAppend). A cache, not state: a
	// clone starts without it (each machine appends in place only into
	// buffers it made itself), and without it the text is the same.
	sbufs map[int32][]byte

	// curG is the G whose OpHost is running, nil otherwise: what a host
	// function that reads its caller's frames reads (host_caller.go).
	curG *Thread
}

// closure is a func value: a function and the boxes it captured.
// Closure ids 1..len(Funcs) are the plain functions (no captures).
type closure struct {
	fn    int32
	boxes []int32
}

// New returns the memory of prog before its globals are initialised.
func New(prog *Program) Machine {
	mc := Machine{prog: prog}
	mc.fused, mc.frames = fusedOf(prog)
	mc.closures = make([]closure, len(prog.Funcs)+1)
	mc.closures[0] = closure{fn: -1}
	for i := range prog.Funcs {
		mc.closures[i+1] = closure{fn: int32(i)}
	}
	mc.globals = make([]Value, prog.Globals)
	mc.boxes = make([]Value, 1, 64)
	mc.objs = make([][]Value, 1)
	return mc
}

// Clone returns a copy that shares nothing mutable with mc. A closure's
// boxes never change once made, so the copies share them.
func (mc *Machine) Clone() Machine {
	c := *mc
	c.globals = slices.Clone(mc.globals)
	c.boxes = slices.Clone(mc.boxes)
	c.closures = slices.Clone(mc.closures)
	c.objs = cloneObjs(mc.objs, mc.gc.freeObj)
	c.joinPages()
	c.gc.freeObj = slices.Clone(mc.gc.freeObj)
	c.gc.freeClo = slices.Clone(mc.gc.freeClo)
	c.gc.freeBox = slices.Clone(mc.gc.freeBox)
	c.gc.markClo, c.gc.markBox, c.gc.markObj, c.gc.work = nil, nil, nil, nil
	c.heap.objMeta = slices.Clone(mc.heap.objMeta)
	c.mapLog = nil
	c.sbufs = nil
	c.gc.spare = [spareSlots + 1][][]Value{}
	return c
}

// Run runs t's code for at most budget instructions and reports how many
// ran and why it stopped.
func (mc *Machine) Run(t *Thread, budget int) (n int, ps int64, stop Stop) {
	mc.mapLog = mc.mapLog[:0]
	return mc.exec(t, budget)
}

// ClosureFn is the function index of func value id (-1 for nil).
func (mc *Machine) ClosureFn(id int32) int32 { return mc.closures[id].fn }

// FuncValue is the func value of function index fi with no captures.
func FuncValue(fi int) int32 { return int32(fi) + 1 }

// Pos is the source position of t's current instruction: the top frame's
// (FramePos), or the entry function's declaration before the G started.
func (mc *Machine) Pos(t *Thread) Pos {
	if len(t.frames) == 0 {
		if fn := mc.closures[t.entryClo].fn; fn >= 0 {
			return mc.prog.Funcs[fn].Decl
		}
		return Pos{} // a G with no code of the program's (the runtime's own)
	}
	return mc.FramePos(t, t.NumFrames()-1)
}

// FramePos is the source position of t's frame i (the top one is the
// last): where its code is, or, for a frame stopped in a call (every frame
// below the top, and the top one while it is inside a scheduler call), the
// call's position: pc-1, as the runtime's traceback takes the return
// address minus one.
func (mc *Machine) FramePos(t *Thread, i int) Pos {
	fr := t.frameAt(i)
	fn := &mc.prog.Funcs[fr.fn]
	pc := fr.pc
	if i < t.NumFrames()-1 || t.inCall {
		pc--
	}
	pc = min(pc, int32(len(fn.Pos))-1)
	if pc < 0 {
		return fn.Decl
	}
	return fn.Pos[pc]
}

// FrameFunc is a function a frame runs and where: the frame's own, or a
// body spliced into it.
type FrameFunc struct {
	Fn  int32
	Pos Pos
}

// FrameFuncs is what frame i of t shows in a traceback, innermost first:
// the bodies spliced into its function that it runs in (InlTree), each at
// its position, then the frame's own function at the call of the
// outermost, as the runtime's inlineUnwinder (runtime/symtabinl.go)
// expands a physical frame.
func (mc *Machine) FrameFuncs(t *Thread, i int) []FrameFunc {
	fr := t.frameAt(i)
	fn := &mc.prog.Funcs[fr.fn]
	pos := mc.FramePos(t, i)
	if fn.InlIndex == nil {
		return []FrameFunc{{fr.fn, pos}}
	}
	pc := fr.pc
	if i < t.NumFrames()-1 || t.inCall {
		pc--
	}
	if pc < 0 || int(pc) >= len(fn.InlIndex) {
		return []FrameFunc{{fr.fn, pos}}
	}
	var out []FrameFunc
	for idx := fn.InlIndex[pc]; idx >= 0; idx = fn.InlTree[idx].Parent {
		out = append(out, FrameFunc{fn.InlTree[idx].Fn, fn.Pos[pc]})
		pc = fn.InlTree[idx].ParentPC
	}
	return append(out, FrameFunc{fr.fn, fn.Pos[pc]})
}

// Instr is the instruction t stopped at and its position.
func (mc *Machine) Instr(t *Thread) (Instr, Pos) {
	fr := &t.frames[len(t.frames)-1]
	fn := &mc.prog.Funcs[fr.fn]
	return fn.Code[fr.pc], fn.Pos[fr.pc]
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}
