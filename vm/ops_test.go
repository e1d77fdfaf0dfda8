package vm

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// Every opcode has a complete row, named after its constant.
func TestOpTableComplete(t *testing.T) {
	consts := opConstNames(t)
	if len(consts) != NumOps {
		t.Fatalf("prog.go declares %d ops, the table has %d rows", len(consts), NumOps)
	}
	seen := map[string]bool{}
	for op := range numOps {
		r := opTable[op]
		where := "Op" + consts[op]
		switch {
		case r.Name != consts[op]:
			t.Errorf("%s: the row is named %q", where, r.Name)
		case seen[r.Name]:
			t.Errorf("%s: the name %q is taken", where, r.Name)
		case r.Stack == "":
			t.Errorf("%s: no Stack", where)
		case r.A >= numOperands || r.B >= numOperands:
			t.Errorf("%s: operand kinds %d %d", where, r.A, r.B)
		case r.Effect == nil && (r.Pop < 0 || r.Push < 0):
			t.Errorf("%s: effect %d %d", where, r.Pop, r.Push)
		case r.Effect != nil && (r.Pop != 0 || r.Push != 0):
			t.Errorf("%s: both Effect and Pop %d Push %d", where, r.Pop, r.Push)
		case r.Sched && r.Cost != 0:
			t.Errorf("%s: a scheduler op costing %d ps in the interpreter, which charges nothing for it", where, r.Cost)
		case r.Cost < 0:
			t.Errorf("%s: costs %d ps", where, r.Cost)
		case r.Flow > FlowEnd:
			t.Errorf("%s: flow %d", where, r.Flow)
		case (r.Flow == FlowBranch || r.Flow == FlowJump) != (r.A == OperandPC):
			t.Errorf("%s: flow %d with A %d", where, r.Flow, r.A)
		}
		seen[r.Name] = true
		if r.Effect != nil {
			// An effect survives any instruction, without a program or a
			// function (as the front end asks it while it builds them).
			for _, ab := range [][2]int32{{0, 0}, {1, 1}, {-1, -1}, {1 << 30, 1 << 30}, {-1 << 31, -1 << 31}} {
				r.Effect(Instr{Op: op, A: ab[0], B: ab[1]}, nil, nil)
				r.Effect(Instr{Op: op, A: ab[0], B: ab[1]}, &Program{}, &Func{})
			}
		}
		if op.String() != r.Name || op.Info().Name != r.Name {
			t.Errorf("%s: String %q, Info %q", where, op.String(), op.Info().Name)
		}
	}
	for k := range numOperands {
		if !operandKinds[k].raw && operandKinds[k].show == nil {
			t.Errorf("operand kind %d is shown but has no show", k)
		}
	}
}

// opConstNames are the names of the Op constants of prog.go, in order,
// without the Op prefix.
func opConstNames(t *testing.T) []string {
	t.Helper()
	f, err := parser.ParseFile(token.NewFileSet(), "prog.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST || len(g.Specs) == 0 || g.Specs[0].(*ast.ValueSpec).Names[0].Name != "OpNop" {
			continue
		}
		var names []string
		for _, s := range g.Specs {
			n := s.(*ast.ValueSpec).Names[0].Name
			if n != "numOps" {
				names = append(names, strings.TrimPrefix(n, "Op"))
			}
		}
		return names
	}
	t.Fatal("no Op constants in prog.go")
	return nil
}

// IsSched is the table's Sched column, for every byte.
func TestIsSchedReadsTheTable(t *testing.T) {
	n := 0
	for op := range 256 {
		want := Op(op) < numOps && opTable[op].Sched
		if Op(op).IsSched() != want {
			t.Errorf("Op(%d).IsSched() = %v", op, !want)
		}
		if want {
			n++
		}
	}
	if n < 30 {
		t.Errorf("only %d scheduler ops", n)
	}
}

// The interpreter charges what the table's Cost says (for an op whose
// charge does not vary: CostVar ""), and moves the operand stack as
// StackEffect says, for ops of every kind: each
// program is run one instruction at a time (exec with a budget of one
// runs exactly one) and every instruction's charge is compared with its
// row's.
func TestOpTableCostIsCharged(t *testing.T) {
	sqrt, _, _, ok := Host("math.Sqrt")
	if !ok {
		t.Fatal("no host function math.Sqrt")
	}
	r := func(op Op, a, b, c int32) Instr { return Instr{Op: op, A: a, B: b, C: c} }
	f := func(code ...Instr) Func {
		return fn("main.main", 0, 0, 0, 64, append(code, i(OpExit))...)
	}
	mains := []Func{
		f(i(OpInt, 0, 7), i(OpInt, 0, 2), i(OpAdd), i(OpInt, 0, 3), i(OpMul), i(OpInt, 0, 2), i(OpDiv), i(OpInt, 0, 3), i(OpRem),
			i(OpNeg), i(OpInt, 0, 1), i(OpShl), i(OpDup), i(OpEq), i(OpNot), i(OpPop),
			i(OpStr, 3), i(OpDup), i(OpConcat), i(OpSLen), i(OpFmtInt), i(OpStr, 3), i(OpConcat), i(OpInt, 0, 1), i(OpIndex), i(OpPop),
			i(OpStr, 3), i(OpInt, 0, 1), i(OpInt, 0, 3), i(OpSlice), i(OpPop),
			i(OpInt, 0, 5), i(OpFmtDur), i(OpPop), i(OpInt, 0, 1), i(OpInt, 0, 2), i(OpUnsigned, UDiv), i(OpPop),
			i(OpInt, 0, 1), i(OpFloat, FFromInt), i(OpInt, 0, 2), i(OpFloat, FFromInt), i(OpFloat, FAdd), i(OpPop),
			i(OpJump, 45), i(OpInt, 0, 1), i(OpJumpIfNot, 47), i(OpInt, 0, 1), i(OpJumpIf, 49), i(OpNop)),
		f(i(OpNewObj, 2), i(OpDup), i(OpInt, 0, 5), i(OpSetField, 0), i(OpField, 0), i(OpPop),
			i(OpZeroObj, 0), i(OpObjCopy, 0), i(OpPop),
			i(OpInt, 0, 0), i(OpInt, 0, 4), i(OpMakeSlice, -1), i(OpDup), i(OpAppendSlice, 0, 8<<1|1), i(OpSliceLen), i(OpPop),
			i(OpInt, 0, 0), i(OpMakeMap), i(OpDup), i(OpInt, 0, 1), i(OpInt, 0, 2), i(OpMapStore),
			i(OpDup), i(OpInt, 0, 1), i(OpMapIndex, 0, -1), i(OpPop), i(OpMapLen), i(OpPop),
			i(OpInt, 0, 1), i(OpMakeIface, 0), i(OpFmtAny, 'v'), i(OpPop),
			i(OpInt, 0, 42), i(OpRand, RandNewSource), i(OpPop),
			i(OpStr, 0), i(OpStrings, StrToUpper), i(OpPop),
			i(OpInt, 0, 4), i(OpFloat, FFromInt), i(OpHost, sqrt), i(OpPop)),
		f(i(OpCall, 1, 0), i(OpPop), i(OpFuncVal, 1), i(OpCallClosure, 0, CallSlots(0, 1)), i(OpPop)),
		// The register form: a jump not taken costs its compare, one
		// taken its compare and psTakenBranch.
		fn("main.main", 0, 0, 4, 64, r(OpMovI, 0, 0, 7), r(OpMovI, 1, 0, 2), r(OpMov, 2, 0, 0), r(OpAddR, 2, 2, 1),
			r(OpAddI, 2, 2, 3), r(OpMulR, 2, 2, 1), r(OpMulI, 2, 2, 3), r(OpDivR, 3, 2, 1), r(OpDivI, 3, 2, 3),
			r(OpRemI, 3, 2, 3), r(OpLtR, 3, 0, 1), r(OpJTrue, 13, 3, 0), r(OpJLtI, 14, 0, 10), i(OpNop),
			r(OpJGeR, 16, 0, 1), i(OpNop), i(OpExit)),
	}
	ran := map[Op]bool{}
	for _, main := range mains {
		p := prog(main, fn("main.one", 0, 1, 0, 16, i(OpInt, 0, 1), i(OpReturn)))
		p.Types = []TypeInfo{{Name: "int", Kind: KindInt, Bits: 64, Comparable: true, Elem: -1, Key: -1, Layout: -1}}
		p.Layouts = []Layout{{Nested: []int32{-1, -1}, Size: 16, NoScan: true}}
		if err := Verify(p); err != nil {
			t.Fatal(err)
		}
		r := newTestRun(p, 0)
		for step := 0; ; step++ {
			in, pc := r.next()
			before := len(r.gp.vals)
			_, ps, stop := r.mc.exec(r.gp, 1)
			if stop == stopSched {
				if in.Op != OpExit {
					t.Fatalf("stopped at %v", in.Op)
				}
				break
			}
			if stop != stopBudget || step > 1000 {
				t.Fatalf("%v at %d: stop %d (%s)", in.Op, pc, stop, r.gp.panicMsg)
			}
			ran[in.Op] = true
			if row := opTable[in.Op]; row.CostVar == "" && ps != row.Cost || row.CostVar != "" && ps < 0 ||
				row.CostVar == branch && ps != row.Cost && ps != row.Cost+psTakenBranch {
				t.Errorf("%v at %d: charged %d ps, the table says %d ps (%s)", in.Op, pc, ps, row.Cost, row.CostVar)
			}
			switch {
			case step == 0: // the frame's locals are pushed with the first instruction
			case in.Op == OpCall, in.Op == OpCallClosure, in.Op == OpReturn: // the operands become the callee's frame
			default:
				pop, push := StackEffect(in, p, &p.Funcs[0])
				if got := len(r.gp.vals) - before; got != push-pop {
					t.Errorf("%v at %d: the stack moved by %d, the table says -%d+%d", in.Op, pc, got, pop, push)
				}
			}
		}
	}
	for _, op := range []Op{OpAdd, OpMul, OpDiv, OpConcat, OpFmtInt, OpIndex, OpJump, OpNewObj, OpMakeSlice, OpAppendSlice, OpMapStore,
		OpMapIndex, OpMakeIface, OpRand, OpStrings, OpHost, OpCall, OpCallClosure, OpReturn, OpFloat, OpUnsigned,
		OpMovI, OpAddR, OpMulI, OpDivR, OpDivI, OpJTrue, OpJLtI, OpJGeR} {
		if !ran[op] {
			t.Errorf("%v was not run", op)
		}
	}
}

// next is the instruction the G runs next and its pc.
func (r *testRun) next() (Instr, int) {
	if !r.gp.started {
		fi := r.mc.closures[r.gp.entryClo].fn
		return r.mc.prog.Funcs[fi].Code[0], 0
	}
	fr := r.gp.frames[len(r.gp.frames)-1]
	return r.mc.prog.Funcs[fr.fn].Code[fr.pc], int(fr.pc)
}

// The disassembler shows the operands as the table's kinds say: raw
// numbers only when both are raw.
func TestDisasmOperands(t *testing.T) {
	p := prog(fn("main.main", 0, 0, 2, 16, i(OpExit)))
	p.Types = []TypeInfo{{Name: "main.T"}}
	for _, c := range []struct {
		in   Instr
		want string
	}{
		{i(OpInt, 1, 2), "4294967298"},
		{i(OpLoad, 1), "L1"},
		{i(OpCall, 0, 0), "main.main args 0"},
		{i(OpCallClosure, 0, CallSlots(2, 1)), "args 2"},
		{i(OpIfaceCall, 3, CallSlots(1, 0)), "boom args 1"},
		{i(OpDefer, 1, 2), "args 2"},
		{i(OpSetField, 3, 1), ".3"},
		{i(OpStoreDeref, 0, 1), "0 1"},
		{i(OpMapIndex, 1, -1), "1 -1"},
		{i(OpMapKeys, 0, 0), ""},
		{i(OpMakeSlice, -1), ""},
		{i(OpMakeSlice, 2), "layout 2"},
		{i(OpCopySlice, 0, 0), ""},
		{i(OpCopySlice, 0, ^1), "elem layout 1"},
		{i(OpAppendSlice, 0, 8<<1|1), "elem 8 B"},
		{i(OpFloat, FMul, 1), "mul f32"},
		{i(OpMakeIface, 0), "main.T"},
		{i(OpMakeIface, 5), "type?5"},
		{i(OpMakeChan, 0, 8), "unbuffered"},
		{i(OpRecv, 0), ""},
		{i(OpRecv, 1), "ok"},
		{i(OpPrint, 1, 1), "stderr"},
		{i(OpExit, 0), "0"},
		{i(OpRuntime, RtOSExit), "os.Exit"},
		{i(OpTimer, TimerAfter), "After"},
		{Instr{Op: numOps, A: 1, B: 2}, "1 2"},
	} {
		if got := p.operands(c.in); got != c.want {
			t.Errorf("%v %d %d: %q, want %q", c.in.Op, c.in.A, c.in.B, got, c.want)
		}
	}
}
