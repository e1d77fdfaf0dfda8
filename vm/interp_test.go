package vm

import (
	"strings"
	"testing"
)

// Hand-assembled programs for the interpreter, run by a tiny driver that
// performs the few scheduler ops they use (print, exit) and grows the stack
// on stopMorestack, so that exec is tested without the scheduler.

func i(op Op, ab ...int32) Instr {
	in := Instr{Op: op}
	if len(ab) > 0 {
		in.A = ab[0]
	}
	if len(ab) > 1 {
		in.B = ab[1]
	}
	return in
}

// fn builds a Func; its instructions are at lines 1, 2, … of file 0.
func fn(name string, params, results, locals, frame int, code ...Instr) Func {
	f := Func{Name: name, NParams: params, NResults: results, NLocals: locals, FrameSize: frame, Code: code, MaxStack: 8}
	for k := range code {
		f.Pos = append(f.Pos, Pos{Line: int32(k + 1), Col: 1})
	}
	return f
}

func nosplit(f Func) Func { f.NoSplit = true; return f }

type testRun struct {
	mc        *Machine
	gp        *g
	out       strings.Builder
	grows     int
	instrs    int
	stops     []execStop
	maxFrames int
}

func newTestRun(p *Program, entry int32, args ...Value) *testRun {
	m := New(p)
	mc := &m
	gp := &g{stackSize: fixedStack, stackUsed: initialStackUsed, stackguard0: stackGuard, entryClo: entry + 1}
	gp.vals = append(gp.vals, args...)
	return &testRun{mc: mc, gp: gp}
}

// run drives exec to the end with the given budget per call.
func (r *testRun) run(t *testing.T, budget int) execStop {
	t.Helper()
	for range 1_000_000 {
		n, _, stop := r.mc.exec(r.gp, budget)
		if n > budget {
			t.Fatalf("exec ran %d instructions with a budget of %d", n, budget)
		}
		r.instrs += n
		r.maxFrames = max(r.maxFrames, len(r.gp.frames))
		switch stop {
		case stopBudget:
		case stopSched:
			fr := &r.gp.frames[len(r.gp.frames)-1]
			in := r.mc.prog.Funcs[fr.fn].Code[fr.pc]
			switch in.Op {
			case OpPrint:
				r.out.WriteString(r.mc.Operands(r.gp, in)[0].S)
				fr.pc++
			case OpExit:
				return stop
			default:
				t.Fatalf("test driver: unexpected scheduler op %d", in.Op)
			}
		case stopMorestack:
			if r.gp.stackguard0 == stackPreempt {
				r.gp.stackguard0 = stackGuard
				continue
			}
			r.grows++
			r.gp.stackSize *= 2
		case stopExit, stopPanic:
			r.stops = append(r.stops, stop)
			return stop
		}
	}
	t.Fatal("program did not finish")
	return 0
}

func prog(fs ...Func) *Program {
	return &Program{Files: []string{"t.go"}, Funcs: fs, Strings: []string{"", "\n", " ", "boom", "defer1", "defer2", "x"}, Init: -1}
}

// printInt is f(n): print n and a newline.
var printInt = fn("main.printInt", 1, 0, 1, 40,
	i(OpLoad, 0), i(OpFmtInt), i(OpStr, 1), i(OpConcat), i(OpPrint), i(OpReturn))

func TestInterpArithmetic(t *testing.T) {
	// main: print((7*6-2)/4%3, -5/2, -5%2, 1<<10>>3, 6&^3, 6^3|8)
	cases := []struct {
		code []Instr
		want string
	}{
		{[]Instr{i(OpInt, 0, 7), i(OpInt, 0, 6), i(OpMul), i(OpInt, 0, 2), i(OpSub), i(OpInt, 0, 4), i(OpDiv), i(OpInt, 0, 3), i(OpRem)}, "1"},
		{[]Instr{i(OpInt, 0, 5), i(OpNeg), i(OpInt, 0, 2), i(OpDiv)}, "-2"},
		{[]Instr{i(OpInt, 0, 5), i(OpNeg), i(OpInt, 0, 2), i(OpRem)}, "-1"},
		{[]Instr{i(OpInt, 0, 1), i(OpInt, 0, 10), i(OpShl), i(OpInt, 0, 3), i(OpShr)}, "128"},
		{[]Instr{i(OpInt, 0, 1), i(OpInt, 0, 64), i(OpShl)}, "0"},
		{[]Instr{i(OpInt, 0, 6), i(OpInt, 0, 3), i(OpAndNot)}, "4"},
		{[]Instr{i(OpInt, 0, 6), i(OpInt, 0, 3), i(OpXor), i(OpInt, 0, 8), i(OpOr), i(OpInt, 0, 12), i(OpAnd)}, "12"},
		{[]Instr{i(OpInt, -1, -1)}, "-1"},
		{[]Instr{i(OpInt, 1, 0)}, "4294967296"},
		{[]Instr{i(OpInt, 0x7fffffff, -1), i(OpInt, 0, 1), i(OpAdd)}, "-9223372036854775808"},
		{[]Instr{i(OpInt, 0, 3), i(OpInt, 0, 4), i(OpLt), i(OpInt, 0, 4), i(OpInt, 0, 4), i(OpLe), i(OpAnd), i(OpNot)}, "0"},
		{[]Instr{i(OpInt, 0, 3), i(OpInt, 0, 4), i(OpGe), i(OpInt, 0, 4), i(OpInt, 0, 4), i(OpNe), i(OpOr)}, "0"},
	}
	for _, c := range cases {
		code := append(append([]Instr{}, c.code...), i(OpCall, 1, 1), i(OpExit))
		r := newTestRun(prog(fn("main.main", 0, 0, 0, 16, code...), printInt), 0)
		r.run(t, 100)
		if got := strings.TrimSpace(r.out.String()); got != c.want {
			t.Errorf("%v: got %q, want %q", c.code, got, c.want)
		}
	}
}

func TestInterpStrings(t *testing.T) {
	p := prog(fn("main.main", 0, 0, 1, 16,
		i(OpStr, 6), i(OpStr, 3), i(OpConcat), i(OpStore, 0), // s = "xboom"
		i(OpLoad, 0), i(OpInt, 0, 1), i(OpInt, 0, 3), i(OpSlice, 0, 0), i(OpPrint), // "bo"
		i(OpLoad, 0), i(OpInt, 0, 2), i(OpSlice, 0, 1), i(OpPrint), // s[:2] "xb"
		i(OpLoad, 0), i(OpInt, 0, 3), i(OpSlice, 0, 2), i(OpPrint), // s[3:] "om"
		i(OpLoad, 0), i(OpSlice, 0, 3), i(OpPrint), // s[:] "xboom"
		i(OpLoad, 0), i(OpSLen), i(OpFmtInt), i(OpPrint), // 5
		i(OpLoad, 0), i(OpInt, 0, 1), i(OpIndex), i(OpFmtInt), i(OpPrint), // 'b' = 98
		i(OpLoad, 0), i(OpStr, 3), i(OpSLt), i(OpFmtBool), i(OpPrint), // "xboom" < "boom": false
		i(OpLoad, 0), i(OpLoad, 0), i(OpSEq), i(OpFmtBool), i(OpPrint), // true
		i(OpInt, 0, 42), i(OpNeg), i(OpFmtInt), i(OpStr, 2), i(OpConcat), i(OpPrint), // "-42 "
		i(OpInt, 0, 1500000), i(OpFmtDur), i(OpPrint), // "1.5ms"
		i(OpExit)))
	r := newTestRun(p, 0)
	r.run(t, 7)
	if got, want := r.out.String(), `boxbomxboom598falsetrue-42 1.5ms`; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

func TestInterpRecursionAndStack(t *testing.T) {
	// fib(n) = n < 2 ? n : fib(n-1) + fib(n-2), frame 32 bytes.
	fib := fn("main.fib", 1, 1, 1, 32,
		i(OpLoad, 0), i(OpInt, 0, 2), i(OpLt), i(OpJumpIfNot, 6),
		i(OpLoad, 0), i(OpReturn),
		i(OpLoad, 0), i(OpInt, 0, 1), i(OpSub), i(OpCall, 1, 1),
		i(OpLoad, 0), i(OpInt, 0, 2), i(OpSub), i(OpCall, 1, 1),
		i(OpAdd), i(OpReturn))
	// depth(n) = n == 0 ? 0 : depth(n-1)+1
	depth := fn("main.depth", 1, 1, 1, 32,
		i(OpLoad, 0), i(OpInt, 0, 0), i(OpEq), i(OpJumpIfNot, 6),
		i(OpInt, 0, 0), i(OpReturn),
		i(OpLoad, 0), i(OpInt, 0, 1), i(OpSub), i(OpCall, 3, 1), i(OpInt, 0, 1), i(OpAdd), i(OpReturn))
	main := fn("main.main", 0, 0, 0, 24,
		i(OpInt, 0, 20), i(OpCall, 1, 1), i(OpCall, 2, 1),
		i(OpInt, 0, 1000), i(OpCall, 3, 1), i(OpCall, 2, 1),
		i(OpReturn))
	r := newTestRun(prog(main, fib, printInt, depth), 0)
	if stop := r.run(t, 1000); stop != stopExit {
		t.Fatalf("stop = %d", stop)
	}
	if got := r.out.String(); got != "6765\n1000\n" {
		t.Errorf("output %q", got)
	}
	if r.gp.stackUsed != initialStackUsed || len(r.gp.frames) != 0 || len(r.gp.vals) != 0 {
		t.Errorf("after exit: stackUsed %d, frames %d, vals %d", r.gp.stackUsed, len(r.gp.frames), len(r.gp.vals))
	}
	// depth(1000) needs 40 + 24 + 1001*32 = 32096 bytes + the guard: the
	// stack doubles from 2 KB to 32 KB, then 64 KB: 5 grows.
	if r.grows != 5 || r.gp.stackSize != 64<<10 {
		t.Errorf("grows = %d, stack %d", r.grows, r.gp.stackSize)
	}
}

func TestInterpPrologueCheck(t *testing.T) {
	for _, c := range []struct {
		frame, used int
		guard       uint64
		fail        bool
	}{
		// StackSmall shape: SP ≤ stackguard0.
		{32, 2048 - 929, stackGuard, false},
		{32, 2048 - 928, stackGuard, true},
		{128, 2048 - 929, stackGuard, false},
		{128, 2048 - 928, stackGuard, true},
		// Bigger frames: SP-(framesize-StackSmall) ≤ stackguard0.
		{129, 2048 - 929, stackGuard, true},
		{129, 2048 - 930, stackGuard, false},
		{1000, 100, stackGuard, false}, // 1948-872 = 1076 > 928
		{1000, 300, stackGuard, true},  // 1748-872 = 876
		{5000, 40, stackGuard, true},   // underflow
		{32, 40, stackPreempt, true},   // preemption request
		{5000, 40, stackPreempt, true}, // (big frames too)
		{32, 2048, 0, true},            // SP = 0
		{200, 2048 - 72, 0, true},      // exactly 0 after the subtraction
		{200, 2048 - 73, 0, false},
	} {
		gp := &g{stackSize: 2048, stackUsed: int64(c.used), stackguard0: c.guard}
		if got := gp.morestackNeeded(c.frame); got != c.fail {
			t.Errorf("frame %d, used %d, guard %#x: morestack = %v, want %v", c.frame, c.used, c.guard, got, c.fail)
		}
	}
}

func TestInterpMorestackReexecutesCall(t *testing.T) {
	callee := fn("main.f", 1, 1, 1, 64, i(OpLoad, 0), i(OpInt, 0, 1), i(OpAdd), i(OpReturn))
	leaf := nosplit(fn("main.leaf", 0, 1, 0, 16, i(OpInt, 0, 7), i(OpReturn)))
	main := fn("main.main", 0, 0, 0, 32,
		i(OpCall, 2, 0), i(OpCall, 1, 1), i(OpCall, 3, 1), i(OpExit))
	r := newTestRun(prog(main, callee, leaf, printInt), 0)
	r.gp.stackguard0 = stackPreempt
	// The entry call's own prologue fails first.
	n, _, stop := r.mc.exec(r.gp, 100)
	if n != 0 || stop != stopMorestack || r.gp.morestackFn != 0 || r.gp.started {
		t.Fatalf("entry: n=%d stop=%d fn=%d started=%v", n, stop, r.gp.morestackFn, r.gp.started)
	}
	r.gp.stackguard0 = stackGuard
	r.run(t, 100)
	if r.out.String() != "8\n" {
		t.Errorf("output %q", r.out.String())
	}
	// A nosplit leaf passes even with stackPreempt; main.f does not.
	r2 := newTestRun(prog(main, callee, leaf, printInt), 0)
	n, _, stop = r2.mc.exec(r2.gp, 1) // main entered, leaf called
	if n != 1 || stop != stopBudget || len(r2.gp.frames) != 2 {
		t.Fatalf("n=%d stop=%d frames=%d", n, stop, len(r2.gp.frames))
	}
	r2.gp.stackguard0 = stackPreempt
	n, _, stop = r2.mc.exec(r2.gp, 100) // leaf runs and returns; main.f's check fails
	if n != 2 || stop != stopMorestack || r2.gp.morestackFn != 1 {
		t.Fatalf("n=%d stop=%d fn=%d", n, stop, r2.gp.morestackFn)
	}
	if fr := r2.gp.frames[len(r2.gp.frames)-1]; fr.pc != 1 || len(r2.gp.frames) != 1 {
		t.Fatalf("pc %d frames %d: the pc must stay at the call", fr.pc, len(r2.gp.frames))
	}
	used := r2.gp.stackUsed
	r2.gp.stackguard0 = stackGuard
	r2.run(t, 100)
	if r2.out.String() != "8\n" || used != initialStackUsed+32 {
		t.Errorf("output %q, used %d", r2.out.String(), used)
	}
}

func TestInterpBudget(t *testing.T) {
	// for i := 0; i < 100; i++ {} ; print(i)
	main := fn("main.main", 0, 0, 1, 24,
		i(OpLoad, 0), i(OpInt, 0, 100), i(OpLt), i(OpJumpIfNot, 9),
		i(OpLoad, 0), i(OpInt, 0, 1), i(OpAdd), i(OpStore, 0), i(OpJump, 0),
		i(OpLoad, 0), i(OpCall, 1, 1), i(OpExit))
	for _, b := range []int{1, 2, 3, 7, 100, 4096} {
		r := newTestRun(prog(main, printInt), 0)
		r.run(t, b)
		if r.out.String() != "100\n" {
			t.Errorf("budget %d: %q", b, r.out.String())
		}
		// 100 iterations of 9, the last test (4), the call (2) and printInt (5).
		if r.instrs != 100*9+4+2+5 {
			t.Errorf("budget %d: %d instructions", b, r.instrs)
		}
	}
}

func TestInterpClosuresAndBoxes(t *testing.T) {
	// counter := 0 (boxed); inc := func() int { counter++; return counter }
	// inc(); inc(); print(inc()); print(counter); a func value with no
	// captures, and a closure that captures a captured box again.
	inc := fn("main.main.func1", 0, 1, 0, 24,
		i(OpLoadFree, 0), i(OpInt, 0, 1), i(OpAdd), i(OpStoreFree, 0), i(OpLoadFree, 0), i(OpReturn))
	mk := fn("main.main.func2", 0, 1, 0, 24, // returns func() int capturing the same box
		i(OpFreeRef, 0), i(OpClosure, 1, 1), i(OpReturn))
	main := fn("main.main", 0, 0, 3, 48,
		i(OpInt, 0, 0), i(OpNewBox, 0), // counter
		i(OpLocalRef, 0), i(OpClosure, 1, 1), i(OpStore, 1), // inc
		i(OpLoad, 1), i(OpCallClosure, 0, 0), i(OpPop),
		i(OpLoad, 1), i(OpCallClosure, 0, 0), i(OpPop),
		i(OpLoad, 1), i(OpCallClosure, 0, 0), i(OpCall, 3, 1),
		i(OpLoadBox, 0), i(OpCall, 3, 1),
		i(OpLocalRef, 0), i(OpClosure, 2, 1), i(OpCallClosure, 0, 0), i(OpStore, 2), // inc2 := mk()
		i(OpLoad, 2), i(OpCallClosure, 0, 0), i(OpCall, 3, 1), // 4
		i(OpInt, 0, 5), i(OpFuncVal, 3), i(OpStore, 2), i(OpLoad, 2), i(OpCallClosure, 0, 1), // printInt via a func value... swapped below
		i(OpExit))
	// Fix the last call: the func value must be under its argument.
	main.Code[23], main.Code[24], main.Code[25], main.Code[26], main.Code[27] =
		i(OpFuncVal, 3), i(OpStore, 2), i(OpLoad, 2), i(OpInt, 0, 5), i(OpCallClosure, 0, 1)
	r := newTestRun(prog(main, inc, mk, printInt), 0)
	r.run(t, 5)
	if got := r.out.String(); got != "3\n3\n4\n5\n" {
		t.Errorf("got %q", got)
	}
	if len(r.mc.boxes) != 2 || r.mc.boxes[1].I != 4 || len(r.mc.closures) != 4+1+3 {
		t.Errorf("boxes %v, %d closures", r.mc.boxes, len(r.mc.closures))
	}
	if len(r.gp.vals) != 3 {
		t.Errorf("vals %d at exit", len(r.gp.vals))
	}
}

func TestInterpGlobalsAndMultipleResults(t *testing.T) {
	// divmod(a, b) (int, int); g0 = 17; q, r := divmod(g0, 5)
	divmod := nosplit(fn("main.divmod", 2, 2, 2, 32,
		i(OpLoad, 0), i(OpLoad, 1), i(OpDiv), i(OpLoad, 0), i(OpLoad, 1), i(OpRem), i(OpReturn)))
	main := fn("main.main", 0, 0, 2, 48,
		i(OpInt, 0, 17), i(OpStoreGlob, 0),
		i(OpLoadGlob, 0), i(OpInt, 0, 5), i(OpCall, 1, 2), i(OpStore, 1), i(OpStore, 0),
		i(OpLoad, 0), i(OpCall, 2, 1), i(OpLoad, 1), i(OpCall, 2, 1), i(OpExit))
	p := prog(main, divmod, printInt)
	p.Globals = 1
	r := newTestRun(p, 0)
	r.run(t, 3)
	if got := r.out.String(); got != "3\n2\n" {
		t.Errorf("got %q", got)
	}
}

// deferProg: main calls f(), which defers d1 (prints "defer1") and a
// closure call d2("defer2") that prints its argument, then returns 42;
// main prints the result.
func deferProg(fBody ...Instr) *Program {
	d1 := fn("main.d1", 0, 0, 0, 24, i(OpStr, 4), i(OpStr, 1), i(OpConcat), i(OpPrint), i(OpReturn))
	d2 := fn("main.d2", 1, 1, 1, 24, i(OpLoad, 0), i(OpStr, 1), i(OpConcat), i(OpPrint), i(OpInt, 0, 99), i(OpReturn))
	f := fn("main.f", 0, 1, 1, 48, fBody...)
	main := fn("main.main", 0, 0, 0, 32, i(OpCall, 3, 0), i(OpCall, 4, 1), i(OpExit))
	return prog(main, d1, d2, f, printInt)
}

func TestInterpDefers(t *testing.T) {
	p := deferProg(
		i(OpFuncVal, 1), i(OpDefer, 0, 0),
		i(OpFuncVal, 2), i(OpStr, 5), i(OpDefer, 0, 1),
		i(OpInt, 0, 40), i(OpInt, 0, 2), i(OpAdd), i(OpReturn))
	for _, b := range []int{1, 2, 1000} {
		r := newTestRun(p, 0)
		r.run(t, b)
		if got := r.out.String(); got != "defer2\ndefer1\n42\n" {
			t.Errorf("budget %d: got %q", b, got)
		}
		if len(r.gp.defers) != 0 || r.gp.stackUsed != initialStackUsed+32 {
			t.Errorf("defers %d, stackUsed %d", len(r.gp.defers), r.gp.stackUsed)
		}
	}
}

func TestInterpDeferredCallStopsAndGrows(t *testing.T) {
	// A deferred call whose prologue fails is retried from OpReturn; one
	// that stops at a scheduler op (print) resumes where it was.
	p := deferProg(
		i(OpFuncVal, 1), i(OpDefer, 0, 0),
		i(OpInt, 0, 42), i(OpReturn))
	r := newTestRun(p, 0)
	var n int
	var stop execStop
	for { // run up to f's OpReturn
		n, _, stop = r.mc.exec(r.gp, 1)
		fr := r.gp.frames[len(r.gp.frames)-1]
		if fr.fn == 3 && fr.pc == 3 {
			break
		}
	}
	r.gp.stackguard0 = stackPreempt
	n, _, stop = r.mc.exec(r.gp, 100)
	if n != 0 || stop != stopMorestack || r.gp.morestackFn != 1 || r.gp.defers[0].depth != 2 {
		t.Fatalf("n=%d stop=%d fn=%d defers=%+v", n, stop, r.gp.morestackFn, r.gp.defers)
	}
	r.gp.stackguard0 = stackGuard
	n, _, stop = r.mc.exec(r.gp, 100)
	if stop != stopSched || len(r.gp.frames) != 3 {
		t.Fatalf("n=%d stop=%d frames=%d", n, stop, len(r.gp.frames))
	}
	// f's result is kept under the deferred call's frame.
	if r.gp.frames[1].pc != 3 || r.gp.vals[r.gp.frames[2].base-1].I != 42 {
		t.Fatalf("frames %+v vals %+v", r.gp.frames, r.gp.vals)
	}
	r.run(t, 100)
	if got := r.out.String(); got != "defer1\n42\n" {
		t.Errorf("got %q", got)
	}
}

func TestInterpPanics(t *testing.T) {
	for _, c := range []struct {
		name string
		code []Instr
		msg  string
		line int32
	}{
		{"div", []Instr{i(OpInt, 0, 1), i(OpInt, 0, 0), i(OpDiv)}, "runtime error: integer divide by zero", 3},
		{"rem", []Instr{i(OpInt, 0, 1), i(OpInt, 0, 0), i(OpRem)}, "runtime error: integer divide by zero", 3},
		{"shift", []Instr{i(OpInt, 0, 1), i(OpInt, -1, -1), i(OpShl)}, "runtime error: negative shift amount", 3},
		{"index", []Instr{i(OpStr, 3), i(OpInt, 0, 5), i(OpIndex)}, "runtime error: index out of range [5] with length 4", 3},
		{"index-neg", []Instr{i(OpStr, 3), i(OpInt, -1, -1), i(OpIndex)}, "runtime error: index out of range [-1]", 3},
		{"slice-j", []Instr{i(OpStr, 3), i(OpInt, 0, 5), i(OpSlice, 0, 1)}, "runtime error: slice bounds out of range [:5] with length 4", 3},
		{"slice-j-neg", []Instr{i(OpStr, 3), i(OpInt, -1, -1), i(OpSlice, 0, 1)}, "runtime error: slice bounds out of range [:-1]", 3},
		{"slice-ij", []Instr{i(OpStr, 3), i(OpInt, 0, 3), i(OpInt, 0, 2), i(OpSlice, 0, 0)}, "runtime error: slice bounds out of range [3:2]", 4},
		{"slice-i-neg", []Instr{i(OpStr, 3), i(OpInt, -1, -1), i(OpSlice, 0, 2)}, "runtime error: slice bounds out of range [-1:]", 3},
		{"slice-i", []Instr{i(OpStr, 3), i(OpInt, 0, 5), i(OpSlice, 0, 2)}, "runtime error: slice bounds out of range [5:4]", 3},
		{"nil-func", []Instr{i(OpInt, 0, 0), i(OpCallClosure, 0, 0)}, "runtime error: invalid memory address or nil pointer dereference\n[signal SIGSEGV: segmentation violation]", 2},
		{"panic", []Instr{i(OpStr, 3), i(OpPanic)}, "boom", 2},
	} {
		// f defers d1, then panics; main is never resumed.
		body := append([]Instr{i(OpFuncVal, 1), i(OpDefer, 0, 0)}, c.code...)
		body = append(body, i(OpReturn))
		r := newTestRun(deferProg(body...), 0)
		stop := r.run(t, 3)
		if stop != stopPanic {
			t.Fatalf("%s: stop %d", c.name, stop)
		}
		if r.gp.panicMsg != c.msg || !r.gp.panicking || r.gp.panicPos.Line != c.line+2 {
			t.Errorf("%s: panic %q at %v", c.name, r.gp.panicMsg, r.gp.panicPos)
		}
		if r.out.String() != "defer1\n" {
			t.Errorf("%s: output %q", c.name, r.out.String())
		}
		// The stack of the panic is kept for the traceback.
		if len(r.gp.frames) != 2 || r.gp.frames[1].pc != c.line+1 {
			t.Errorf("%s: frames %+v", c.name, r.gp.frames)
		}
	}
}

func TestInterpPanicRunsAllDefersLIFO(t *testing.T) {
	// main defers d2("x"); f defers d1 and d2("defer2"), then panics.
	d1 := fn("main.d1", 0, 0, 0, 24, i(OpStr, 4), i(OpStr, 1), i(OpConcat), i(OpPrint), i(OpReturn))
	d2 := fn("main.d2", 1, 1, 1, 24, i(OpLoad, 0), i(OpStr, 1), i(OpConcat), i(OpPrint), i(OpInt, 0, 99), i(OpReturn))
	f := fn("main.f", 0, 0, 0, 48,
		i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpFuncVal, 2), i(OpStr, 5), i(OpDefer, 0, 1),
		i(OpStr, 3), i(OpPanic), i(OpReturn))
	main := fn("main.main", 0, 0, 0, 32, i(OpFuncVal, 2), i(OpStr, 6), i(OpDefer, 0, 1), i(OpCall, 3, 0), i(OpExit))
	r := newTestRun(prog(main, d1, d2, f), 0)
	r.gp.stackSize = 4096
	// Fail the first deferred call's prologue once.
	n, _, stop := r.mc.exec(r.gp, 10)
	if stop != stopBudget {
		t.Fatalf("n=%d stop=%d", n, stop)
	}
	r.gp.stackguard0 = stackPreempt
	n, _, stop = r.mc.exec(r.gp, 100)
	if stop != stopMorestack || !r.gp.panicking || r.gp.morestackFn != 2 {
		t.Fatalf("n=%d stop=%d panicking=%v fn=%d", n, stop, r.gp.panicking, r.gp.morestackFn)
	}
	r.gp.stackguard0 = stackGuard
	if stop := r.run(t, 100); stop != stopPanic {
		t.Fatalf("stop %d", stop)
	}
	if got := r.out.String(); got != "defer2\ndefer1\nx\n" || r.gp.panicMsg != "boom" {
		t.Errorf("got %q, panic %q", got, r.gp.panicMsg)
	}
	if len(r.gp.defers) != 0 || r.gp.stackUsed != initialStackUsed+32+48 {
		t.Errorf("defers %+v, stackUsed %d", r.gp.defers, r.gp.stackUsed)
	}
}

func TestInterpPanicInDeferredCall(t *testing.T) {
	// f defers d1, then dpanic (which defers d1 and panics "x"), returns:
	// the panic in the deferred call runs dpanic's defer, then f's.
	d1 := fn("main.d1", 0, 0, 0, 24, i(OpStr, 4), i(OpStr, 1), i(OpConcat), i(OpPrint), i(OpReturn))
	dpanic := fn("main.dpanic", 0, 0, 0, 24, i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpStr, 6), i(OpPanic), i(OpReturn))
	f := fn("main.f", 0, 0, 0, 48,
		i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpFuncVal, 2), i(OpDefer, 0, 0), i(OpStr, 3), i(OpPanic))
	main := fn("main.main", 0, 0, 0, 32, i(OpCall, 3, 0), i(OpExit))
	r := newTestRun(prog(main, d1, dpanic, f), 0)
	r.run(t, 4)
	if got := r.out.String(); got != "defer1\ndefer1\n" || r.gp.panicMsg != "boom\n\tpanic: x" {
		t.Errorf("got %q, panic %q", got, r.gp.panicMsg)
	}
	if r.gp.panicPos.Line != 4 || len(r.gp.frames) != 3 {
		t.Errorf("pos %v, frames %+v", r.gp.panicPos, r.gp.frames)
	}
	// A deferred call started by a normal return that panics.
	f2 := fn("main.f", 0, 0, 0, 48,
		i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpFuncVal, 2), i(OpDefer, 0, 0), i(OpReturn))
	r = newTestRun(prog(main, d1, dpanic, f2), 0)
	r.run(t, 4)
	if got := r.out.String(); got != "defer1\ndefer1\n" || r.gp.panicMsg != "x" || len(r.gp.defers) != 0 {
		t.Errorf("got %q, panic %q, defers %+v", got, r.gp.panicMsg, r.gp.defers)
	}
}

func TestInterpNilDeferredFunc(t *testing.T) {
	r := newTestRun(deferProg(i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpInt, 0, 0), i(OpDefer, 0, 0), i(OpInt, 0, 1), i(OpReturn)), 0)
	if stop := r.run(t, 100); stop != stopPanic || r.gp.panicMsg != errNilFunc || r.out.String() != "defer1\n" {
		t.Errorf("stop %d panic %q out %q", stop, r.gp.panicMsg, r.out.String())
	}
}

func TestInterpGoroutineEntryWithArgs(t *testing.T) {
	// A G started with go printInt(7): args already in vals.
	r := newTestRun(prog(fn("main.main", 0, 0, 0, 16, i(OpExit)), printInt), 1, Value{I: 7})
	if stop := r.run(t, 100); stop != stopExit || r.out.String() != "7\n" {
		t.Errorf("stop %d out %q", stop, r.out.String())
	}
	if n, _, stop := r.mc.exec(r.gp, 100); n != 0 || stop != stopExit {
		t.Errorf("exec after exit: %d %d", n, stop)
	}
}

func BenchmarkInterpLoop(b *testing.B) {
	main := fn("main.main", 0, 0, 1, 24,
		i(OpLoad, 0), i(OpInt, 0, 1000000), i(OpLt), i(OpJumpIfNot, 9),
		i(OpLoad, 0), i(OpInt, 0, 1), i(OpAdd), i(OpStore, 0), i(OpJump, 0),
		i(OpExit))
	p := prog(main)
	b.ReportAllocs()
	for b.Loop() {
		r := newTestRun(p, 0)
		for {
			_, _, stop := r.mc.exec(r.gp, 4096)
			if stop != stopBudget {
				break
			}
		}
	}
}

func BenchmarkInterpCalls(b *testing.B) {
	fib := fn("main.fib", 1, 1, 1, 32,
		i(OpLoad, 0), i(OpInt, 0, 2), i(OpLt), i(OpJumpIfNot, 6),
		i(OpLoad, 0), i(OpReturn),
		i(OpLoad, 0), i(OpInt, 0, 1), i(OpSub), i(OpCall, 1, 1),
		i(OpLoad, 0), i(OpInt, 0, 2), i(OpSub), i(OpCall, 1, 1),
		i(OpAdd), i(OpReturn))
	main := fn("main.main", 0, 0, 0, 24, i(OpInt, 0, 25), i(OpCall, 1, 1), i(OpPop), i(OpExit))
	p := prog(main, fib)
	b.ReportAllocs()
	for b.Loop() {
		r := newTestRun(p, 0)
		r.gp.stackSize = 1 << 20
		for {
			_, _, stop := r.mc.exec(r.gp, 4096)
			if stop != stopBudget {
				break
			}
		}
	}
}

func TestInterpRunDefers(t *testing.T) {
	// f runs its deferred calls, prints "x", and returns 42 (no defer is
	// left for OpReturn).
	p := deferProg(
		i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpFuncVal, 2), i(OpStr, 5), i(OpDefer, 0, 1),
		i(OpRunDefers), i(OpStr, 6), i(OpPrint), i(OpInt, 0, 42), i(OpReturn))
	for _, b := range []int{1, 1000} {
		r := newTestRun(p, 0)
		r.run(t, b)
		if got := r.out.String(); got != "defer2\ndefer1\nx42\n" {
			t.Errorf("budget %d: got %q", b, got)
		}
	}
}

func TestDisasmNamesEveryOp(t *testing.T) {
	for op := Op(0); op < numOps; op++ {
		if strings.HasPrefix(op.String(), "Op(") {
			t.Errorf("op %d has no name", op)
		}
	}
}

func TestDisasmHandProgram(t *testing.T) {
	p := deferProg(i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpInt, 0, 42), i(OpReturn))
	p.Selects = []SelectInfo{{Cases: []SelectCase{{}, {Send: true}}, HasDefault: true}}
	p.Funcs[0].Code = append(p.Funcs[0].Code, i(OpSelect, 0), i(OpStr, 3), i(OpMakeSlice, 2), i(OpJumpIfNot, 1))
	got := p.DisasmFunc(0)
	want := `func 0 main.main (params 0, results 0, locals 0, maxstack 8, frame 32) entry t.go:0:0
  0000  1:1       Call         main.f args 0
  0001  2:1       Call         main.printInt args 1
  0002  3:1     * Exit         0
  0003          * Select       #0 [recv send] default
  0004            Str          "boom"
  0005            MakeSlice    layout 2
  0006            JumpIfNot    → 0001
`
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
	if !strings.Contains(p.Disasm(), "func 3 main.f (params 0, results 1, locals 1, maxstack 8, frame 48) t.go:0:0\n  0000  1:1       FuncVal      main.d1\n") {
		t.Errorf("Disasm:\n%s", p.Disasm())
	}
}
