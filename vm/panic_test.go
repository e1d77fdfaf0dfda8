package vm

import (
	"math"
	"testing"
)

// Hand-assembled programs for recover (panic.go: gorecover, recovery) and
// the panic chain printpanics prints (interp.go: startPanicVal).

// recoverProg: main calls f and prints its result; f defers d, then
// panics with the interface value "boom" (type 0, string); f's recovery
// point (pc 6) returns 7. d calls h (whose recover, not called directly
// by the deferred call, returns nil) and then recovers itself, printing
// what each got (nil prints as "").
func recoverProg(dBody ...Instr) *Program {
	main := fn("main.main", 0, 0, 0, 32, i(OpCall, 3, 0), i(OpCall, 4, 1), i(OpExit))
	h := fn("main.h", 0, 1, 0, 24, i(OpRecover), i(OpReturn))
	d := fn("main.d", 0, 0, 0, 32, dBody...)
	f := fn("main.f", 0, 1, 1, 48,
		i(OpFuncVal, 2), i(OpDefer, 0, 0),
		i(OpStr, 3), i(OpMakeIface, 0), i(OpStr, 3), i(OpPanic, 0, 1),
		i(OpInt, 0, 7), i(OpReturn))
	f.Recover = 6 + 1
	p := prog(main, h, d, f, printInt)
	p.Types = []TypeInfo{{Name: "string", Kind: KindString, Comparable: true, Elem: -1, Key: -1, Layout: -1}}
	return p
}

// printRecovered prints the string held by the interface value on top of
// the stack ("" for nil).
var printRecovered = []Instr{
	i(OpAssert, 0, AssertOK), i(OpPop), i(OpStr, 1), i(OpConcat), i(OpPrint),
}

func TestGorecoverOnlyInTheDeferredCall(t *testing.T) {
	body := append([]Instr{i(OpCall, 1, 0)}, printRecovered...)
	body = append(body, i(OpRecover))
	body = append(body, printRecovered...)
	body = append(body, i(OpRecover)) // a second recover: nil (p.recovered)
	body = append(body, printRecovered...)
	body = append(body, i(OpReturn))
	r := newTestRun(recoverProg(body...), 0)
	if stop := r.run(t, 100); stop != stopSched {
		t.Fatalf("stop %d, panic %q", stop, r.gp.panicMsg)
	}
	if got, want := r.out.String(), "\nboom\n\n7\n"; got != want {
		t.Errorf("output %q, want %q", got, want)
	}
	if r.gp.panicking || r.gp.panicMsg != "" || r.gp.panicVal != 0 || len(r.gp.defers) != 0 || len(r.gp.frames) != 1 {
		t.Errorf("after recovery: panicking=%v msg=%q frames=%d defers=%d", r.gp.panicking, r.gp.panicMsg, len(r.gp.frames), len(r.gp.defers))
	}
	if r.gp.stackUsed != initialStackUsed+32 { // main.main's frame, at its exit
		t.Errorf("stackUsed %d, want %d", r.gp.stackUsed, initialStackUsed+32)
	}
}

func TestPrintpanicsRecoveredAndRepanicked(t *testing.T) {
	// d recovers, then panics again: with a new value, the first panic
	// prints " [recovered]" before the second; with the same value, once,
	// " [recovered, repanicked]" (preprintpanics, printpanics).
	for _, c := range []struct {
		name string
		tail []Instr
		want string
	}{
		{"new value", []Instr{i(OpPop), i(OpInt, 0, 0), i(OpStr, 6), i(OpPanic, 0, 1)}, "boom [recovered]\n\tpanic: x"},
		{"same value", []Instr{i(OpStr, 3), i(OpPanic, 0, 1)}, "boom [recovered, repanicked]"},
	} {
		body := append([]Instr{i(OpRecover)}, c.tail...)
		r := newTestRun(recoverProg(body...), 0)
		if stop := r.run(t, 100); stop != stopPanic {
			t.Fatalf("%s: stop %d", c.name, stop)
		}
		if r.gp.panicMsg != c.want {
			t.Errorf("%s: panic %q, want %q", c.name, r.gp.panicMsg, c.want)
		}
	}
}

func TestTypeAssertionErrorMessages(t *testing.T) {
	// runtime/error.go: (*TypeAssertionError).Error.
	m := New(&Program{
		Strings: []string{"M", "func()"},
		Types: []TypeInfo{
			{Name: "interface {}", Kind: KindIface, Iface: true},
			{Name: "string", Kind: KindString, Comparable: true},
			{Name: "int", Kind: KindInt, Bits: 64, Comparable: true},
			{Name: "main.I", Kind: KindIface, Iface: true, Methods: []Method{{Name: 0, Fn: -1, Sig: 1}}},
			{Name: "[]int", Kind: KindSlice},
		},
	})
	mc := &m
	s := mc.makeIface(1, Value{S: "x"})
	for _, c := range []struct {
		i      int64
		target int32
		want   string
	}{
		{s, 2, "interface conversion: interface {} is string, not int"},
		{0, 2, "interface conversion: interface {} is nil, not int"},
		{s, 3, "interface conversion: string is not main.I: missing method M"},
		{0, 3, "interface conversion: interface is nil, not main.I"},
	} {
		if _, ok, msg := mc.assert(c.i, c.target, 0, true); ok || msg != c.want {
			t.Errorf("assert to %s: ok=%v %q, want %q", mc.prog.Types[c.target].Name, ok, msg, c.want)
		}
	}
	if v, ok, _ := mc.assert(s, 1, 0, false); !ok || v.S != "x" {
		t.Errorf("assert to string: %v %v", v, ok)
	}
	// The comma-ok form builds no message: its failure is only ok false.
	if v, ok, msg := mc.assert(s, 2, 0, false); ok || msg != "" || v != (Value{}) {
		t.Errorf("comma-ok assert to int: %v %v %q, want the zero value, false and no message", v, ok, msg)
	}
	// runtime/alg.go: efaceeq panics for an uncomparable dynamic type.
	a, b := mc.makeIface(4, Value{}), mc.makeIface(4, Value{})
	if _, msg := mc.ifaceEq(a, b); msg != "runtime error: comparing uncomparable type []int" {
		t.Errorf("ifaceEq of slices: %q", msg)
	}
	if eq, msg := mc.ifaceEq(s, mc.makeIface(1, Value{S: "x"})); !eq || msg != "" {
		t.Errorf("equal strings: %v %q", eq, msg)
	}
}

func TestPrintfloat(t *testing.T) {
	// runtime/print.go: printfloat64 and printfloat32, as print(v) prints
	// them since Go 1.26 (strconv's shortest 'g').
	for _, c := range []struct {
		v    float64
		bits int8
		want string
	}{{1.5, 64, "1.5"}, {-0.001, 64, "-0.001"}, {0, 64, "0"}, {1e100, 64, "1e+100"}, {1e21, 64, "1e+21"},
		{math.Inf(1), 64, "+Inf"}, {math.NaN(), 64, "NaN"}, {float64(float32(1) / 3), 32, "0.33333334"}} {
		if got := printfloat(c.v, c.bits); got != c.want {
			t.Errorf("printfloat(%v, %d) = %q, want %q", c.v, c.bits, got, c.want)
		}
	}
}
