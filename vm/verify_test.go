package vm

import (
	"strings"
	"testing"
)

// Verify accepts a well-formed program and names what is wrong in each
// broken one: the function, the pc, the op.
func TestVerify(t *testing.T) {
	good := func() *Program {
		p := deferProg(i(OpFuncVal, 1), i(OpDefer, 0, 0), i(OpInt, 0, 42), i(OpReturn))
		p.Selects = []SelectInfo{{Cases: []SelectCase{{}, {Send: true}}}}
		p.Types = []TypeInfo{{Name: "int", Kind: KindInt, Elem: -1, Key: -1, Layout: -1}}
		p.Layouts = []Layout{{Nested: []int32{-1}}}
		return p
	}
	if err := Verify(good()); err != nil {
		t.Fatalf("a good program: %v", err)
	}
	// main.f is function 3: its body is replaced by each case's code.
	for _, c := range []struct {
		name string
		code []Instr
		edit func(p *Program)
		want string
	}{
		{"jump out of the code", []Instr{i(OpJump, 9)}, nil, "main.f:0 (Jump): jump target 9 out of range [0, 1)"},
		{"underflow", []Instr{i(OpAdd), i(OpReturn)}, nil, "main.f:0 (Add): pops 2 operands from a stack of 0"},
		{"depths differ at a join", []Instr{i(OpInt, 0, 1), i(OpJumpIf, 3), i(OpInt, 0, 7), i(OpInt, 0, 8), i(OpReturn)}, nil,
			"main.f:3 (Int): operand depth 0 on one path and 1 on another (from 2)"},
		{"runs off the end", []Instr{i(OpInt, 0, 1)}, nil, "main.f:0 (Int): runs off the end of the code"},
		{"returns with an operand left", []Instr{i(OpInt, 0, 1), i(OpInt, 0, 2), i(OpReturn)}, nil, "main.f:2 (Return): returns with 2 operands for 1 results"},
		{"local out of range", []Instr{i(OpLoad, 5), i(OpReturn)}, nil, "main.f:0 (Load): local 5 out of range [0, 1)"},
		{"string out of range", []Instr{i(OpStr, 70), i(OpReturn)}, nil, "main.f:0 (Str): string 70 out of range"},
		{"argument count", []Instr{i(OpInt, 0, 1), i(OpCall, 1, 1), i(OpInt, 0, 1), i(OpReturn)}, nil, "main.f:1 (Call): passes 1 argument slots to main.d1, which has 0"},
		{"unused operand set", []Instr{i(OpInt, 0, 1), i(OpNeg, 3), i(OpReturn)}, nil, "main.f:1 (Neg): operand 3 where none is used"},
		{"select out of range", []Instr{i(OpSelect, 1), i(OpReturn)}, nil, "main.f:0 (Select): select 1 out of range [0, 1)"},
		{"select's operands", []Instr{i(OpInt, 0, 1), i(OpSelect, 0), i(OpReturn)}, nil, "main.f:1 (Select): pops 3 operands from a stack of 1"},
		{"host function", []Instr{i(OpHost, 1<<20), i(OpReturn)}, nil, "main.f:0 (Host): host function 1048576 out of range"},
		{"sub-operation", []Instr{i(OpTimer, 40), i(OpReturn)}, nil, "main.f:0 (Timer): OpTimer operation 40 out of range"},
		{"closure call's results", []Instr{i(OpFuncVal, 1), i(OpCallClosure, 0, CallSlots(0, 2)), i(OpReturn)}, nil,
			"main.f:2 (Return): returns with 2 operands for 1 results"},
		{"FmtAny's depth", []Instr{i(OpInt, 0, 1), i(OpMakeIface, 0), i(OpFmtAny, 1<<21|'v'), i(OpReturn)}, nil,
			"main.f:2 (FmtAny): operand depth 1 in A, but the operand is at depth 0"},
		{"MaxStack", []Instr{i(OpInt, 0, 1), i(OpReturn)}, func(p *Program) { p.Funcs[3].MaxStack = 0 },
			"main.f: the operand stack reaches 1 but MaxStack is 0"},
		{"positions", []Instr{i(OpInt, 0, 1), i(OpReturn)}, func(p *Program) { p.Funcs[3].Pos = p.Funcs[3].Pos[:1] },
			"main.f: 2 instructions but 1 positions"},
		{"nosplit frame", []Instr{i(OpInt, 0, 1), i(OpReturn)}, func(p *Program) { p.Funcs[3].NoSplit, p.Funcs[3].FrameSize = true, 200 },
			"main.f: nosplit with a frame of 200 bytes"},
		{"recovery point", []Instr{i(OpInt, 0, 1), i(OpReturn)}, func(p *Program) { p.Funcs[3].Recover = 2 },
			"main.f:1 (Return): pops 1 operands from a stack of 0"},
		{"Main", nil, func(p *Program) { p.Main = 9 }, "program: Main: function 9 out of range"},
		{"a type's method", nil, func(p *Program) { p.Types[0].Methods = []Method{{Name: 0, Fn: 8, Copy: -1, Sig: 0}} },
			"type 0 int: method function 8 out of range"},
		{"a layout's field", nil, func(p *Program) { p.Layouts[0].Nested[0] = 4 }, "layout 0: layout 4 out of range"},
		{"an inlined call that is no call", []Instr{i(OpInt, 0, 1), i(OpReturn)}, func(p *Program) {
			p.Inl = []InlNode{{}, {Fn: 3, Calls: []InlCall{{PC: 0, Node: 2}}}, {Fn: 1}}
			p.Funcs[3].Inl = 1
		}, "inlining node 1: pc 0 (Int) is not a call"},
		{"an inlined call's callee", []Instr{i(OpCall, 1, 0), i(OpInt, 0, 1), i(OpReturn)}, func(p *Program) {
			p.Inl = []InlNode{{}, {Fn: 3, Calls: []InlCall{{PC: 0, Node: 2}}}, {Fn: 2}}
			p.Funcs[3].Inl = 1
		}, "inlining node 1: the call at pc 0 calls main.d1, its node is"},
		{"a root node", nil, func(p *Program) { p.Funcs[3].Inl = 5 }, "main.f: inlining node 5 out of range"},
	} {
		p := good()
		if c.code != nil {
			p.Funcs[3] = fn("main.f", 0, 1, 1, 48, c.code...)
		}
		if c.edit != nil {
			c.edit(p)
		}
		err := Verify(p)
		if err == nil || !strings.Contains(err.Error(), "vm.Verify: "+c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
}

// Verify reports at most maxVerifyErrors problems, then how many more.
func TestVerifyBoundsItsReport(t *testing.T) {
	code := make([]Instr, 30)
	for k := range code {
		code[k] = i(OpLoad, 100)
	}
	err := Verify(prog(fn("main.main", 0, 0, 0, 16, append(code, i(OpExit))...)))
	if err == nil {
		t.Fatal("no error")
	}
	lines := strings.Split(err.Error(), "\n")
	if len(lines) != maxVerifyErrors+1 || lines[len(lines)-1] != "vm.Verify: and 20 more" {
		t.Errorf("%d lines:\n%v", len(lines), err)
	}
}
