package vm

import "slices"

// The boundary between the scheduler and the VM.
//
// The real runtime never interprets instructions: a CPU runs a G's code
// until it calls into the runtime, fails a prologue check or takes a signal.
// The VM plays the CPU's part for scenario code. The scheduler (package
// runtime) keeps, for every G, a Thread (the G's frames, locals, operands,
// deferred calls and panic, the state a real G keeps on its stack) and asks
// the Machine to Run it for a budget of instructions; Run answers with the
// number of instructions it ran and why it stopped (Stop). Everything the
// scheduler does to a G's code goes through the Thread's methods below
// and the Machine's: taking a scheduler op's operands (Machine.Operands,
// sched_operands.go) and pushing its results, advancing the
// pc past the op, starting the G on a function, reading its frames for a
// traceback. The VM never sees a P, an M, a queue or the clock.
//
// The stack words (the stack's size, the bytes in use and stackguard0) are
// scheduler state that the code reads and writes as a CPU reads SP and
// g.stackguard0: the scheduler loads them into the Thread before Run
// (SetStack) and reads back the bytes in use after it (StackUsed), as a
// context switch loads and saves the registers.

// g is the interpreter's name for the Thread it runs.
type g = Thread

// Thread is the state of one G's Go code.
type Thread struct {
	frames      []frame // the window: the top frames (see stackdeep.go)
	vals        []Value // locals and operands of the window's frames, bottom first
	defers      []deferRec
	panicMsg    string // set when the G panics
	panicPos    Pos
	entryClo    int32 // closure the G was started with (go f(args): args are in vals until it starts)
	started     bool  // the entry call has been made
	morestackFn int32 // set with stopMorestack: the callee whose prologue check failed
	panicking   bool  // unwinding: deferred calls are running for panicMsg
	panicVal    int64 // the panic's value (an interface value; 0: a run-time error's, made by recover)
	recovered   bool  // recover() returned the panic's value (panic.go)
	panicStr    bool  // the panic's value is the string panicMsg (Raise), not a runtime.Error
	raise       bool  // Raise: the panic starts unwinding when the G next runs
	goexit      uint8 // runtime.Goexit: goexitStart, goexitUnwinding (rtops.go)
	// inCall: the G is inside the scheduler call its top frame made (a
	// park, a sleep, a syscall, a print…): that frame's pc is the return
	// address, one past the call, as in the runtime, and its line is the
	// call's (pc-1), as Go's traceback shows it. Advance sets it; Run
	// clears it.
	inCall bool

	// The stack words, loaded by SetStack (see above).
	stackSize   int64
	stackUsed   int64
	stackguard0 uint64

	// The frames below the window, in compact form (stackdeep.go).
	deep        []*deepChunk
	deepN       int32      // frames in deep
	cacheChunk  *deepChunk // the chunk decoded in cacheFrames
	cacheFrames []frame    // for deepFrame
	scratch     []byte     // spill's encoding buffer
}

// frame is one activation record of the stack machine.
type frame struct {
	fn   int32 // index into Program.Funcs
	pc   int32 // next instruction
	base int32 // index in g.vals of local 0 (in a deepChunk: from the chunk's first value)
	clo  int32 // closure id of the running func value (0 for a direct call)
	inl  int32 // its InlNode: > 0 a root (Func.Inl), < 0 a body inlined into its caller's frame, 0 none
}

// inlinedFrame reports whether the frame is a body the compiler inlined
// into its caller: it has no frame of its own on the real stack.
func (fr *frame) inlinedFrame() bool { return fr.inl < 0 }

// deferRec is a deferred call: closure clo called with args when the frame at
// depth returns (or the G panics).
type deferRec struct {
	depth int32
	frame int32 // the depth of the frame that registered it (recovery returns from it)
	clo   int32
	args  []Value
}

// Stop says why Run returned.
type Stop = execStop

// The reasons Run stops (see execStop).
const (
	StopBudget    = stopBudget
	StopSched     = stopSched
	StopExit      = stopExit
	StopMorestack = stopMorestack
	StopPanic     = stopPanic
	StopAlloc     = stopAlloc
)

// stackSmall is abi.StackSmall: a frame this small needs only SP compared
// with stackguard0 in its prologue (obj6.go: stacksplit).
const stackSmall = 128

// Reset makes t start f(args) when it next runs, where entry is the
// closure id of f (newproc1).
func (t *Thread) Reset(entry int32, args []Value) {
	t.frames = t.frames[:0]
	t.dropDeep()
	t.vals = append(t.vals[:0], args...)
	t.defers = t.defers[:0]
	t.panicMsg = ""
	t.panicking = false
	t.panicVal, t.recovered = 0, false
	t.panicStr, t.raise = false, false
	t.goexit = goexitNone
	t.entryClo = entry
	t.started = false
	t.inCall = false
}

// The host memory of a dead G's code: its frames, values and deferred
// calls. A dead G on a free list keeps small ones for its next use, as the
// runtime keeps a starting-size stack with a free G; bigger ones are
// dropped, as gfput frees a stack that is not the starting size
// (stackfree), so that one deep recursion or a burst of big goroutines does
// not pin host memory after they end. Invisible to the schedule: the costs
// (stack sizes, copying) are the scheduler's stack words, not these slices.
const (
	deadKeepFrames = 16
	deadKeepVals   = 256
)

// Clear empties a dead G's code state (goexit0's gfput), keeping the
// memory of small frames, operands and deferred calls for reuse and
// dropping big ones (see deadKeepFrames).
func (t *Thread) Clear() {
	t.frames = t.frames[:0]
	t.dropDeep()
	if cap(t.frames) > deadKeepFrames {
		t.frames = nil
	}
	t.vals = t.vals[:0]
	if cap(t.vals) > deadKeepVals {
		t.vals = nil
	}
	t.defers = t.defers[:0]
	if cap(t.defers) > deadKeepFrames {
		t.defers = nil
	}
}

// MarkStarted says the entry call needs no running (a model system
// goroutine, which only parks).
func (t *Thread) MarkStarted() { t.started = true }

// Started reports whether the entry call has been made (before it, the G's
// traceback shows the entry function at its declaration, as gp.sched.pc is
// its entry).
func (t *Thread) Started() bool { return t.started }

// PushMorestackFrame pushes the frame of the callee whose prologue check
// failed (MorestackFn) at pc -1, its declaration: where the runtime stops
// when the stack cannot grow, so that a stack overflow's traceback shows
// it innermost.
func (t *Thread) PushMorestackFrame() {
	t.frames = append(t.frames, frame{fn: t.morestackFn, pc: -1, base: int32(len(t.vals))})
}

// SetStack loads the stack words before Run.
func (t *Thread) SetStack(size, used int64, guard uint64) {
	t.stackSize, t.stackUsed, t.stackguard0 = size, used, guard
}

// StackUsed is the bytes of stack in use after Run.
func (t *Thread) StackUsed() int64 { return t.stackUsed }

// Push pushes a scheduler op's results, in the order its row in the op
// table gives them (its operands come from Machine.Operands).
func (t *Thread) Push(vs ...Value) { t.vals = append(t.vals, vs...) }

// Slots are the locals and operands of the window's frames (all frames
// but for a deep stack, see stackdeep.go), bottom first (read only: for
// tests and inspection).
func (t *Thread) Slots() []Value { return t.vals }

// NumFrames is the depth of the G's call stack.
func (t *Thread) NumFrames() int { return int(t.depth()) }

// Frame is frame i's function index and pc (0 is the entry function's
// frame): for the top frame the pc is the instruction the G stopped at, for
// the others the instruction after the call.
func (t *Thread) Frame(i int) (fn, pc int32) {
	fr := t.frameAt(i)
	return fr.fn, fr.pc
}

// FrameInlined reports whether frame i is a body the compiler inlined into
// the frame below it (it takes no stack of its own: Program.Inl).
func (t *Thread) FrameInlined(i int) bool {
	fr := t.frameAt(i)
	return fr.inlinedFrame()
}

// Advance moves the top frame's pc past the scheduler op it stopped at:
// the G is now inside that call (see inCall).
func (t *Thread) Advance() {
	t.frames[len(t.frames)-1].pc++
	t.inCall = true
}

// EntryClo is the closure the G was started with.
func (t *Thread) EntryClo() int32 { return t.entryClo }

// MorestackFn is the callee whose prologue check failed (StopMorestack).
func (t *Thread) MorestackFn() int32 { return t.morestackFn }

// PanicMsg is the message of the G's panic ("" if none).
func (t *Thread) PanicMsg() string { return t.panicMsg }

// PanicPos is where the G panicked.
func (t *Thread) PanicPos() Pos { return t.panicPos }

// Panicking reports whether the G unwinds (its deferred calls run).
func (t *Thread) Panicking() bool { return t.panicking }

// Recovered reports whether a deferred call recovered the panic the G
// unwinds for (it has not returned yet).
func (t *Thread) Recovered() bool { return t.panicking && t.recovered }

// SetPanic records msg as a panic for the scheduler to raise when the G
// next runs (a sender woken because its channel was closed), without
// starting it: Raise starts it.
func (t *Thread) SetPanic(msg string, pos Pos) { t.panicMsg, t.panicPos = msg, pos }

// Raise starts a panic that the scheduler raises in the G at pos, as the
// real runtime's functions call panic (chan.go: chansend's
// panic(plainError("send on closed channel")); sync's
// panic("sync: negative WaitGroup counter")): exactly like one the
// interpreter raises, it unwinds when the G next runs, its deferred calls
// run and recover sees it, and the chain prints as printpanics prints it.
// str says that the panic's value is the string msg (a library package's
// panic(string)), not a runtime.Error holding it.
func (t *Thread) Raise(msg string, str bool, pos Pos) {
	if t.inCall {
		// The pc goes back to the op that panicked, as the interpreter
		// leaves it at an instruction that panics.
		t.frames[len(t.frames)-1].pc--
		t.inCall = false
	}
	t.startPanicVal(msg, 0, pos)
	t.panicStr = str
	t.raise = true
}

// Clone returns a copy of t that shares no memory with it but the deep
// chunks, which are never changed.
func (t *Thread) Clone() Thread {
	c := t.cloneRest()
	c.frames = slices.Clone(t.frames)
	c.vals = slices.Clone(t.vals)
	c.deep = slices.Clone(t.deep)
	return c
}

// cloneRest is Clone but for the frames, values and deep chunks, which it
// leaves shared: the caller copies or shares them (CloneSharing).
func (t *Thread) cloneRest() Thread {
	c := *t
	c.cacheChunk, c.cacheFrames, c.scratch = nil, nil, nil
	if len(t.defers) > 0 {
		c.defers = slices.Clone(t.defers)
		for j := range c.defers {
			c.defers[j].args = slices.Clone(c.defers[j].args)
		}
	} else {
		c.defers = nil
	}
	return c
}
