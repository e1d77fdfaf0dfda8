package vm

import "errors"

// The program verifier, in the spirit of golang.org/x/tools/go/ssa's
// sanity.go: it checks what the interpreter and the scheduler rely on
// and never check as they run, so that a front end's mistake shows when
// the program is compiled, as an error naming the function, the pc and
// the op, rather than as a wrong result or a crash in the middle of a
// run. The op table (ops.go) gives what each operand must name and each
// op's effect on the operand stack.
//
// Checked, for every function: the code is not empty and has a position
// for each instruction; NParams ≤ NLocals; a nosplit function's frame is
// under StackSmall; every operand is what its op's row says it is (a
// local below NLocals, a jump target inside the code, an index into
// Strings, Types, Layouts, Selects, Funcs or the host functions…); a
// direct call passes as many argument slots as the callee has
// parameters; on every path from the entry (and from the recovery point,
// Func.Recover) the operand stack never goes below zero, has the same
// depth wherever two paths join, holds exactly the function's results at
// OpReturn, and is never deeper than MaxStack; no path runs off the end
// of the code. For the program: Main and Init name functions, the
// dynamic types and layouts name types, layouts, strings and functions
// that exist, and the inlining trees' nodes name call instructions and
// the functions they call.
//
// Unreachable instructions have their operands checked, not their
// depths: no path gives them one.

// maxVerifyErrors bounds the problems Verify reports.
const maxVerifyErrors = 10

// Verify checks that p is well formed (see above). The error lists the
// first problems found, one a line.
func Verify(p *Program) error {
	v := verifier{p: p}
	v.program()
	for fi := range p.Funcs {
		v.function(int32(fi))
	}
	if len(v.errs) == 0 {
		return nil
	}
	if v.more > 0 {
		v.errs = append(v.errs, errors.New("vm.Verify: and "+itoa(int64(v.more))+" more"))
	}
	return errors.Join(v.errs...)
}

type verifier struct {
	p    *Program
	errs []error
	more int
}

func (v *verifier) errorf(where, msg string) {
	if len(v.errs) == maxVerifyErrors {
		v.more++
		return
	}
	v.errs = append(v.errs, errors.New("vm.Verify: "+where+": "+msg))
}

// program checks the program's tables.
func (v *verifier) program() {
	p := v.p
	if len(p.Funcs) == 0 {
		v.errorf("program", "no functions")
		return
	}
	if msg := inRange(int32(p.Main), len(p.Funcs), "Main: function"); msg != "" {
		v.errorf("program", msg)
	}
	if p.Init != -1 {
		if msg := inRange(int32(p.Init), len(p.Funcs), "Init: function"); msg != "" {
			v.errorf("program", msg)
		}
	}
	for li, l := range p.Layouts {
		for _, n := range l.Nested {
			if n != -1 && n != LayoutIface && n != LayoutFloat {
				if msg := inLayouts(p, nil, n); msg != "" {
					v.errorf("layout "+itoa(int64(li)), msg)
				}
			}
		}
	}
	for ti := range p.Types {
		v.typeInfo(ti)
	}
	v.inlining()
}

// inlining checks the inlining trees (Program.Inl): every function's root
// node and every node's function exist, and each inlined call of a node
// is a call instruction of the node's function whose callee is the
// child's function when it is a direct call.
func (v *verifier) inlining() {
	p := v.p
	for fi := range p.Funcs {
		if n := p.Funcs[fi].Inl; n != 0 && (n < 0 || int(n) >= len(p.Inl)) {
			v.errorf(p.Funcs[fi].Name, "inlining node "+itoa(int64(n))+" out of range")
		}
		v.inlTree(&p.Funcs[fi])
	}
	for ni := 1; ni < len(p.Inl); ni++ {
		node := &p.Inl[ni]
		where := "inlining node " + itoa(int64(ni))
		if msg := inRange(node.Fn, len(p.Funcs), "function"); msg != "" {
			v.errorf(where, msg)
			continue
		}
		code := p.Funcs[node.Fn].Code
		for _, c := range node.Calls {
			if c.PC < 0 || int(c.PC) >= len(code) || c.Node <= 0 || int(c.Node) >= len(p.Inl) {
				v.errorf(where, "inlined call at pc "+itoa(int64(c.PC))+" to node "+itoa(int64(c.Node))+" out of range")
				continue
			}
			switch in := code[c.PC]; in.Op {
			case OpCall:
				if p.Inl[c.Node].Fn != in.A {
					v.errorf(where, "the call at pc "+itoa(int64(c.PC))+" calls "+p.Funcs[in.A].Name+", its node is "+p.Funcs[p.Inl[c.Node].Fn].Name+"'s")
				}
			case OpCallClosure:
			default:
				v.errorf(where, "pc "+itoa(int64(c.PC))+" ("+in.Op.String()+") is not a call")
			}
		}
	}
}

// typeInfo checks dynamic type ti's references.
func (v *verifier) typeInfo(ti int) {
	p, t := v.p, &v.p.Types[ti]
	where := "type " + itoa(int64(ti)) + " " + t.Name
	check := func(msg string) {
		if msg != "" {
			v.errorf(where, msg)
		}
	}
	orNone := func(i int32, n int, what string) {
		if i != -1 {
			check(inRange(i, n, what))
		}
	}
	switch t.Kind {
	case KindSlice, KindArray, KindMap, KindChan, KindPtr:
		orNone(t.Elem, len(p.Types), "element type")
	}
	if t.Kind == KindMap {
		orNone(t.Key, len(p.Types), "key type")
	}
	orNone(t.Layout, len(p.Layouts), "layout")
	for _, f := range t.Fields {
		check(inRange(f.Type, len(p.Types), "field "+f.Name+": type"))
	}
	for _, m := range t.Methods {
		check(inStrings(p, nil, m.Name))
		check(inStrings(p, nil, m.Sig))
		orNone(m.Fn, len(p.Funcs), "method function")
		orNone(m.Copy, len(p.Layouts), "method receiver layout")
	}
}

// function checks function fi: its header, its operands, and the operand
// stack along every path.
func (v *verifier) function(fi int32) {
	p := v.p
	f := &p.Funcs[fi]
	name := f.Name
	if name == "" {
		name = "func " + itoa(int64(fi))
	}
	switch {
	case len(f.Code) == 0:
		v.errorf(name, "no code")
		return
	case len(f.Pos) != len(f.Code):
		v.errorf(name, itoa(int64(len(f.Code)))+" instructions but "+itoa(int64(len(f.Pos)))+" positions")
	case f.NParams < 0 || f.NResults < 0 || f.NParams > f.NLocals || f.MaxStack < 0:
		v.errorf(name, "params "+itoa(int64(f.NParams))+", results "+itoa(int64(f.NResults))+", locals "+itoa(int64(f.NLocals))+", maxstack "+itoa(int64(f.MaxStack)))
	case f.NoSplit && f.FrameSize >= stackSmall:
		v.errorf(name, "nosplit with a frame of "+itoa(int64(f.FrameSize))+" bytes (a nosplit frame is under StackSmall, "+itoa(stackSmall)+")")
	case f.Recover < 0 || int(f.Recover) > len(f.Code):
		v.errorf(name, "recovery point "+itoa(int64(f.Recover)-1)+" outside the code")
	}
	if len(p.Files) > 0 {
		if int(f.Decl.File) >= len(p.Files) || f.Decl.File < 0 {
			v.errorf(name, "declared in file "+itoa(int64(f.Decl.File))+" of "+itoa(int64(len(p.Files))))
		}
		for pc, pos := range f.Pos {
			if int(pos.File) >= len(p.Files) || pos.File < 0 {
				v.errorf(v.at(f, pc), "position in file "+itoa(int64(pos.File))+" of "+itoa(int64(len(p.Files))))
				break
			}
		}
	}
	bad := false
	for pc, in := range f.Code {
		if !v.instr(f, pc, in) {
			bad = true
		}
	}
	if !bad {
		v.depths(f)
	}
}

// at names instruction pc of f for an error.
func (v *verifier) at(f *Func, pc int) string {
	s := f.Name + ":" + itoa(int64(pc))
	if pc < len(f.Code) {
		s += " (" + f.Code[pc].Op.String() + ")"
	}
	return s
}

// instr checks the operands of f's instruction pc and reports whether
// they are well formed.
func (v *verifier) instr(f *Func, pc int, in Instr) bool {
	p := v.p
	if in.Op >= numOps {
		v.errorf(v.at(f, pc), "no such op")
		return false
	}
	ok := true
	fail := func(msg string) {
		if msg != "" {
			v.errorf(v.at(f, pc), msg)
			ok = false
		}
	}
	r := &opTable[in.Op]
	if c := operandKinds[r.A].check; c != nil {
		fail(c(p, f, in.A))
	}
	if c := operandKinds[r.B].check; c != nil {
		fail(c(p, f, in.B))
	}
	if c := operandKinds[r.C].check; c != nil {
		fail(c(p, f, in.C))
	}
	if !ok {
		return false
	}
	// What a row's raw operands (OperandNum) must be, op by op.
	switch in.Op {
	case OpCall:
		if callee := &p.Funcs[in.A]; int(in.B) != callee.NParams {
			fail("passes " + itoa(int64(in.B)) + " argument slots to " + callee.Name + ", which has " + itoa(int64(callee.NParams)))
		}
	case OpDefer, OpPanic, OpElemRef:
		which, x := "A", in.A
		if in.Op != OpDefer {
			which, x = "B", in.B
		}
		if x != 0 && x != 1 {
			fail(which + " " + itoa(int64(x)) + " is neither 0 nor 1")
		}
	case OpMapIndex:
		fail(inRange(in.A, 4, "OpMapIndex's flags (bit 0: ok, bit 1: an iteration's step)"))
		if in.B != -1 {
			fail(inLayouts(p, f, in.B))
		}
	case OpMapKeys:
		fail(inRange(in.A, MapKeysFloat+1, "OpMapKeys mode"))
	case OpAssert:
		fail(inTypes(p, f, in.A))
		fail(inTypes(p, f, in.B>>2))
		if in.B&3 == 3 {
			fail("mode 3 is neither AssertOK nor AssertTest")
		}
	case OpAtomic:
		if pop, _ := atomicEffect(in, p, f); pop < 0 {
			fail("no atomic operation " + itoa(int64(in.A)) + " with B " + itoa(int64(in.B)))
		}
	case OpStrings:
		fail(inRange(in.A, numStr, "OpStrings function"))
		if in.B != 0 {
			fail(inTypes(p, f, in.B))
		}
	case OpSync:
		fail(inRange(in.A, len(syncArgs), "OpSync operation"))
	case OpFmtAny:
		if verb := in.A & (1<<21 - 1); verb > FmtRunPrintln {
			fail("verb " + itoa(int64(verb)) + " out of range")
		}
	}
	return ok
}

// OperandDepths is the operand stack's depth before each instruction of
// f (-1 where no path reaches it) and the deepest it gets, as Verify
// follows them; err is what Verify finds wrong with f's stack use. The
// code generator reads it where it rewrites code (lang/ssagen/splice.go).
func OperandDepths(p *Program, f *Func) (depth []int, maxDepth int, err error) {
	v := verifier{p: p}
	depth, maxDepth = v.followDepths(f)
	return depth, maxDepth, errors.Join(v.errs...)
}

// inlTree checks f's spliced bodies: an index for each instruction, each
// entry's function in range, its parent an earlier entry (or -1) and its
// call site an instruction of the parent's body.
func (v *verifier) inlTree(f *Func) {
	if f.InlTree == nil && f.InlIndex == nil {
		return
	}
	if len(f.InlIndex) != len(f.Code) {
		v.errorf(f.Name, "InlIndex has "+itoa(int64(len(f.InlIndex)))+" entries for "+itoa(int64(len(f.Code)))+" instructions")
		return
	}
	for i, e := range f.InlTree {
		where := f.Name + ": InlTree entry " + itoa(int64(i))
		switch {
		case inRange(e.Fn, len(v.p.Funcs), "function") != "":
			v.errorf(where, inRange(e.Fn, len(v.p.Funcs), "function"))
		case e.Parent < -1 || e.Parent >= int32(i):
			v.errorf(where, "parent "+itoa(int64(e.Parent))+" is not an earlier entry")
		case e.ParentPC < 0 || int(e.ParentPC) >= len(f.Code) || f.InlIndex[e.ParentPC] != e.Parent:
			v.errorf(where, "call site pc "+itoa(int64(e.ParentPC))+" is not in its parent's body")
		}
	}
	for pc, x := range f.InlIndex {
		if x < -1 || int(x) >= len(f.InlTree) {
			v.errorf(v.at(f, pc), "InlIndex "+itoa(int64(x))+" out of range")
		}
	}
}

// depths checks the operand stack's depth along every path of f.
func (v *verifier) depths(f *Func) {
	errs, more := len(v.errs), v.more
	if _, maxDepth := v.followDepths(f); len(v.errs) == errs && v.more == more && maxDepth > f.MaxStack {
		v.errorf(f.Name, "the operand stack reaches "+itoa(int64(maxDepth))+" but MaxStack is "+itoa(int64(f.MaxStack)))
	}
}

// followDepths follows the operand stack's depth along every path of f
// from its entry and its recovery point.
func (v *verifier) followDepths(f *Func) (depth []int, maxDepth int) {
	const unknown = -1
	depth = make([]int, len(f.Code))
	for i := range depth {
		depth[i] = unknown
	}
	var work []int
	reach := func(from, to, d int) bool {
		if to >= len(f.Code) {
			v.errorf(v.at(f, from), "runs off the end of the code")
			return false
		}
		switch depth[to] {
		case unknown:
			depth[to] = d
			work = append(work, to)
		case d:
		default:
			v.errorf(v.at(f, to), "operand depth "+itoa(int64(depth[to]))+" on one path and "+itoa(int64(d))+" on another (from "+itoa(int64(from))+")")
			return false
		}
		return true
	}
	depth[0] = 0
	work = append(work, 0)
	if f.Recover > 0 && !reach(int(f.Recover)-1, int(f.Recover)-1, 0) {
		return
	}
	for len(work) > 0 {
		pc := work[len(work)-1]
		work = work[:len(work)-1]
		in, d := f.Code[pc], depth[pc]
		pop, push := StackEffect(in, v.p, f)
		if pop < 0 || push < 0 {
			v.errorf(v.at(f, pc), "no stack effect for operands "+itoa(int64(in.A))+" "+itoa(int64(in.B)))
			return
		}
		if d < pop {
			v.errorf(v.at(f, pc), "pops "+itoa(int64(pop))+" operands from a stack of "+itoa(int64(d)))
			return
		}
		switch {
		case in.Op == OpReturn && d != pop:
			v.errorf(v.at(f, pc), "returns with "+itoa(int64(d))+" operands for "+itoa(int64(pop))+" results")
			return
		case in.Op == OpFmtAny && int(in.A>>21) != d-pop:
			v.errorf(v.at(f, pc), "operand depth "+itoa(int64(in.A>>21))+" in A, but the operand is at depth "+itoa(int64(d-pop)))
			return
		}
		d += push - pop
		maxDepth = max(maxDepth, d)
		ok := true
		switch opTable[in.Op].Flow {
		case FlowNext:
			ok = reach(pc, pc+1, d)
		case FlowBranch:
			ok = reach(pc, int(in.A), d) && reach(pc, pc+1, d)
		case FlowJump:
			ok = reach(pc, int(in.A), d)
		}
		if !ok {
			return
		}
	}
	return depth, maxDepth
}
