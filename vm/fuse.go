package vm

import (
	"math"
	"runtime"
	"strings"
	"sync"
	"weak"
)

// Superinstructions: the commonest short sequences of instructions run as
// one dispatch of the fast loop (interp.go: fast).
//
// They are not part of the program: Func.Code, the disassembler, Verify,
// the debugger and the goldens never see them. New makes, for each
// function, a copy of its code (Machine.fused) in which the first
// instruction of each sequence below is replaced by the fused op; the
// instructions after it stay as they are, so that a jump into the middle
// of a sequence runs what it always ran, and fast can always run the
// original instruction instead (Func.Code at the same pc). A fused op does
// exactly what its parts do one after the other, and charges what they
// charge: len(parts) instructions (so the 1,024-instruction slices of the
// scheduler end where they did) and the sum of the parts' costs, taken
// from the op table (fusedOps: cost), never typed again. It runs only when
// the whole sequence fits in the budget left and none of its parts would
// leave fast (a nil object, an index out of range: then the original
// first instruction runs, and the parts follow one by one as before).
// A temporary slot the parts would have pushed above the operands is not
// written: nothing reads the stack above sp.
//
// The sequences were picked from op-pair and op-triple counts over the
// compute kernels (lang/testdata/kernels), heaviest first.

// The fused ops: after every op of the table (numOps ≤ fusedFirst).
const (
	// Load a; ObjCopy l; Store b: A=a, B=l, C=b.
	fLoadObjCopyStore Op = fusedFirst + iota
	// Load a; Load b; Float op (float64, in fast); Store c:
	// A=a, B=b, C=c<<8|op.
	fLoadLoadFloatStore
	// Load a; Load b; SliceIndex; Store c: A=a, B=b, C=c.
	fLoadLoadSliceIndexStore
	// AddR a b c; Jump t: A=t, B=a|b<<16, C=c.
	fAddRJump
	// AddI a b #k; Jump t: A=t, B=a|b<<16, C=k.
	fAddIJump
	// MovI x #k; SliceStoreR s i x: A=s, B=i|x<<16, C=k.
	fMovISliceStore
	// A loop's step and test, AddI i i #k; JLtR t i x (JLeR, JGeR):
	// A=t, B=i|x<<16, C=k.
	fAddIJLtR
	fAddIJLeR
	fAddIJGeR
	// AddR j j i; JLeR t j x (JLtR): A=t, B=j|i<<16, C=x.
	fAddRJLeR
	fAddRJLtR
	// A loop's test of a captured bound, LoadFreeR d f; JLtR t b c:
	// A=t, B=d|f<<16, C=b|c<<16.
	fLoadFreeRJLtR
	// A loop's step, its test and its back edge, AddR j j i; JGtR t j x;
	// Jump u: A=t, B=j|i<<16, C=x|u<<16. When the JGtR jumps, the Jump
	// does not run: two instructions, and the same cost (the JGtR's
	// psTakenBranch for the Jump's).
	fAddRJGtRJump
	// Load a; Return: A=a.
	fLoadReturn
	// An element of an element (m[i][j]), SliceIndexR x s i;
	// SliceIndexR y x j: A=y, B=s|i<<16, C=j|x<<16.
	fSliceIndex2R

	fusedEnd
)

const fusedFirst = 224

// fusedOp is a fused op's row: its parts, and what they charge together
// (their opCost; a Jump's is psTakenBranch, as fast charges it; a
// conditional jump's psTakenBranch is added when it is taken; a Return
// charges nothing, its call paid for it).
type fusedOp struct {
	parts []Op
	cost  int64
}

var fusedOps = func() (t [fusedEnd - fusedFirst]fusedOp) {
	if numOps > fusedFirst {
		panic("vm: the op table reaches the fused ops (fuse.go: fusedFirst)")
	}
	parts := [fusedEnd - fusedFirst][]Op{
		fLoadObjCopyStore - fusedFirst:        {OpLoad, OpObjCopy, OpStore},
		fLoadLoadFloatStore - fusedFirst:      {OpLoad, OpLoad, OpFloat, OpStore},
		fLoadLoadSliceIndexStore - fusedFirst: {OpLoad, OpLoad, OpSliceIndex, OpStore},
		fAddRJump - fusedFirst:                {OpAddR, OpJump},
		fAddIJump - fusedFirst:                {OpAddI, OpJump},
		fMovISliceStore - fusedFirst:          {OpMovI, OpSliceStoreR},
		fAddIJLtR - fusedFirst:                {OpAddI, OpJLtR},
		fAddIJLeR - fusedFirst:                {OpAddI, OpJLeR},
		fAddIJGeR - fusedFirst:                {OpAddI, OpJGeR},
		fAddRJLeR - fusedFirst:                {OpAddR, OpJLeR},
		fAddRJLtR - fusedFirst:                {OpAddR, OpJLtR},
		fLoadFreeRJLtR - fusedFirst:           {OpLoadFreeR, OpJLtR},
		fAddRJGtRJump - fusedFirst:            {OpAddR, OpJGtR, OpJump},
		fLoadReturn - fusedFirst:              {OpLoad, OpReturn},
		fSliceIndex2R - fusedFirst:            {OpSliceIndexR, OpSliceIndexR},
	}
	for i, ps := range parts {
		t[i].parts = ps
		for _, op := range ps {
			if op == OpJump {
				t[i].cost += psTakenBranch
			} else {
				t[i].cost += opCost[op]
			}
		}
	}
	return t
}()

// sliceElem is element i of slice s for the fused ops: its backing
// array and index there, or !ok for a nil slice or an index out of range
// (the original instructions then run, and panic as they do).
func (mc *Machine) sliceElem(s, i int64) (arr []Value, at int64, ok bool) {
	if s&refMask == 0 {
		return nil, 0, false
	}
	h := mc.objs[s&refMask]
	if uint64(i) >= uint64(h[shLen].I) {
		return nil, 0, false
	}
	return mc.objs[h[shArr].I&refMask], h[shOff].I + i, true
}

// fusedCost and fusedLen are fusedOps' columns indexed by any uint8, for
// fast's dispatch.
var fusedCost, fusedLen = func() (c [256]int64, n [256]int) {
	for i, f := range fusedOps {
		c[fusedFirst+i] = f.cost
		n[fusedFirst+i] = len(f.parts)
	}
	return c, n
}()

// fuseOff makes New leave the code as it is (tests: the same runs
// without superinstructions).
var fuseOff bool

// fuseProgram returns each function's code with the sequences of fusedOps
// fused (see above).
func fuseProgram(p *Program) [][]Instr {
	out := make([][]Instr, len(p.Funcs))
	for i := range p.Funcs {
		if fuseOff {
			out[i] = p.Funcs[i].Code
			continue
		}
		out[i] = fuseCode(p.Funcs[i].Code)
	}
	return out
}

// fusedOf is fuseProgram(p), fused once per Program: a program compiled
// once and run many times (the checker's and the grader's runs, the
// debugger's re-runs, each Machine that New makes for it) shares one
// fused copy, which is read-only. A Program is plain data that nothing
// changes once a Machine runs it (Machine.prog); the cache still checks
// that each function's code is the slice it fused (the same array and
// length), and fuses again if not. It holds the Program weakly: a
// Program nothing else holds goes, and its entry with it.
func fusedOf(p *Program) ([][]Instr, []frameInfo) {
	if fuseOff {
		return fuseProgram(p), frameInfos(p)
	}
	k := weak.Make(p)
	fuseCache.Lock()
	e, ok := fuseCache.m[k]
	fuseCache.Unlock()
	if ok && e.fuses(p) {
		return e.fused, e.frames
	}
	e = fuseEntry{fused: fuseProgram(p), frames: frameInfos(p), src: make([][]Instr, len(p.Funcs))}
	for i := range p.Funcs {
		e.src[i] = p.Funcs[i].Code
	}
	fuseCache.Lock()
	if fuseCache.m == nil {
		fuseCache.m = map[weak.Pointer[Program]]fuseEntry{}
	}
	if _, had := fuseCache.m[k]; !had {
		runtime.AddCleanup(p, func(k weak.Pointer[Program]) {
			fuseCache.Lock()
			delete(fuseCache.m, k)
			fuseCache.Unlock()
		}, k)
	}
	fuseCache.m[k] = e
	fuseCache.Unlock()
	return e.fused, e.frames
}

// frameInfo is what a call and a return of function fi read of it, for
// fast: Machine.frames[fi], made from Program.Funcs once per Program
// (fusedOf) so that a call reads one small record.
type frameInfo struct {
	locals  int32 // Func.NLocals
	room    int32 // NLocals + MaxStack + 4: the values a frame needs (enterInl)
	results int32 // Func.NResults
	size    int32 // Func.FrameSize
	inl     int32 // Func.Inl
	split   bool  // !Func.NoSplit: its prologue checks the stack
}

func frameInfos(p *Program) []frameInfo {
	t := make([]frameInfo, len(p.Funcs))
	for i := range p.Funcs {
		f := &p.Funcs[i]
		t[i] = frameInfo{locals: int32(f.NLocals), room: int32(f.NLocals + f.MaxStack + 4),
			results: int32(f.NResults), size: int32(f.FrameSize), inl: f.Inl, split: !f.NoSplit}
	}
	return t
}

// fuseCache holds fusedOf's entries by Program.
var fuseCache struct {
	sync.Mutex
	m map[weak.Pointer[Program]]fuseEntry
}

// fuseEntry is a Program's fused code, the code it was fused from and
// its functions' frameInfos.
type fuseEntry struct {
	fused, src [][]Instr
	frames     []frameInfo
}

// fuses reports whether e was fused from p's code as it is.
func (e *fuseEntry) fuses(p *Program) bool {
	if len(e.src) != len(p.Funcs) {
		return false
	}
	for i := range p.Funcs {
		c, s := p.Funcs[i].Code, e.src[i]
		if len(c) != len(s) || len(c) > 0 && &c[0] != &s[0] {
			return false
		}
	}
	return true
}

// fusedName is a fused op's name: its parts' names joined by "+".
func fusedName(op Op) string {
	var b strings.Builder
	for i, part := range fusedOps[op-fusedFirst].parts {
		if i > 0 {
			b.WriteByte('+')
		}
		b.WriteString(part.String())
	}
	return b.String()
}

// fuseCode is fuseProgram for one function's code.
func fuseCode(code []Instr) []Instr {
	x := make([]Instr, len(code))
	copy(x, code)
	small := func(v int32) bool { return v >= 0 && v < 1<<16 }
	for pc := range code {
		at := func(k int) Instr {
			if pc+k < len(code) {
				return code[pc+k]
			}
			return Instr{Op: OpNop}
		}
		a, b, c, d := at(0), at(1), at(2), at(3)
		switch {
		case a.Op == OpLoad && b.Op == OpObjCopy && c.Op == OpStore:
			x[pc] = Instr{Op: fLoadObjCopyStore, A: a.A, B: b.A, C: c.A}
		case a.Op == OpLoad && b.Op == OpLoad && c.Op == OpFloat && d.Op == OpStore &&
			fastFloat(c) && d.A >= 0 && d.A < 1<<22:
			x[pc] = Instr{Op: fLoadLoadFloatStore, A: a.A, B: b.A, C: d.A<<8 | c.A}
		case a.Op == OpLoad && b.Op == OpLoad && c.Op == OpSliceIndex && d.Op == OpStore:
			x[pc] = Instr{Op: fLoadLoadSliceIndexStore, A: a.A, B: b.A, C: d.A}
		case a.Op == OpAddR && b.Op == OpJGtR && c.Op == OpJump && a.A == a.B && b.B == a.A &&
			small(a.A) && small(a.C) && small(b.C) && small(c.A):
			x[pc] = Instr{Op: fAddRJGtRJump, A: b.A, B: a.A | a.C<<16, C: b.C | c.A<<16}
		case a.Op == OpAddR && b.Op == OpJump && small(a.A) && small(a.B):
			x[pc] = Instr{Op: fAddRJump, A: b.A, B: a.A | a.B<<16, C: a.C}
		case a.Op == OpAddI && b.Op == OpJump && small(a.A) && small(a.B):
			x[pc] = Instr{Op: fAddIJump, A: b.A, B: a.A | a.B<<16, C: a.C}
		case a.Op == OpAddI && a.A == a.B && b.B == a.A && small(a.A) && small(b.C) && addIJ[b.Op] != 0:
			x[pc] = Instr{Op: addIJ[b.Op], A: b.A, B: a.A | b.C<<16, C: a.C}
		case a.Op == OpAddR && a.A == a.B && b.B == a.A && small(a.A) && small(a.C) && addRJ[b.Op] != 0:
			x[pc] = Instr{Op: addRJ[b.Op], A: b.A, B: a.A | a.C<<16, C: b.C}
		case a.Op == OpLoadFreeR && b.Op == OpJLtR && small(a.A) && small(a.B) && small(b.B) && small(b.C):
			x[pc] = Instr{Op: fLoadFreeRJLtR, A: b.A, B: a.A | a.B<<16, C: b.B | b.C<<16}
		case a.Op == OpSliceIndexR && b.Op == OpSliceIndexR && b.B == a.A &&
			small(a.A) && small(a.B) && small(a.C) && small(b.C) && b.A >= 0:
			x[pc] = Instr{Op: fSliceIndex2R, A: b.A, B: a.B | a.C<<16, C: b.C | a.A<<16}
		case a.Op == OpLoad && b.Op == OpReturn:
			x[pc] = Instr{Op: fLoadReturn, A: a.A}
		case a.Op == OpMovI && b.Op == OpSliceStoreR && b.C == a.A && small(a.A) && small(b.B) &&
			int64(a.B)<<32|int64(uint32(a.C)) == int64(a.C):
			x[pc] = Instr{Op: fMovISliceStore, A: b.A, B: b.B | a.A<<16, C: a.C}
		}
	}
	return x
}

// addIJ is the fused op of an AddI and the conditional jump after it.
var addIJ = [256]Op{OpJLtR: fAddIJLtR, OpJLeR: fAddIJLeR, OpJGeR: fAddIJGeR}

// addRJ is the fused op of an AddR and the conditional jump after it.
var addRJ = [256]Op{OpJLeR: fAddRJLeR, OpJLtR: fAddRJLtR}

// fastFloat reports whether fast does the OpFloat in (float64 add,
// subtract, multiply and the ordered comparisons).
func fastFloat(in Instr) bool {
	if in.B != 0 {
		return false
	}
	switch in.A {
	case FAdd, FSub, FMul, FLt, FLe, FGt, FGe:
		return true
	}
	return false
}

// floatArith and floatCmp are fast's float64 operation op (fastFloat:
// floatArith for FAdd, FSub and FMul, floatCmp for the comparisons) of a
// and x, given and returned as their bits. Each is small enough to be
// inlined in fast (go build -gcflags=-m), which must call nothing on its
// hot path.
func floatArith(op int32, a, x int64) int64 {
	fa, fx := math.Float64frombits(uint64(a)), math.Float64frombits(uint64(x))
	switch op {
	case FAdd:
		fa += fx
	case FSub:
		fa -= fx
	default: // FMul
		fa *= fx
	}
	return int64(math.Float64bits(fa))
}

func floatCmp(op int32, a, x int64) int64 {
	fa, fx := math.Float64frombits(uint64(a)), math.Float64frombits(uint64(x))
	if op >= FGt { // a > x is x < a, a >= x is x <= a
		fa, fx, op = fx, fa, op-(FGt-FLt)
	}
	if op == FLt {
		return boolInt(fa < fx)
	}
	return boolInt(fa <= fx)
}
