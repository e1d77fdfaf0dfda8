package vm

// The program form.
//
// A scenario (a Go package main in the supported subset) is compiled by the
// front end (package lang) into a Program: a table of functions, each a slice
// of instructions for a small stack machine. The machine's whole state (frames,
// program counters, locals, operands) is plain data inside each G, so that a
// snapshot of the simulated runtime is a copy of slices and a resumed snapshot
// runs exactly as the run that never stopped.
//
// Two kinds of instruction exist:
//
//   - computation (arithmetic, locals, jumps, calls within the G): executed by
//     the interpreter (interp.go), which charges CostInstr virtual nanoseconds
//     per instruction and never touches scheduler state;
//   - scheduler operations (Op.IsSched reports them: go, channel operations,
//     select, sync, time, sim.*, print, exit of the G): the interpreter stops
//     in front of them with the G's pc pointing at the instruction, and the
//     scheduler (intrinsics.go) performs them, because they may park the G,
//     ready another or touch shared state at a point in virtual time.
//
// Why a stack machine and not a tree walker or host closures: closures and host
// goroutines cannot be copied or compared, and a tree walker's position is a
// host call stack. A pc and an operand stack are two integers and a slice.

// Value is one slot of the machine: a local, an operand or a channel buffer
// element. Every Go type of the subset maps onto it:
//
//	int, time.Duration, time.Time (host_time.go)  I
//	bool                                        I (0 or 1)
//	float64, float32                            I (math.Float64bits; float.go)
//	string                                      S
//	chan T                                      I (channel id, 0 is nil)
//	*sync.WaitGroup, *sync.Mutex                I (object id)
//	sim.Conn                                    I (connection id)
//	func value                                  I (closure id, 0 is nil; see refTag)
//	pointer to a non-struct                     I (box or element id, 0 is nil; pointer.go)
//
// Static types are known to the compiler, so a Value carries no kind.
type Value struct {
	I int64
	S string
}

// A func value's or a box's id carries a tag in its high bits (refTag), so
// that the collector (mgc.go) tells them from integers: cloTag | index into
// the closures, boxTag | index into the boxes. 0 is the nil func value.
// Only the collector and the instructions that make and follow them look
// at the tags.
const (
	refTag  = 48
	refMask = 1<<refTag - 1
	cloTag  = 1 << refTag
	boxTag  = 2 << refTag
	objTag  = 3 << refTag
)

// FuncIndex is the index of the closure a func value names (0 for nil).
func FuncIndex(v Value) int32 { return int32(v.I & refMask) }

// Op is an instruction's operation. Each is declared once, as a row of
// the op table (ops.go: its name, what A and B mean, its effect on the
// operand stack, whether the scheduler performs it, its cost); the
// constants below only name the rows, in groups.
type Op uint8

const (
	// OpNop does nothing. No front end emits it: it is the zero Instr,
	// and the tests put it in place of an instruction to break a program
	// without moving its pcs.
	OpNop Op = iota

	// Constants and variables.
	OpInt
	OpStr
	OpLoad
	OpStore
	OpLoadBox
	OpStoreBox
	OpNewBox
	OpLoadFree
	OpStoreFree
	OpFreeRef
	OpLocalRef
	OpLoadGlob
	OpStoreGlob
	OpPop
	OpDup

	// Integer arithmetic (int64, wrapping like Go's int on 64-bit).
	OpAdd
	OpSub
	OpMul
	OpDiv
	OpRem
	OpNeg
	OpAnd
	OpOr
	OpXor
	OpAndNot
	OpShl
	OpShr
	OpNot
	OpEq
	OpNe
	OpLt
	OpLe
	OpGt
	OpGe

	// Strings.
	OpConcat
	OpSEq
	OpSNe
	OpSLt
	OpSLe
	OpSGt
	OpSGe
	OpSLen
	OpIndex
	OpSlice

	// Formatting (for fmt and println).
	OpFmtInt
	OpFmtBool
	OpFmtDur

	// Control.
	OpJump
	OpJumpIf
	OpJumpIfNot
	OpCall
	OpCallClosure
	OpClosure
	OpFuncVal
	OpReturn
	OpDefer
	OpPanic
	OpRunDefers
	OpDeferRange

	// Objects (object.go): a struct's storage, named by its id (objTag).
	OpNewObj
	OpField
	OpSetField
	OpObjCopy
	OpObjAssign
	OpObjMove
	OpObjEq
	OpNewobject

	// Pointers to anything but structs and arrays (pointer.go).
	OpDeref
	OpStoreDeref
	OpElemRef
	OpSliceRef

	// Arrays (array.go): objects of one slot per element.
	OpZeroObj
	OpIndexObj
	OpStoreIndexObj
	OpArraySlice
	OpKeyOf
	OpKeyObj
	OpSliceToArray

	// Slices (slice.go).
	OpMakeSlice
	OpSliceLen
	OpSliceCap
	OpSliceIndex
	OpSliceStore
	OpAppendSlice
	OpCopySlice
	OpReslice

	// Maps (hashmap.go).
	OpMakeMap
	OpMapIndex
	OpMapStore
	OpMapDelete
	OpMapLen
	OpMapClear
	OpMapKeys

	// 64-bit unsigned integers: the operations whose result differs from
	// int64's.
	OpUnsigned

	// Floating point (float.go).
	OpFloat

	// Interface values (iface.go).
	OpMakeIface
	OpIfaceCall
	OpIfaceEq
	OpAssert
	OpRecover
	OpFmtAny

	// sync/atomic.
	OpAtomic

	// Libraries computed by the VM.
	OpRand
	OpStrings
	OpHost

	// Register form (regops.go): three-address instructions on the
	// frame's slots, A the destination (or a jump target), B and C the
	// operands (slots, or C an immediate), no operand stack.
	OpMov
	OpMovI
	OpMovS
	OpAddR
	OpSubR
	OpMulR
	OpDivR
	OpRemR
	OpAndR
	OpOrR
	OpXorR
	OpAndNotR
	OpShlR
	OpShrR
	OpAddI
	OpMulI
	OpDivI
	OpRemI
	OpAndI
	OpOrI
	OpXorI
	OpShlI
	OpShrI
	OpTruncR
	OpEqR
	OpNeR
	OpLtR
	OpLeR
	OpGtR
	OpGeR
	OpEqI
	OpNeI
	OpLtI
	OpLeI
	OpGtI
	OpGeI
	OpJEqR
	OpJNeR
	OpJLtR
	OpJLeR
	OpJGtR
	OpJGeR
	OpJEqI
	OpJNeI
	OpJLtI
	OpJLeI
	OpJGtI
	OpJGeI
	OpJTrue
	OpJFalse
	OpFieldR
	OpSetFieldR
	OpFieldAddrR
	OpSliceIndexR
	OpSliceStoreR
	OpIndexObjR
	OpStoreIndexObjR
	OpLoadBoxR
	OpStoreBoxR
	OpLoadGlobR
	OpStoreGlobR
	OpLoadFreeR
	OpStoreFreeR

	// Scheduler operations (their rows' Sched: Op.IsSched).
	OpGo
	OpMakeChan
	OpSend
	OpRecv
	OpClose
	OpChanLen
	OpChanCap
	OpSelect
	OpNewWG
	OpWGAdd
	OpWGWait
	OpNewMutex
	OpLock
	OpUnlock
	OpTryLock
	OpSync
	OpSleep
	OpTimer
	OpNow
	OpGosched
	OpGOMAXPROCS
	OpNumGoroutine
	OpNumCPU
	OpPrint
	OpWork
	OpSyscall
	OpDial
	OpRead
	OpBreakpoint
	OpExit
	OpRuntime

	numOps
)

// The operations of OpAtomic (A), on slot 0 of object o (or, with B's
// AtomicPtr bit, on the slot pointer o names: atomic.AddInt64(&x, 1)).
const (
	AtomicLoad  = iota // o → v
	AtomicStore        // o v → ...
	AtomicAdd          // o d → new
	AtomicSwap         // o new → old
	AtomicCAS          // o old new → swapped
	AtomicAnd          // o mask → old
	AtomicOr           // o mask → old

	AtomicPtr = 4 // B's bit: o is a pointer to any slot (vm/pointer.go)
)

// The operations of OpUnsigned (A).
const (
	UDiv = iota
	URem
	UShr
	ULt
	ULe
	UGt
	UGe
	UFmt
)

// Instr is one instruction: its op and up to three operands (C only in
// the register form, regops.go).
type Instr struct {
	Op      Op
	A, B, C int32
}

// Pos is a source position: file index into Program.Files, line and column.
type Pos struct {
	File      int32
	Line, Col int32
}

// Func is a compiled function.
//
// Frame layout in the G's value stack: locals [0, NParams) are the arguments,
// [NParams, NLocals) the other locals and temporaries, then the operands. A
// closure's captured boxes are reached through OpLoadFree/OpStoreFree.
type Func struct {
	Name     string // "main.main", "main.worker", "main.main.func1"
	NParams  int    // argument slots
	NResults int    // result slots
	NLocals  int    // all local slots, including the parameters
	MaxStack int    // the deepest operand stack the code reaches
	Code     []Instr
	Pos      []Pos // Pos[i] is the source position of Code[i]
	Decl     Pos   // where the function is declared

	// Recover is 1 + the pc where the function goes on after a deferred
	// call of its own recovered a panic (its deferred calls still to run,
	// then its return with its named results, or zero ones); 0: none.
	Recover int32

	// FrameSize is the function's stack frame in bytes on the simulated
	// amd64 stack (8 bytes a slot, 16 for a string, plus the return address
	// and saved BP); the prologue checks it against stackguard0.
	FrameSize int
	// NoSplit: a leaf with a frame under StackSmall has no prologue check, as
	// on amd64 (cmd/internal/obj/x86/obj6.go: stacksplit), so it is not a
	// cooperative preemption point and never grows the stack.
	NoSplit bool

	// Inl is the node of Program.Inl that the function's own frames run
	// in (0: none of its calls is inlined).
	Inl int32

	// InlTree and InlIndex are the bodies the code generator spliced
	// into the function's code (lang/ssagen/splice.go), as the real
	// compiler's funcdata has them (cmd/internal/obj: InlTree,
	// FUNCDATA_InlTree; runtime/symtabinl.go: inlinedCall): InlIndex[pc]
	// is the entry of InlTree whose body Code[pc] belongs to, -1 the
	// function's own (PCDATA_InlTreeIndex). nil: nothing spliced.
	InlTree  []InlinedCall
	InlIndex []int32
}

// InlinedCall is a body spliced into a function's code, an entry of its
// InlTree (runtime/symtabinl.go: inlinedCall).
type InlinedCall struct {
	Fn       int32 // the function whose body it is
	Parent   int32 // the entry of the body the call is in, -1 the function's own
	ParentPC int32 // an instruction at the call (its position is the call's)
}

// InlNode is a node of an inlining tree (lang/inline): a function's body
// as compiled in one context, the root of the tree (the function compiled
// on its own) or a body inlined into it. Calls are the call instructions
// of the body that the compiler inlines in this context, each with the
// node of the body inlined: such a call has no prologue (no stack check,
// so no cooperative preemption point), and the callee's frame adds
// nothing to the stack, the root's FrameSize counting it. A frame records
// its node, so that the same instruction can be inlined at one depth and
// not at another (a recursive function is inlined into itself once).
type InlNode struct {
	Fn    int32     // the function whose body this is
	Calls []InlCall // by PC
}

// InlCall is an inlined call instruction of a node's function.
type InlCall struct {
	PC   int32
	Node int32
}

// inlFn is the function of node inl.
func (p *Program) inlFn(inl int32) int32 { return p.Inl[inl].Fn }

// inlined is the node of the body a call at pc inlines in a frame of node
// inl (a frame's inl: > 0 a root, < 0 an inlined body), or 0 when the call
// is a real call.
func (p *Program) inlined(inl int32, pc int) int32 {
	if inl < 0 {
		inl = -inl
	}
	if inl == 0 {
		return 0
	}
	for _, c := range p.Inl[inl].Calls {
		if c.PC == int32(pc) {
			return c.Node
		}
	}
	return 0
}

// SelectInfo describes one select statement. At run time the operand stack
// holds, for each case in order, the channel and (for a send) the value.
// OpSelect pushes the index of the chosen case (len(Cases) for default) and,
// always, a value and an ok flag (zero for non-receive cases) so that the code
// after it has one shape.
type SelectInfo struct {
	Cases      []SelectCase
	HasDefault bool
}

// SelectCase is one case of a select.
type SelectCase struct {
	Send bool // else receive
}

// Layout describes a struct's or an array's slots for the operations that copy and
// compare whole structs: Nested[i] is the Layouts index of slot i when it
// holds a nested struct (a struct-typed field, stored as an object of its
// own), or -1 when it holds a plain value. Size is the value's size in
// bytes on amd64 and NoScan reports that it holds no pointers: what
// growslice needs for a slice of such elements (OpAppendSlice's B < 0).
type Layout struct {
	Nested []int32
	Size   uint64
	NoScan bool
	// Regs: the compiler keeps a value of this type in registers
	// (cmd/compile/internal/ssa: CanSSA, a struct of at most 4 fields
	// that can be, of at most 4 words; an array of at most one element):
	// a copy of it costs nothing of its own (vm/cost.go).
	Regs bool
}

// LayoutIface in Layout.Nested marks a slot that holds an interface
// value, which == compares by its dynamic type and value.
const LayoutIface = -2

// LayoutFloat in Layout.Nested marks a slot holding a float: OpObjEq
// compares it as a float (NaN unequal to itself, -0 equal to +0).
const LayoutFloat = -3

// TypeInfo is a type at run time: a dynamic type an interface value can
// hold (its name as %T prints it, its kind and parts for fmt and ==, its
// methods), or an interface type a type assertion names (Iface: Methods
// are the ones it requires, Fn -1).
type TypeInfo struct {
	Name    string
	Methods []Method
	// ErrorString: the type is errors.New's *errors.errorString (or a
	// runtime error: Runtime), whose Error method returns the string it
	// holds (no code of its own).
	ErrorString bool
	Runtime     bool

	Kind       Kind
	Bits       int8  // integers: 8, 16, 32, 64
	Named      bool  // a defined type: panic prints Name(v) (printanycustomtype)
	Comparable bool  // == on it is defined (else it panics in an interface)
	Iface      bool  // an interface type (assertion targets)
	Pointer    bool  // a pointer type (Elem is what it points to)
	Elem       int32 // slice, array, map, chan, pointer: the element's type (-1: none)
	Len        int   // array: its length
	Key        int32 // map: the key's type
	Layout     int32 // struct, array: Program.Layouts index (-1: none)
	Fields     []Field
}

// Kind is what a Value of a type holds.
type Kind uint8

// The kinds of TypeInfo.
const (
	KindOther Kind = iota
	KindInt
	KindUint
	KindBool
	KindString
	KindFloat // float64 bits in I (float32 too, rounded: see shared facts)
	KindDuration
	KindStruct // an object id (object.go)
	KindPtr    // a pointer to a struct: the object id, 0 nil
	KindSlice
	KindMap
	KindChan
	KindFunc
	KindIface
	KindArray // an object id: its elements are its slots (array.go)
)

// Field is one field of a struct type.
type Field struct {
	Name     string
	Type     int32
	Exported bool
}

// Method is one method of a dynamic type: its name (Program.Strings), the
// function, for a value receiver of struct type the layout to copy the
// receiver with (-1: pass it as it is), and its signature
// (Program.Strings, "func() string"), which an assertion to an interface
// compares.
type Method struct {
	Name int32
	Fn   int32
	Copy int32
	Sig  int32
}

// The mode bits of OpAssert's B.
const (
	AssertOK   = 1
	AssertTest = 2
)

// Program is a compiled scenario.
type Program struct {
	Files   []string // file names as given to the front end
	Sources [][]byte // their text, for `list` in the debugger
	Funcs   []Func
	Strings []string
	Selects []SelectInfo
	Layouts []Layout   // struct layouts for OpObjCopy, OpObjAssign, OpObjEq
	Types   []TypeInfo // dynamic types of interface values
	Inl     []InlNode  // the inlining trees' nodes (Inl[0] is unused): see InlNode
	Globals int        // number of package-level variable slots
	Init    int        // index of the function that initialises globals (-1 if none)
	Main    int        // index of main.main
	// InitsOS: the program imports a package that initialises os (fmt,
	// sim), so the runtime's finalizer goroutine exists when main.main
	// starts (os.NewFile calls SetFinalizer, which runs createfing).
	InitsOS bool
}

// PosString formats a position as file:line:col.
func (p *Program) PosString(pos Pos) string {
	name := "?"
	if int(pos.File) < len(p.Files) {
		name = p.Files[pos.File]
	}
	return name + ":" + itoa(int64(pos.Line)) + ":" + itoa(int64(pos.Col))
}

func itoa(v int64) string {
	if v == 0 {
		return "0"
	}
	neg := v < 0
	u := uint64(v)
	if neg {
		u = uint64(-v)
	}
	var b [20]byte
	i := len(b)
	for u > 0 {
		i--
		b[i] = byte('0' + u%10)
		u /= 10
	}
	if neg {
		i--
		b[i] = '-'
	}
	return string(b[i:])
}

// Itoa formats v in decimal (strconv.FormatInt without the import, for
// the runtime's event lines).
func Itoa(v int64) string { return itoa(v) }

// FileName is the name of pos's file ("?" if unknown).
func (p *Program) FileName(pos Pos) string {
	if int(pos.File) < len(p.Files) {
		return p.Files[pos.File]
	}
	return "?"
}
