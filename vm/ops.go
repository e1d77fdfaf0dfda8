package vm

// The op table: every opcode declared once.
//
// An opcode is a constant in prog.go (its name, which must stay stable:
// programs, goldens and other packages name it) and a row of opTable
// below, which holds everything gmplab knows about it apart from what it
// does: its name, what its operands A and B mean, its effect on the
// operand stack, where control goes next, whether the scheduler performs
// it, and what it costs. What it does is its case in the interpreter
// (interp.go, interp_data.go and the files they call) or, for a
// scheduler op, in package runtime (intrinsics.go). The disassembler
// (disasm.go), Op.IsSched, the program verifier (verify.go), the
// scheduler ops' operand decoder (sched_operands.go) and the front end's
// check of its own stack accounting (lang: emit) all read the table.
//
// How to add an opcode: a constant at the end of its group in prog.go,
// a row here, its case in the interpreter or in runtime/intrinsics.go,
// and the front end's emit. TestOpTableComplete fails until the row is
// complete; Verify checks every program the tests compile against it.
// (docs/hacking.md says the same for people.)
//
// The idea is the Go compiler's (cmd/compile/internal/ssa/_gen/
// genericOps.go: "easier to maintain a few tables than a lot of code")
// and the program verifier's is go/ssa's sanity.go.

// OpInfo is one opcode's row in the op table. The columns:
//
//   - Name: the op's name without the Op prefix, as the disassembler
//     prints it ("Call", "Send").
//   - A, B, C: what the instruction's operands mean (C only in the
//     register form, regops.go). The Operand kind says
//     how the disassembler shows one and what Verify checks it against
//     (an index into Program.Strings, a local slot, a jump target…);
//     OperandNum is a number whose meaning Stack gives.
//   - Stack: the operands on the stack and the results, bottom first,
//     top of stack on the right ("ch v → ..."; "..." is the rest of the
//     stack), with what A and B change in them. Scheduler ops' operands
//     are decoded in this order by Machine.Operands.
//   - Pop, Push: the operand-stack effect: the op pops Pop operands, then
//     pushes Push results. For an op whose effect depends on the
//     instruction or the program (a call, OpSelect, OpHost…),
//     Effect computes them instead (StackEffect).
//   - Flow: where control goes after the op (FlowNext unless it jumps or
//     leaves the function).
//   - Sched: the scheduler performs the op (Op.IsSched): the interpreter
//     stops in front of it, package runtime pops its operands, does it
//     and pushes its results.
//   - Cost: the virtual CPU time the interpreter charges for one
//     execution of the op, in picoseconds: what the Go operation it
//     completes costs compiled, one of cost.go's measured figures (psIntOp,
//     psCall, psMalloc, …), or 0 for an op that only moves data compiled
//     code keeps in registers (a constant, a local, dup, pop). CostVar
//     names, in words, a part that depends on the operands or the data
//     ("" if none), which the op's case adds as it runs. A scheduler op
//     costs 0 here: the interpreter charges nothing for it, and the
//     scheduler charges runtime/cost.go's figures for what the op does
//     (CostChan, …). An op that panics charges nothing. The interpreter
//     reads this column (opCost); TestOpTableCostIsCharged checks that
//     what it charges is the row's Cost for every op without a CostVar.
//     Adding the cost of a new op is this cell, naming a figure of
//     cost.go, or a new figure there with the benchmark that measures it
//     (cost_bench_test.go).
type OpInfo struct {
	Name      string
	A, B, C   Operand
	Stack     string
	Pop, Push int8
	Effect    func(in Instr, p *Program, f *Func) (pop, push int)
	Flow      Flow
	Sched     bool
	Cost      int64
	CostVar   string
}

// Flow is where control goes after an op.
type Flow uint8

const (
	// FlowNext: the next instruction.
	FlowNext Flow = iota
	// FlowBranch: the instruction at A or the next one.
	FlowBranch
	// FlowJump: the instruction at A.
	FlowJump
	// FlowEnd: none in this function (it returns, panics or the program
	// exits).
	FlowEnd
)

// Picoseconds in a virtual nanosecond: the op table's costs are in
// picoseconds, so that an operation can cost less than a nanosecond.
const psPerNs = 1000

// The words of the Cost column's variable parts (CostVar); the figures
// are cost.go's.
const (
	psSched  = 0 // a scheduler op: the scheduler charges runtime/cost.go's figures
	memmove  = "plus the bytes it copies or clears (memmoveCost); growing, a mallocgc and the new array's bytes (growCost)"
	objBytes = "plus the object's bytes (memmoveCost of its layout's size); a layout the compiler keeps in registers (Layout.Regs): nothing for a copy, psStore a word for an assignment (objCopyCost, objAssignCost)"
	mapSize  = "plus what the map's size adds (mapCost); a new key psMapInsert, not psMapAssign"
	branch   = "plus psTakenBranch when it jumps"
	divConst = "psDivConst instead when the divisor is a constant (the instruction before it is an OpInt): a multiply and shifts"
)

// Info is op's row of the op table (the zero OpInfo for an op that does
// not exist).
func (op Op) Info() OpInfo {
	if op < numOps {
		return opTable[op]
	}
	return OpInfo{}
}

// opCost is the Cost column indexed by any uint8, for the interpreter's
// dispatch (no bounds check).
var opCost = func() (c [256]int64) {
	for op := range numOps {
		c[op] = opTable[op].Cost
	}
	return c
}()

// IsSched reports whether op is performed by the scheduler, not the
// interpreter (the op table's Sched column).
func (op Op) IsSched() bool { return isSched[op] }

// isSched is the Sched column indexed by any uint8, for the interpreter's
// dispatch (no bounds check).
var isSched = func() (s [256]bool) {
	for op := range numOps {
		s[op] = opTable[op].Sched
	}
	return s
}()

// Ends reports whether control never goes on to the instruction after op
// (a jump, a return, a panic, the program's exit).
func (op Op) Ends() bool {
	return op < numOps && (opTable[op].Flow == FlowJump || opTable[op].Flow == FlowEnd)
}

// NumOps is the number of opcodes.
const NumOps = int(numOps)

// StackEffect is how many operands in pops and how many results it then
// pushes (its row's Pop and Push, or its Effect). p is the program and f
// the function in holds; either may be nil while a front end builds them,
// and a count that depends on what is missing is then -1 (a call's
// results, a select's operands, a return's results). A count is also -1
// when the instruction is malformed (an A that names no function, no
// sub-operation): Verify says which.
func StackEffect(in Instr, p *Program, f *Func) (pop, push int) {
	if in.Op >= numOps {
		return -1, -1
	}
	r := &opTable[in.Op]
	if r.Effect != nil {
		return r.Effect(in, p, f)
	}
	return int(r.Pop), int(r.Push)
}

// opTable is the op table (see OpInfo).
var opTable = [numOps]OpInfo{
	OpNop: {Name: "Nop", Stack: "...", Cost: 0},

	// Constants and variables.
	OpInt:       {Name: "Int", A: OperandIntHi, B: OperandNum, Stack: "... → int64(A)<<32 | uint32(B)", Push: 1, Cost: 0},
	OpStr:       {Name: "Str", A: OperandString, Stack: "... → Program.Strings[A]", Push: 1, Cost: 0},
	OpLoad:      {Name: "Load", A: OperandLocal, Stack: "... → local A", Push: 1, Cost: 0},
	OpStore:     {Name: "Store", A: OperandLocal, Stack: "v → ...   (local A = v)", Pop: 1, Cost: 0},
	OpLoadBox:   {Name: "LoadBox", A: OperandLocal, Stack: "... → heap[local A]   (local A holds a box id)", Push: 1, Cost: psLoad},
	OpStoreBox:  {Name: "StoreBox", A: OperandLocal, Stack: "v → ...   (heap[local A] = v)", Pop: 1, Cost: psStore},
	OpNewBox:    {Name: "NewBox", A: OperandLocal, Stack: "v → ...   (local A = a new box initialised with v)", Pop: 1, Cost: psMalloc},
	OpLoadFree:  {Name: "LoadFree", A: OperandFree, Stack: "... → heap[the closure's captured box A]", Push: 1, Cost: psLoad},
	OpStoreFree: {Name: "StoreFree", A: OperandFree, Stack: "v → ...   (heap[the closure's captured box A] = v)", Pop: 1, Cost: psStore},
	OpFreeRef:   {Name: "FreeRef", A: OperandFree, Stack: "... → the box id of captured box A (to capture it again)", Push: 1, Cost: 0},
	OpLocalRef:  {Name: "LocalRef", A: OperandLocal, Stack: "... → the box id held in local A (to capture it)", Push: 1, Cost: 0},
	OpLoadGlob:  {Name: "LoadGlob", A: OperandGlobal, Stack: "... → global A", Push: 1, Cost: psLoad},
	OpStoreGlob: {Name: "StoreGlob", A: OperandGlobal, Stack: "v → ...   (global A = v)", Pop: 1, Cost: psStore},
	OpPop:       {Name: "Pop", Stack: "v → ...", Pop: 1, Cost: 0},
	OpDup:       {Name: "Dup", Stack: "v → v v", Pop: 1, Push: 2, Cost: 0},

	// Integer arithmetic (int64, wrapping like Go's int on 64-bit).
	OpAdd:    binOp("Add", "a b → a+b", psIntOp),
	OpSub:    binOp("Sub", "a b → a-b", psIntOp),
	OpMul:    binOp("Mul", "a b → a*b", psMul),
	OpDiv:    {Name: "Div", Stack: `a b → a/b   (b == 0 panics: "runtime error: integer divide by zero")`, Pop: 2, Push: 1, Cost: psDiv, CostVar: divConst},
	OpRem:    {Name: "Rem", Stack: "a b → a%b   (the same)", Pop: 2, Push: 1, Cost: psDiv, CostVar: divConst},
	OpNeg:    unOp("Neg", "a → -a", psIntOp),
	OpAnd:    binOp("And", "a b → a&b", psIntOp),
	OpOr:     binOp("Or", "a b → a|b", psIntOp),
	OpXor:    binOp("Xor", "a b → a^b", psIntOp),
	OpAndNot: binOp("AndNot", "a b → a&^b", psIntOp),
	OpShl:    binOp("Shl", `a b → a<<b   (b < 0 panics: "runtime error: negative shift amount")`, psIntOp),
	OpShr:    binOp("Shr", "a b → a>>b   (the same)", psIntOp),
	OpNot:    unOp("Not", "bool a → !a", psIntOp),
	OpEq:     binOp("Eq", "a b → a==b   (ints, bools, channels, ids)", psIntOp),
	OpNe:     binOp("Ne", "a b → a!=b", psIntOp),
	OpLt:     binOp("Lt", "a b → a<b", psIntOp),
	OpLe:     binOp("Le", "a b → a<=b", psIntOp),
	OpGt:     binOp("Gt", "a b → a>b", psIntOp),
	OpGe:     binOp("Ge", "a b → a>=b", psIntOp),

	// Strings.
	OpConcat: {Name: "Concat", B: OperandNum, Stack: "s t → s+t   (B=1: it continues a concatenation, a + b + c, which Go makes one concatstrings)", Pop: 2, Push: 1,
		Cost: psConcat + psMalloc, CostVar: "plus the result's bytes; with B=1 only the bytes (the first Concat paid the call and its mallocgc)"},
	OpSEq:   binOp("SEq", "s t → s==t", psIntOp),
	OpSNe:   binOp("SNe", "s t → s!=t", psIntOp),
	OpSLt:   binOp("SLt", "s t → s<t", psIntOp),
	OpSLe:   binOp("SLe", "s t → s<=t", psIntOp),
	OpSGt:   binOp("SGt", "s t → s>t", psIntOp),
	OpSGe:   binOp("SGe", "s t → s>=t", psIntOp),
	OpSLen:  unOp("SLen", "s → len(s)", 0),
	OpIndex: binOp("Index", "s i → s[i] as an int (a byte); out of range panics like Go", psIndex),
	OpSlice: {Name: "Slice", B: OperandSliceForm, Stack: "s [i] [j] → s[i:j]   (B&1: i omitted (0), B&2: j omitted (len); an omitted index is not pushed)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			return 1 + bit0(in.B&1) + bit0(in.B&2), 1
		}, Cost: 2 * psIntOp},

	// Formatting (for fmt and println; the front end lowers Printf into these).
	OpFmtInt:  unOp("FmtInt", "a → a in decimal", psFmt),
	OpFmtBool: unOp("FmtBool", `a → "true" or "false"`, psFmt),
	OpFmtDur:  unOp("FmtDur", "a → time.Duration(a).String()", psFmt),

	// Control.
	OpJump:      {Name: "Jump", A: OperandPC, Stack: "...   (pc = A)", Flow: FlowJump, Cost: 0, CostVar: "psTakenBranch: it always jumps"},
	OpJumpIf:    {Name: "JumpIf", A: OperandPC, Stack: "c → ...   (if c, pc = A)", Pop: 1, Flow: FlowBranch, Cost: 0, CostVar: branch},
	OpJumpIfNot: {Name: "JumpIfNot", A: OperandPC, Stack: "c → ...   (if !c, pc = A)", Pop: 1, Flow: FlowBranch, Cost: 0, CostVar: branch},
	OpCall: {Name: "Call", A: OperandFunc, B: OperandArgs, Stack: "args → results   (calls function A with B argument slots)",
		Effect: func(in Instr, p *Program, _ *Func) (int, int) {
			if p == nil || in.A < 0 || int(in.A) >= len(p.Funcs) {
				return int(in.B), -1
			}
			return int(in.B), p.Funcs[in.A].NResults
		}, Cost: psCall},
	OpCallClosure: {Name: "CallClosure", B: OperandCallSlots, Stack: "f args → results   (B: CallSlots(args, results))",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			args, res := CallSlotsOf(in.B)
			return 1 + args, res
		}, Cost: psClosureCall},
	OpClosure: {Name: "Closure", A: OperandFunc, B: OperandCaptures, Stack: "boxids → f   (function A with B captured boxes)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return int(in.B), 1 }, Cost: psMalloc},
	OpFuncVal: {Name: "FuncVal", A: OperandFunc, Stack: "... → f   (function A as a func value with no captures)", Push: 1, Cost: 0},
	OpReturn: {Name: "Return", Stack: "results → (returns from the function: the top NResults slots are its results)",
		Effect: func(_ Instr, _ *Program, f *Func) (int, int) {
			if f == nil {
				return -1, 0
			}
			return f.NResults, 0
		}, Flow: FlowEnd, Cost: 0},
	OpDefer: {Name: "Defer", A: OperandNum, B: OperandArgs,
		Stack: "f args → ...   (records f(args), B argument slots, to run when the function returns); with A=1 (runtime.deferprocat): tok f args → ..., for the frame of OpDeferRange's token tok",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			if in.A == 1 {
				return int(in.B) + 2, 0
			}
			return int(in.B) + 1, 0
		}, Cost: psCall},
	OpPanic: {Name: "Panic", B: OperandNum, Stack: "s → (the G panics with message s); with B=1: v s → (v, an interface value, is what recover returns)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return 1 + boolInt32(in.B == 1), 0 }, Flow: FlowEnd, Cost: psCall},
	OpRunDefers: {Name: "RunDefers", Stack: "...   (runs the frame's deferred calls now, LIFO, as OpReturn would, then goes on: a function with named results and defers reads its results after them)",
		Cost: 0},
	OpDeferRange: {Name: "DeferRange", Stack: "... → tok   (runtime.deferrangefunc: the frame's token, under which OpDefer with A=1 registers a range-over-func body's deferred calls)",
		Push: 1, Cost: 0},

	// Objects (object.go): a struct's storage, named by its id (objTag).
	OpNewObj: {Name: "NewObj", A: OperandSlots, B: OperandNum, Stack: "... → o   (a new object of A zeroed slots; B=1: a value the compiler keeps in registers, Layout.Regs)", Push: 1, Cost: 0, CostVar: "a stack object: its slots' bytes (memmoveCost); nothing with B=1"},
	OpField:  {Name: "Field", A: OperandSlot, Stack: "o → o.A   (o nil panics: nil dereference)", Pop: 1, Push: 1, Cost: psLoad},
	OpSetField: {Name: "SetField", A: OperandSlot, B: OperandSwap, Stack: "o v → ...   (o.A = v; with B=1 the operands are v o)",
		Pop: 2, Cost: psStore},
	OpObjCopy: {Name: "ObjCopy", A: OperandLayout, Stack: "o → a new object with o's contents, layout A (nested structs copied too)", Pop: 1, Push: 1, Cost: 0, CostVar: objBytes},
	OpObjAssign: {Name: "ObjAssign", A: OperandLayout, B: OperandSwap, Stack: "d s → ...   (d's contents = s's, layout A, nested structs too; with B=1: s d)",
		Pop: 2, Cost: 0, CostVar: objBytes},
	OpObjMove: {Name: "ObjMove", A: OperandLayout, Stack: "d s → ...   (d's contents = s's, layout A, which has no nested struct; s is a temporary nothing else holds, whose object is freed: freeTemp)",
		Pop: 2, Cost: 0, CostVar: objBytes},
	OpObjEq: {Name: "ObjEq", A: OperandLayout, Stack: "a b → a==b   (field by field, layout A, as Go compares structs)", Pop: 2, Push: 1, Cost: psIntOp, CostVar: objBytes},
	// Newobject accounts the heap allocation for the collector (layer gc);
	// its time is NewObj's (the model has no escape analysis to tell a
	// heap object's mallocgc from a stack object's clearing).
	OpNewobject: {Name: "Newobject", A: OperandBytes, B: OperandPtrBytes, Stack: "o → o   (the object on top is new(T) or &T{...}: a heap allocation of A bytes, pointers in its first B, runtime.newobject; malloc.go)", Pop: 1, Push: 1, Cost: 0,
		CostVar: "mallocCost of the object's size class"},

	// Pointers to anything but structs and arrays (pointer.go).
	OpDeref:      unOp("Deref", "p → *p   (p nil panics: nil dereference)", psLoad),
	OpStoreDeref: {Name: "StoreDeref", B: OperandSwap, Stack: "p v → ...   (*p = v; with B=1 the operands are v p)", Pop: 2, Cost: psStore},
	OpElemRef: {Name: "ElemRef", A: OperandNum, B: OperandNum, Stack: "o → &o.A (slot A); with B=1: o i → &o[i] (i out of range panics like Go)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return 1 + boolInt32(in.B == 1), 1 }, Cost: psIntOp},
	OpSliceRef: binOp("SliceRef", "s i → &s[i]   (out of range panics like Go)", psIndex),

	// Arrays (array.go): objects of one slot per element.
	OpZeroObj:  {Name: "ZeroObj", A: OperandLayout, Stack: "... → a new zero object of layout A (nested arrays and structs too)", Push: 1, Cost: 0, CostVar: objBytes},
	OpIndexObj: binOp("IndexObj", "o i → o[i]   (out of range panics like Go; o nil: nil dereference)", psIndex),
	OpStoreIndexObj: {Name: "StoreIndexObj", B: OperandSwap, Stack: "o i v → ...   (o[i] = v; with B=1 the operands are v o i)",
		Pop: 3, Cost: psIndexStore},
	OpArraySlice:   {Name: "ArraySlice", Stack: "o → o[:]   (a slice over the whole array, sharing it)", Pop: 1, Push: 1, Cost: psIntOp},
	OpKeyOf:        {Name: "KeyOf", A: OperandLayout, Stack: "o → the map key of array or struct o of layout A (its contents)", Pop: 1, Push: 1, Cost: psLoad, CostVar: objBytes},
	OpKeyObj:       {Name: "KeyObj", A: OperandLayout, Stack: "k → a new object of layout A with the contents of map key k", Pop: 1, Push: 1, Cost: psLoad, CostVar: objBytes},
	OpSliceToArray: {Name: "SliceToArray", A: OperandLayout, Stack: "s → [N]T(s), a copy; A is the array's layout (a shorter s panics like Go)", Pop: 1, Push: 1, Cost: 0, CostVar: objBytes},

	// Slices (slice.go).
	OpMakeSlice:   {Name: "MakeSlice", A: OperandElemLayout, B: OperandHeapElem, Stack: "n c → s   (A: the element's layout, -1 plain; B: the element's size and noscan when the array is a heap allocation, malloc.go)", Pop: 2, Push: 1, Cost: 0, CostVar: "growCost of its capacity"},
	OpSliceLen:    unOp("SliceLen", "s → len(s)", 0),
	OpSliceCap:    unOp("SliceCap", "s → cap(s)", 0),
	OpSliceIndex:  binOp("SliceIndex", "s i → s[i]   (out of range panics like Go)", psIndex),
	OpSliceStore:  {Name: "SliceStore", B: OperandSwap, Stack: "s i v → ...   (s[i] = v; with B=1 the operands are v s i)", Pop: 3, Cost: psIndexStore},
	OpAppendSlice: {Name: "AppendSlice", B: OperandElem, Stack: "s t → append(s, t...)   (B: the element's size<<1 | 1 if it holds no pointers, or ^layout for elements held in objects: slice.go: elemSpec)", Pop: 2, Push: 1, Cost: psAppend, CostVar: memmove},
	OpCopySlice: {Name: "CopySlice", B: OperandElemIfLayout, Stack: "d s → copy(d, s)   (B: ^layout for elements held in objects, copied into; else 0)",
		Pop: 2, Push: 1, Cost: psIntOp, CostVar: memmove},
	OpReslice: {Name: "Reslice", B: OperandNum, Stack: "s [lo] [hi] [max] → s[lo:hi:max]   (B: 1 lo omitted, 2 hi omitted, 4 max given; an omitted index is not pushed)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			return 1 + bit0(in.B&1) + bit0(in.B&2) + 1 - bit0(in.B&4), 1
		}, Cost: 2 * psIntOp},

	// Maps (hashmap.go).
	OpMakeMap: {Name: "MakeMap", Stack: "hint → m", Pop: 1, Push: 1, Cost: psMalloc},
	OpMapIndex: {Name: "MapIndex", A: OperandNum, B: OperandNum, Stack: "m k → v [ok]   (A: bit 0 to push ok too, bit 1 a step of an iteration (maplog.go); B: the value's struct layout, -1 plain)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return 2, 1 + boolInt32(in.A&1 != 0) }, Cost: 0, CostVar: mapSize},
	OpMapStore:  {Name: "MapStore", B: OperandSwap, Stack: "m k v → ...   (with B=1 the operands are v m k; a nil map panics)", Pop: 3, Cost: 0, CostVar: mapSize},
	OpMapDelete: {Name: "MapDelete", Stack: "m k → ...", Pop: 2, Cost: 0, CostVar: mapSize},
	OpMapLen:    unOp("MapLen", "m → len(m)", 0),
	OpMapClear:  {Name: "MapClear", Stack: "m → ...", Pop: 1, Cost: 0},
	OpMapKeys: {Name: "MapKeys", A: OperandNum, Stack: "m → a []K of the keys   (A: 1 sorted (fmt), 2 sorted as floats (MapKeysFloat), 0 from a random bucket (range))",
		Pop: 1, Push: 1, Cost: 0, CostVar: "psMalloc and psMapIter for each key"},

	// 64-bit unsigned integers (uint64, uint, uintptr): the operations
	// whose result differs from int64's.
	OpUnsigned: {Name: "Unsigned", A: OperandUnsignedOp, Stack: "a b → r for UDiv, URem, UShr, ULt, ULe, UGt, UGe (A); a → a in decimal for UFmt",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			if in.A == UFmt {
				return 1, 1
			}
			return 2, 1
		}, Cost: psIntOp, CostVar: "UDiv and URem psDiv"},

	// Floating point (float.go): a float is its float64 bits in I.
	OpFloat: {Name: "Float", A: OperandFloatOp, B: OperandF32, Stack: "a b → r or a → r   (A: FAdd… of float.go; B=1 rounds the result to float32)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			if in.A < 0 || in.A >= numFloatOps {
				return -1, -1
			}
			return floatArgs[in.A], 1
		}, Cost: psFloatOp, CostVar: "FDiv psFloatDiv, a conversion psConvert"},

	// Interface values (iface.go).
	OpMakeIface: {Name: "MakeIface", A: OperandType, Stack: "v → i   (the dynamic type is Program.Types[A]; nil stays nil only for a nil interface)", Pop: 1, Push: 1, Cost: psMakeIface},
	OpIfaceCall: {Name: "IfaceCall", A: OperandMethod, B: OperandCallSlots,
		Stack: "i args → results   (calls method Program.Strings[A] of i's dynamic type; B: CallSlots(args, results))",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			args, res := CallSlotsOf(in.B)
			return 1 + args, res
		}, Cost: psIfaceCall},
	OpIfaceEq: binOp("IfaceEq", "a b → a==b   (the same dynamic type and equal values; an uncomparable one panics)", 2*psIntOp),
	OpAssert: {Name: "Assert", A: OperandNum, B: OperandNum,
		Stack:  "i → v [ok]   (A: the target type; B: the source type<<2 | AssertOK (push ok too) or AssertTest (push only ok))",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return 1, 1 + boolInt32(in.B&3 == AssertOK) }, Cost: psAssert},
	OpRecover: {Name: "Recover", Stack: "... → v   (recover(): the panic's value, or nil where recover has no effect)", Push: 1, Cost: psIntOp},
	OpFmtAny: {Name: "FmtAny", A: OperandNum, B: OperandNum,
		Stack: "i → text; for a FmtRun* verb: format a → text   (A: depth<<21 | verb, B: flags | width (FmtAny*): fmt of the interface value at operand depth A>>21, format_dynamic.go; the String and Error methods it calls push their results above it until it completes)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			if in.A&(1<<21-1) >= FmtRunPrintf {
				return 2, 1
			}
			return 1, 1
		}, Cost: psFmt},

	// sync/atomic: one instruction, so that no preemption splits it.
	OpAtomic: {Name: "Atomic", A: OperandNum, B: OperandNum,
		Stack:  "o [args] → result   (A: AtomicLoad…, whose comment gives its args; B: 0 64-bit, 1 int32, 2 uint32, |AtomicPtr: o is a slot pointer; with AtomicValue: atomic.Value's method A, → result text)",
		Effect: atomicEffect, Cost: psAtomic},

	// Libraries computed by the VM.
	OpRand: {Name: "Rand", A: OperandRandFn, Stack: "args → r   (A: a Rand* function of rand.go)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			if in.A < 0 || in.A >= numRand {
				return -1, -1
			}
			return randArgs(in.A), 1
		}, Cost: psRand},
	OpStrings: {Name: "Strings", A: OperandNum, B: OperandNum, Stack: "args → results   (A: a Str* function of strings.go, whose comment gives them; B: the dynamic type of its errors)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			if in.A < 0 || in.A >= numStr {
				return -1, -1
			}
			return StrArgs(in.A)
		}, Cost: 0, CostVar: "strsCost: a sort's n log2 n steps, a mallocgc for a function that builds a string or slice, and the strings' bytes"},
	OpHost: {Name: "Host", A: OperandHostFn, B: OperandNum, Stack: "args → results   (A: a host function, host.go: Host(name), which gives their counts; B: its operand, whose meaning is the host function's: a type, a string, a layout…)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			sealHost()
			if in.A < 0 || int(in.A) >= len(hostTable) {
				return -1, -1
			}
			return hostTable[in.A].Pop, hostTable[in.A].Push
		}, Cost: 0, CostVar: "the host function's Cost (host.go; psHost if it has none) plus its Scale, what grows with its operands"},

	// Register form (regops.go): no operand stack; A the destination
	// slot (or a jump target), B and C the operands' slots, or C an
	// immediate.
	OpMov:       reg("Mov", OperandLocal, OperandLocal, OperandNone, "local A = local B", 0),
	OpMovI:      reg("MovI", OperandLocal, OperandNum, OperandIntLo, "local A = int64(B)<<32 | uint32(C)", 0),
	OpMovS:      reg("MovS", OperandLocal, OperandString, OperandNone, "local A = Program.Strings[B]", 0),
	OpAddR:      reg3("AddR", "+", psIntOp),
	OpSubR:      reg3("SubR", "-", psIntOp),
	OpMulR:      reg3("MulR", "*", psMul),
	OpDivR:      reg3("DivR", "/ (C == 0 panics as OpDiv)", psDiv),
	OpRemR:      reg3("RemR", "% (the same)", psDiv),
	OpAndR:      reg3("AndR", "&", psIntOp),
	OpOrR:       reg3("OrR", "|", psIntOp),
	OpXorR:      reg3("XorR", "^", psIntOp),
	OpAndNotR:   reg3("AndNotR", "&^", psIntOp),
	OpShlR:      reg3("ShlR", "<< (a negative count panics as OpShl)", psIntOp),
	OpShrR:      reg3("ShrR", ">> (the same)", psIntOp),
	OpAddI:      regI("AddI", "+", psIntOp),
	OpMulI:      regI("MulI", "*", psMul),
	OpDivI:      regI("DivI", "/ (C is not 0)", psDivConst),
	OpRemI:      regI("RemI", "% (C is not 0)", psDivConst),
	OpAndI:      regI("AndI", "&", psIntOp),
	OpOrI:       regI("OrI", "|", psIntOp),
	OpXorI:      regI("XorI", "^", psIntOp),
	OpShlI:      regI("ShlI", "<< (C ≥ 0)", psIntOp),
	OpShrI:      regI("ShrI", ">> (C ≥ 0)", psIntOp),
	OpTruncR:    reg("TruncR", OperandLocal, OperandLocal, OperandTrunc, "local A = local B wrapped to an integer of C bits (C > 0: the low C bits; C < 0: sign-extended from -C bits)", psIntOp),
	OpEqR:       reg3("EqR", "==", psIntOp),
	OpNeR:       reg3("NeR", "!=", psIntOp),
	OpLtR:       reg3("LtR", "<", psIntOp),
	OpLeR:       reg3("LeR", "<=", psIntOp),
	OpGtR:       reg3("GtR", ">", psIntOp),
	OpGeR:       reg3("GeR", ">=", psIntOp),
	OpEqI:       regI("EqI", "==", psIntOp),
	OpNeI:       regI("NeI", "!=", psIntOp),
	OpLtI:       regI("LtI", "<", psIntOp),
	OpLeI:       regI("LeI", "<=", psIntOp),
	OpGtI:       regI("GtI", ">", psIntOp),
	OpGeI:       regI("GeI", ">=", psIntOp),
	OpJEqR:      regJ("JEqR", OperandLocal, "=="),
	OpJNeR:      regJ("JNeR", OperandLocal, "!="),
	OpJLtR:      regJ("JLtR", OperandLocal, "<"),
	OpJLeR:      regJ("JLeR", OperandLocal, "<="),
	OpJGtR:      regJ("JGtR", OperandLocal, ">"),
	OpJGeR:      regJ("JGeR", OperandLocal, ">="),
	OpJEqI:      regJ("JEqI", OperandImm, "=="),
	OpJNeI:      regJ("JNeI", OperandImm, "!="),
	OpJLtI:      regJ("JLtI", OperandImm, "<"),
	OpJLeI:      regJ("JLeI", OperandImm, "<="),
	OpJGtI:      regJ("JGtI", OperandImm, ">"),
	OpJGeI:      regJ("JGeI", OperandImm, ">="),
	OpJTrue:     {Name: "JTrue", A: OperandPC, B: OperandLocal, Stack: "...   (if local B, pc = A)", Flow: FlowBranch, Cost: 0, CostVar: branch},
	OpJFalse:    {Name: "JFalse", A: OperandPC, B: OperandLocal, Stack: "...   (if !local B, pc = A)", Flow: FlowBranch, Cost: 0, CostVar: branch},
	OpFieldR:    reg("FieldR", OperandLocal, OperandLocal, OperandSlot, "local A = slot C of the object in local B (nil panics: nil dereference)", psLoad),
	OpSetFieldR: reg("SetFieldR", OperandLocal, OperandSlot, OperandLocal, "slot B of the object in local A = local C (nil panics)", psStore),
	// &x.f of a struct or array field: compiled Go adds the field's
	// offset in the addressing mode of the access that uses it (go build
	// -gcflags=-S: MOVQ 16(AX), … for b.vel.x), so it costs nothing.
	OpFieldAddrR:     reg("FieldAddrR", OperandLocal, OperandLocal, OperandSlot, "local A = the object nested at slot C of the object in local B, its address (nil panics: nil dereference)", 0),
	OpSliceIndexR:    reg("SliceIndexR", OperandLocal, OperandLocal, OperandLocal, "local A = (local B)[local C] of a slice (out of range panics like Go)", psIndex),
	OpSliceStoreR:    reg("SliceStoreR", OperandLocal, OperandLocal, OperandLocal, "(local A)[local B] = local C of a slice (out of range panics like Go)", psIndexStore),
	OpIndexObjR:      reg("IndexObjR", OperandLocal, OperandLocal, OperandLocal, "local A = slot (local C) of the array object in local B (out of range panics like Go; nil: nil dereference)", psIndex),
	OpStoreIndexObjR: reg("StoreIndexObjR", OperandLocal, OperandLocal, OperandLocal, "slot (local B) of the array object in local A = local C (the same checks)", psIndexStore),
	OpLoadBoxR:       reg("LoadBoxR", OperandLocal, OperandLocal, OperandNone, "local A = heap[local B] (local B holds a box id)", psLoad),
	OpStoreBoxR:      reg("StoreBoxR", OperandLocal, OperandLocal, OperandNone, "heap[local A] = local B (local A holds a box id)", psStore),
	OpLoadGlobR:      reg("LoadGlobR", OperandLocal, OperandGlobal, OperandNone, "local A = global B", psLoad),
	OpStoreGlobR:     reg("StoreGlobR", OperandGlobal, OperandLocal, OperandNone, "global A = local B", psStore),
	OpLoadFreeR:      reg("LoadFreeR", OperandLocal, OperandFree, OperandNone, "local A = heap[the closure's captured box B]", psLoad),
	OpStoreFreeR:     reg("StoreFreeR", OperandFree, OperandLocal, OperandNone, "heap[the closure's captured box A] = local B", psStore),

	// Scheduler operations (IsSched). The interpreter stops in front of them.
	OpGo: {Name: "Go", B: OperandArgs, Stack: "f args → ...   (starts f(args), B argument slots, in a new goroutine)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return 1 + int(in.B), 0 }, Sched: true, Cost: psSched},
	OpMakeChan: {Name: "MakeChan", A: OperandChanCap, B: OperandNum, Stack: "[cap] → ch   (A: 1 if a capacity is on the stack, else 0; B: the element's size)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return boolInt32(in.A == 1), 1 }, Sched: true, Cost: psSched},
	OpSend: sched("Send", "ch v → ...", 2, 0),
	OpRecv: {Name: "Recv", A: OperandOK, Stack: "ch → v [ok]   (A: 1 to push ok too)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) { return 1, 1 + boolInt32(in.A == 1) }, Sched: true, Cost: psSched},
	OpClose:   sched("Close", "ch → ...", 1, 0),
	OpChanLen: sched("ChanLen", "ch → len(ch)", 1, 1),
	OpChanCap: sched("ChanCap", "ch → cap(ch)", 1, 1),
	OpSelect: {Name: "Select", A: OperandSelect,
		Stack: "operands → index v ok   (A: Program.Selects index: for each case in order its channel and, for a send, the value; the chosen case's index, len(Cases) for default, and a value and an ok flag, zero but for a receive)",
		Effect: func(in Instr, p *Program, _ *Func) (int, int) {
			if p == nil || in.A < 0 || int(in.A) >= len(p.Selects) {
				return -1, 3
			}
			return p.Selects[in.A].operands(), 3
		}, Sched: true, Cost: psSched},
	OpNewWG:        sched("NewWG", "... → wg   (a fresh sync.WaitGroup)", 0, 1),
	OpWGAdd:        sched("WGAdd", "wg n → ...", 2, 0),
	OpWGWait:       sched("WGWait", "wg → ...", 1, 0),
	OpNewMutex:     sched("NewMutex", "... → mu   (a fresh sync.Mutex)", 0, 1),
	OpLock:         sched("Lock", "mu → ...", 1, 0),
	OpUnlock:       sched("Unlock", "mu → ...", 1, 0),
	OpTryLock:      sched("TryLock", "mu → ok", 1, 1),
	OpSync:         {Name: "Sync", A: OperandNum, B: OperandNum, Stack: "args → results   (A: SyncSemacquire… of sync.go, whose comment gives them; B: its operand)", Effect: syncEffect, Sched: true, Cost: psSched},
	OpSleep:        sched("Sleep", "d → ...", 1, 0),
	OpTimer:        {Name: "Timer", A: OperandTimerOp, Stack: "args → results   (A: a Timer* operation of timer.go, whose comment gives them: NewTimer, After, AfterFunc, Stop, Reset, …)", Effect: timerEffect, Sched: true, Cost: psSched},
	OpNow:          sched("Now", "... → t   (time.Now: the virtual clock as a time.Time, host_time.go: MonoTime)", 0, 1),
	OpGosched:      sched("Gosched", "...   (runtime.Gosched)", 0, 0),
	OpGOMAXPROCS:   sched("GOMAXPROCS", "n → previous   (runtime.GOMAXPROCS: procresize under stop-the-world when n > 0 changes it)", 1, 1),
	OpNumGoroutine: sched("NumGoroutine", "... → n", 0, 1),
	OpNumCPU:       sched("NumCPU", "... → n   (runtime.NumCPU: Config.NCPU)", 0, 1),
	OpPrint: {Name: "Print", A: OperandStream, B: OperandNum, Stack: "s → ...   (A: 0 stdout (fmt), 1 stderr (println; with B=1 os.Stderr.Write, as log))",
		Pop: 1, Sched: true, Cost: psSched},
	OpWork:       sched("Work", "d → ...   (sim.Work: CPU with no calls)", 1, 0),
	OpSyscall:    sched("Syscall", "d → ...   (sim.Syscall: a blocking system call)", 1, 0),
	OpDial:       sched("Dial", "d → conn   (sim.Dial: a connection whose next Read is ready after d)", 1, 1),
	OpRead:       sched("Read", "conn → ...   (Conn.Read)", 1, 0),
	OpBreakpoint: sched("Breakpoint", "...   (sim.Breakpoint)", 0, 0),
	OpExit: {Name: "Exit", A: OperandCode, Stack: "...   (the program ends with exit code A: main.main returned, os.Exit)",
		Flow: FlowEnd, Sched: true, Cost: psSched},
	OpRuntime: {Name: "Runtime", A: OperandRuntimeFn, Stack: "args → results   (A: RtGoexit, RtLockOSThread, RtUnlockOSThread, RtGC: ... → ...; RtOSExit: code → ...; RtSetGCPercent, RtSetMemoryLimit: v → old; rtops.go)",
		Effect: func(in Instr, _ *Program, _ *Func) (int, int) {
			if in.A < 0 || in.A >= numRt {
				return -1, -1
			}
			return rtStack[in.A][0], rtStack[in.A][1]
		}, Sched: true, Cost: psSched},
}

// unOp and binOp are the rows of the plain ops that pop one or two
// operands and push one result.
func unOp(name, stack string, cost int64) OpInfo {
	return OpInfo{Name: name, Stack: stack, Pop: 1, Push: 1, Cost: cost}
}

func binOp(name, stack string, cost int64) OpInfo {
	return OpInfo{Name: name, Stack: stack, Pop: 2, Push: 1, Cost: cost}
}

// reg is the row of a register-form instruction (no operand stack).
func reg(name string, a, b, c Operand, what string, cost int64) OpInfo {
	return OpInfo{Name: name, A: a, B: b, C: c, Stack: "...   (" + what + ")", Cost: cost}
}

// reg3 is the row of local A = local B op local C.
func reg3(name, op string, cost int64) OpInfo {
	return reg(name, OperandLocal, OperandLocal, OperandLocal, "local A = local B "+op+" local C", cost)
}

// regI is the row of local A = local B op C, C an immediate.
func regI(name, op string, cost int64) OpInfo {
	return reg(name, OperandLocal, OperandLocal, OperandImm, "local A = local B "+op+" C", cost)
}

// regJ is the row of a jump to A if local B op C (c the kind of C: a
// local or an immediate).
func regJ(name string, c Operand, op string) OpInfo {
	what := "local C"
	if c == OperandImm {
		what = "C"
	}
	return OpInfo{Name: name, A: OperandPC, B: OperandLocal, C: c, Stack: "...   (if local B " + op + " " + what + ", pc = A)", Flow: FlowBranch, Cost: psIntOp, CostVar: branch}
}

// sched is the row of a scheduler op with no operand in A or B and a
// fixed effect.
func sched(name, stack string, pop, push int8) OpInfo {
	return OpInfo{Name: name, Stack: stack, Pop: pop, Push: push, Sched: true, Cost: psSched}
}

// bit0 is 1 if the flag x is clear: an operand the flag omits is not
// pushed.
func bit0(x int32) int {
	if x == 0 {
		return 1
	}
	return 0
}

func boolInt32(b bool) int {
	if b {
		return 1
	}
	return 0
}

// CallSlots is OpCallClosure's and OpIfaceCall's B: the argument slots
// the call pops (besides the func or interface value) and the result
// slots it pushes. Each must be below MaxCallSlots.
func CallSlots(args, results int) int32 { return int32(args | results<<16) }

// CallSlotsOf splits OpCallClosure's or OpIfaceCall's B.
func CallSlotsOf(b int32) (args, results int) { return int(b & 0xffff), int(b >> 16 & 0x7fff) }

// MaxCallSlots bounds the argument and the result slots of one call
// through a func or an interface value (CallSlots).
const MaxCallSlots = 1 << 15

// operands is how many operands a select with these cases pops.
func (s *SelectInfo) operands() int {
	k := 0
	for _, c := range s.Cases {
		k++
		if c.Send {
			k++
		}
	}
	return k
}

// floatArgs is how many operands each OpFloat operation pops.
var floatArgs = [numFloatOps]int{FAdd: 2, FSub: 2, FMul: 2, FDiv: 2, FNeg: 1, FEq: 2, FNe: 2, FLt: 2, FLe: 2, FGt: 2, FGe: 2,
	FFromInt: 1, FFromUint: 1, FToInt: 1, FToInt32: 1, FToUint: 1, FRound: 1, FMin: 2, FMax: 2}

// atomicArgs is how many operands each OpAtomic operation pops, o
// included.
var atomicArgs = [...]int{AtomicLoad: 1, AtomicStore: 2, AtomicAdd: 2, AtomicSwap: 2, AtomicCAS: 3, AtomicAnd: 2, AtomicOr: 2}

func atomicEffect(in Instr, _ *Program, _ *Func) (int, int) {
	if in.A < 0 || int(in.A) >= len(atomicArgs) {
		return -1, -1
	}
	if in.B&AtomicValue != 0 {
		switch in.A {
		case AtomicLoad, AtomicStore, AtomicSwap, AtomicCAS:
			return atomicArgs[in.A], 2
		}
		return -1, -1
	}
	if in.A == AtomicStore {
		return 2, 0
	}
	return atomicArgs[in.A], 1
}

// syncArgs and timerArgs are the operands and results of OpSync's and
// OpTimer's operations, as their comments in sync.go and timer.go give
// them.
var syncArgs = [...][2]int{SyncSemacquire: {1, 0}, SyncSemrelease: {1, 0}, SyncFatal: {1, 0}, SyncNotifyListAdd: {1, 1},
	SyncNotifyListWait: {2, 0}, SyncNotifyOne: {1, 0}, SyncNotifyAll: {1, 0}}

var timerArgs = [...][2]int{TimerNewTimer: {1, 2}, TimerNewTicker: {1, 2}, TimerTick: {1, 1}, TimerAfter: {1, 1},
	TimerAfterFunc: {2, 1}, TimerStop: {1, 1}, TimerReset: {2, 1}, TickerStop: {1, 0}, TickerReset: {2, 0}}

func syncEffect(in Instr, _ *Program, _ *Func) (int, int) {
	if in.A < 0 || int(in.A) >= len(syncArgs) {
		return -1, -1
	}
	return syncArgs[in.A][0], syncArgs[in.A][1]
}

func timerEffect(in Instr, _ *Program, _ *Func) (int, int) {
	if in.A < 0 || int(in.A) >= len(timerArgs) {
		return -1, -1
	}
	return timerArgs[in.A][0], timerArgs[in.A][1]
}
