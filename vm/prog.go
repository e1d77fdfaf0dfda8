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

// Op is an instruction's operation. The comment of each op gives its operands
// (A, B) and its effect on the operand stack, top of stack on the right.
type Op uint8

const (
	OpNop Op = iota

	// Constants and variables.
	OpInt       // A,B: push int64(A)<<32 | uint32(B)      ... → v
	OpStr       // A: push Program.Strings[A]              ... → s
	OpLoad      // A: push local A                          ... → v
	OpStore     // A: local A = pop                         v → ...
	OpLoadBox   // A: push heap[local A]  (local A holds a box id)
	OpStoreBox  // A: heap[local A] = pop
	OpNewBox    // A: local A = new box initialised with pop       v → ...
	OpLoadFree  // A: push heap[closure's captured box A]
	OpStoreFree // A: heap[closure's captured box A] = pop
	OpFreeRef   // A: push the box id of captured box A (to capture it again)
	OpLocalRef  // A: push the box id held in local A (to capture it)
	OpLoadGlob  // A: push global A
	OpStoreGlob // A: global A = pop
	OpPop       // v → ...
	OpDup       // v → v v

	// Integer arithmetic (int64, wrapping like Go's int on 64-bit).
	OpAdd    // a b → a+b
	OpSub    // a b → a-b
	OpMul    // a b → a*b
	OpDiv    // a b → a/b   (b == 0 panics: "runtime error: integer divide by zero")
	OpRem    // a b → a%b   (same)
	OpNeg    // a → -a
	OpAnd    // a b → a&b
	OpOr     // a b → a|b
	OpXor    // a b → a^b
	OpAndNot // a b → a&^b
	OpShl    // a b → a<<b  (b < 0 panics: "runtime error: negative shift amount")
	OpShr    // a b → a>>b  (same)
	OpNot    // bool a → !a
	OpEq     // a b → a==b  (ints, bools, channels, ids)
	OpNe     // a b → a!=b
	OpLt     // a b → a<b
	OpLe     // a b → a<=b
	OpGt     // a b → a>b
	OpGe     // a b → a>=b

	// Strings.
	OpConcat // s t → s+t
	OpSEq    // s t → s==t
	OpSNe    // s t → s!=t
	OpSLt    // s t → s<t
	OpSLe    // s t → s<=t
	OpSGt    // s t → s>t
	OpSGe    // s t → s>=t
	OpSLen   // s → len(s)
	OpIndex  // s i → s[i] as int (byte); out of range panics like Go
	OpSlice  // s i j → s[i:j]; B&1: i omitted (0), B&2: j omitted (len); an omitted index is not pushed

	// Formatting (for fmt and println; the compiler lowers Printf into these).
	OpFmtInt  // a → decimal string
	OpFmtBool // a → "true"/"false"
	OpFmtDur  // a → time.Duration(a).String()
	OpFmtQ    // s → strconv.Quote(s)
	OpFmtPad  // A: width, B: flags (1 left-justify, 2 zero-pad, 4 zeros after a leading sign: a number); s → padded s

	// Control.
	OpJump        // A: pc = A
	OpJumpIf      // A: if pop { pc = A }
	OpJumpIfNot   // A: if !pop { pc = A }
	OpCall        // A: function index, B: argument slots.   args → results
	OpCallClosure // B: argument slots.                     f args → results
	OpClosure     // A: function index, B: captured boxes.  boxids → f
	OpFuncVal     // A: function index: a func value with no captures → f
	OpReturn      // return from the current function; the callee's results are the top NResults slots
	OpDefer       // B: argument slots: record f(args) to run when the function returns   f args → ...; with A=1 (runtime.deferprocat): tok f args → ..., for the frame of token tok (OpDeferRange)
	OpPanic       // s → (the G panics with message s); with B=1: v s → (v, an interface value, is what recover returns)
	OpRunDefers   // run the frame's deferred calls now, LIFO, as OpReturn would, then go on (lang: a function with named results and defers reads its results after them)
	OpDeferRange  // → tok (runtime.deferrangefunc: the current frame's token, under which OpDefer with A=1 registers a range-over-func body's deferred calls)

	// Objects (object.go): a struct's storage, named by its id (objTag).
	OpNewObj    // A: slots.                   → o  (zeroed slots)
	OpField     // A: slot.               o → o.A   (o nil panics: nil dereference)
	OpSetField  // A: slot.             o v → ...   (o.A = v; with B=1 the operands are v o)
	OpObjCopy   // A: Program.Layouts index. o → a new object with o's contents (nested structs copied too)
	OpObjAssign // A: layout.           d s → ...   (d's contents = s's, nested structs too; with B=1: s d)
	OpObjEq     // A: layout.           a b → a==b  (field by field, as Go compares structs)

	// Pointers to anything but structs and arrays (pointer.go).
	OpDeref      // p → *p   (p nil panics: nil dereference)
	OpStoreDeref // p v → ...   (*p = v; with B=1 the operands are v p)
	OpElemRef    // A: slot.   o → &o.A;  with B=1: o i → &o[i] (i out of range panics like Go)
	OpSliceRef   // s i → &s[i]   (out of range panics like Go)

	// Arrays (array.go): objects of one slot per element.
	OpZeroObj       // A: layout.   → a new zero object (nested arrays and structs too)
	OpIndexObj      // o i → o[i]   (out of range panics like Go; o nil: nil dereference)
	OpStoreIndexObj // o i v → ...   (o[i] = v; with B=1 the operands are v o i)
	OpArraySlice    // o → o[:]   (a slice over the whole array, sharing it)
	OpKeyOf         // A: layout.   o → the map key of array or struct o (its contents)
	OpKeyObj        // A: layout.   k → a new object with the contents of map key k
	OpSliceToArray  // A: the array's layout.   s → [N]T(s), a copy (a shorter s panics like Go)

	// Slices (slice.go).
	OpMakeSlice   // A: element layout (-1: plain).   n c → s
	OpSliceLen    // s → len(s)
	OpSliceCap    // s → cap(s)
	OpSliceIndex  // s i → s[i]   (out of range panics like Go)
	OpSliceStore  // s i v → ...  (s[i] = v; with B=1 the operands are v s i)
	OpAppend      // A: values, B: element size<<1 | 1 if it holds no pointers, or ^layout for elements held in objects (slice.go: elemSpec).   s v… → s'
	OpAppendSlice // B: as OpAppend.   s t → append(s, t...)
	OpCopySlice   // B: ^layout for elements held in objects (copied into), else 0.   d s → copy(d, s)
	OpReslice     // B: 1 lo omitted, 2 hi omitted, 4 max given.   s [lo] [hi] [max] → s[lo:hi:max]

	// Maps (hashmap.go).
	OpMakeMap   // hint → m
	OpMapIndex  // A: 1 to push ok too; B: the value's struct layout (-1: plain).   m k → v [ok]
	OpMapStore  // m k v → ...   (with B=1 the operands are v m k; a nil map panics)
	OpMapDelete // m k → ...
	OpMapLen    // m → len(m)
	OpMapClear  // m → ...
	OpMapKeys   // A: 1 sorted (fmt), 2 sorted as floats (MapKeysFloat), 0 from a random bucket (range).   m → a []K of the keys

	// 64-bit unsigned integers (uint64, uint, uintptr): the operations
	// whose result differs from int64's.
	OpUnsigned // A: UDiv, URem, UShr, ULt, ULe, UGt, UGe (a b → r) or UFmt (a → decimal string)

	// Floating point (float.go): a float is its float64 bits in I.
	OpFloat // A: FAdd… (float.go); B: 1 to round the result to float32.   operands → r

	// Interface values (iface.go).
	OpMakeIface // A: Program.Types index.   v → i  (nil stays nil only for a nil interface)
	OpIfaceCall // A: the method's name (Program.Strings), B: argument slots.   i args → results
	OpIfaceEq   // a b → a==b (same dynamic type and equal values; an uncomparable one panics)
	OpAssert    // A: target type, B: source type<<2 | AssertOK (push ok too) or AssertTest (push only ok).   i → v [ok]
	OpRecover   // → v  (recover(): the panic's value, or nil where recover has no effect)
	OpFmtAny    // A: depth<<21 | verb, B: flags | width (FmtAny*).   i → text  (fmt of an interface value at operand depth A>>21, see format_dynamic.go)

	// sync/atomic: one instruction, so that no preemption splits it.
	OpAtomic // A: AtomicLoad… (below); B: 0 64-bit, 1 int32, 2 uint32, |AtomicPtr: o is a slot pointer.   o [args] → result (none for Store)

	// Libraries computed by the VM.
	OpRand    // A: a Rand* function of rand.go; its operands → its result
	OpStrings // A: a Str* function of strings.go, B: the dynamic type of its errors; its operands → its results
	OpHost    // A: a host function (host.go, Host(name)), B: its type operand; its operands → its results

	// Scheduler operations (IsSched). The interpreter stops in front of them.
	OpGo           // B: argument slots: start f(args) in a new goroutine.     f args → ...
	OpMakeChan     // A: 1 if a capacity is on the stack (else 0); B: the element's size. [cap] → ch
	OpSend         // ch v → ...
	OpRecv         // A: 1 to also push ok.                                    ch → v [ok]
	OpClose        // ch → ...
	OpChanLen      // ch → len
	OpChanCap      // ch → cap
	OpSelect       // A: Program.Selects index (see SelectInfo).               operands → index [v ok]
	OpNewWG        // → wg          (a fresh sync.WaitGroup)
	OpWGAdd        // wg n → ...
	OpWGWait       // wg → ...
	OpNewMutex     // → mu          (a fresh sync.Mutex)
	OpLock         // mu → ...
	OpUnlock       // mu → ...
	OpTryLock      // mu → ok
	OpSync         // A: SyncSemacquire… (sync.go), B: its operand.  operands → results
	OpSleep        // d → ...
	OpTimer        // A: a Timer* operation of package runtime (timer_chan.go): NewTimer, After, AfterFunc, Stop, Reset, …
	OpNow          // → t           (time.Now: the virtual clock as a time.Time, host_time.go: MonoTime)
	OpGosched      // ...           (runtime.Gosched)
	OpGOMAXPROCS   // n → previous  (runtime.GOMAXPROCS: procresize under stop-the-world when n > 0 changes it)
	OpNumGoroutine // → n
	OpNumCPU       // → n           (runtime.NumCPU: Config.NCPU)
	OpPrint        // A: 0 stdout (fmt), 1 stderr (println; with B=1 os.Stderr.Write, as log).  s → ...
	OpWork         // d → ...       (sim.Work: CPU with no calls)
	OpSyscall      // d → ...       (sim.Syscall: a blocking system call)
	OpDial         // d → conn      (sim.Dial: a connection whose next Read is ready after d)
	OpRead         // conn → ...    (Conn.Read)
	OpBreakpoint   // ...           (sim.Breakpoint)
	OpExit         // A: exit code: the program ends (returned from main.main, os.Exit)
	OpRuntime      // A: RtGoexit, RtLockOSThread, RtUnlockOSThread (...), RtOSExit (code → ...): rtops.go

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

// IsSched reports whether op is performed by the scheduler, not the interpreter.
func (op Op) IsSched() bool { return op >= OpGo && op < numOps }

// Instr is one instruction.
type Instr struct {
	Op   Op
	A, B int32
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
// growslice needs for a slice of such elements (OpAppend's B < 0).
type Layout struct {
	Nested []int32
	Size   uint64
	NoScan bool
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
