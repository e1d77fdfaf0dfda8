package ssagen

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// The register form (vm/regops.go): the hot instructions read their
// operands from the values' slots and write their result into its slot
// in one VM instruction (integer arithmetic and comparisons, a comparison
// with the branch it decides, a field or an element, a length, a
// variable's box, a move on a φ's edge). A constant operand is an
// immediate where the instruction has a form for one (OpAddI: x + 3),
// else it is first put in a temporary slot (OpMovI). What is not here
// goes through the operand stack.

// temp is scratch slot k of the function (of strings if str), for an
// operand made on the spot; the same k is reused by the next instruction.
func (f *fnGen) temp(k int, str bool) int32 {
	c := 0
	if str {
		c = 1
	}
	for len(f.temps[c]) <= k {
		f.temps[c] = append(f.temps[c], f.newSlot(slotBytesOfClass(c)))
	}
	return f.temps[c][k]
}

// src is a slot that holds v's value: its own, or temporary k made here
// for a constant, a function, a global's address or a free variable.
func (f *fnGen) src(v ssa.Value, k int) int32 {
	switch x := v.(type) {
	case *ssa.Alloc:
		if a := f.alias[x]; a != nil {
			return f.src(a, k)
		}
	case *ssa.Const:
		t := f.temp(k, isString(v.Type()))
		if x.Value != nil && x.Value.Kind() == constant.String {
			f.emit3(vm.OpMovS, t, f.g.str(constant.StringVal(x.Value)), 0)
			return t
		}
		if n, ok := constInt(x); ok {
			f.emit3(vm.OpMovI, t, int32(n>>32), int32(uint32(n)))
			return t
		}
	case *ssa.FreeVar:
		if fv := f.frees[x]; !fv.isBox {
			t := f.temp(k, false)
			f.emit3(vm.OpLoadFreeR, t, fv.index, 0)
			return t
		}
	}
	if s, ok := f.values[v]; ok {
		return s
	}
	// A function, a global's address, a boxed free variable's box: by
	// the stack.
	t := f.temp(k, isString(v.Type()))
	f.push(v)
	f.emit(vm.OpStore, t, 0)
	return t
}

// dst is the slot that v's value goes to: its own, or a scratch one if
// nothing reads v (the instruction still runs: it may panic).
func (f *fnGen) dst(v ssa.Value) int32 {
	if s := f.slot(v); s >= 0 {
		return s
	}
	return f.temp(3, isString(v.Type()))
}

// emit3 appends a register-form instruction (no stack effect).
func (f *fnGen) emit3(op vm.Op, a, b, c int32) {
	f.code = append(f.code, vm.Instr{Op: op, A: a, B: b, C: c})
	f.pos = append(f.pos, f.cur)
}

// constInt is the value of an integer, bool or float constant as the VM
// holds it (ok false for another, or for nil).
func constInt(c *ssa.Const) (int64, bool) {
	if c.Value == nil {
		if !isString(c.Type()) && reprOf(c.Type()) == rWord {
			return 0, true // the zero value
		}
		return 0, false
	}
	t := c.Type()
	switch c.Value.Kind() {
	case constant.Bool:
		if constant.BoolVal(c.Value) {
			return 1, true
		}
		return 0, true
	case constant.Int, constant.Float:
		if isFloat(t) {
			x, _ := constant.Float64Val(constant.ToFloat(c.Value))
			if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 {
				x = float64(float32(x))
			}
			return int64(math.Float64bits(x)), true
		}
		if isUnsigned64(t) {
			u, _ := constant.Uint64Val(constant.ToInt(c.Value))
			return int64(u), true
		}
		n, ok := constant.Int64Val(constant.ToInt(c.Value))
		if !ok {
			u, _ := constant.Uint64Val(constant.ToInt(c.Value))
			n = int64(u)
		}
		return n, true
	}
	return 0, false
}

// imm is v as an immediate operand, if it is an integer constant that
// fits in 32 bits.
func imm(v ssa.Value) (int32, bool) {
	c, ok := v.(*ssa.Const)
	if !ok || isFloat(v.Type()) {
		return 0, false
	}
	n, ok := constInt(c)
	if !ok || n != int64(int32(n)) {
		return 0, false
	}
	return int32(n), true
}

// regInt reports whether values of type t are integers (or bools,
// pointers…) the register form computes on: not floats, strings,
// interfaces or objects.
func regInt(t types.Type) bool {
	if isFloat(t) || isString(t) || types.IsInterface(t) || reprOf(t) != rWord {
		return false
	}
	return true
}

// The register form of each integer operator: with two slots, with an
// immediate C (none: no such form).
var regOps = map[token.Token][2]vm.Op{
	token.ADD: {vm.OpAddR, vm.OpAddI}, token.SUB: {vm.OpSubR, 0}, token.MUL: {vm.OpMulR, vm.OpMulI},
	token.QUO: {vm.OpDivR, vm.OpDivI}, token.REM: {vm.OpRemR, vm.OpRemI}, token.AND: {vm.OpAndR, vm.OpAndI},
	token.OR: {vm.OpOrR, vm.OpOrI}, token.XOR: {vm.OpXorR, vm.OpXorI}, token.AND_NOT: {vm.OpAndNotR, 0},
	token.SHL: {vm.OpShlR, vm.OpShlI}, token.SHR: {vm.OpShrR, vm.OpShrI},
	token.EQL: {vm.OpEqR, vm.OpEqI}, token.NEQ: {vm.OpNeR, vm.OpNeI}, token.LSS: {vm.OpLtR, vm.OpLtI},
	token.LEQ: {vm.OpLeR, vm.OpLeI}, token.GTR: {vm.OpGtR, vm.OpGtI}, token.GEQ: {vm.OpGeR, vm.OpGeI},
}

// The branch form of each comparison.
var jumpOps = map[token.Token][2]vm.Op{
	token.EQL: {vm.OpJEqR, vm.OpJEqI}, token.NEQ: {vm.OpJNeR, vm.OpJNeI}, token.LSS: {vm.OpJLtR, vm.OpJLtI},
	token.LEQ: {vm.OpJLeR, vm.OpJLeI}, token.GTR: {vm.OpJGtR, vm.OpJGtI}, token.GEQ: {vm.OpJGeR, vm.OpJGeI},
}

// swapped is the comparison with its operands exchanged (a < b ⇔ b > a).
var swapped = map[token.Token]token.Token{
	token.EQL: token.EQL, token.NEQ: token.NEQ, token.LSS: token.GTR, token.LEQ: token.GEQ, token.GTR: token.LSS, token.GEQ: token.LEQ,
}

// negated is the comparison that holds when op does not.
var negated = map[token.Token]token.Token{
	token.EQL: token.NEQ, token.NEQ: token.EQL, token.LSS: token.GEQ, token.LEQ: token.GTR, token.GTR: token.LEQ, token.GEQ: token.LSS,
}

// isComparison reports whether op compares.
func isComparison(op token.Token) bool {
	_, ok := jumpOps[op]
	return ok
}

// regBinOp reports whether binary operation in has a register form: an
// integer operation (not one whose 64-bit unsigned result differs from
// the signed one, nor a shift by an unsigned 64-bit count).
func regBinOp(in *ssa.BinOp) bool {
	if !regInt(in.X.Type()) || !regInt(in.Y.Type()) {
		return false
	}
	if _, ok := regOps[in.Op]; !ok {
		return false
	}
	if isUnsigned64(in.X.Type()) {
		if _, ok := unsignedOps[in.Op]; ok {
			return false
		}
	}
	if (in.Op == token.SHL || in.Op == token.SHR) && isUnsigned64(in.Y.Type()) {
		return false
	}
	if in.Op == token.SHL || in.Op == token.SHR {
		if c, ok := imm(in.Y); ok && c < 0 {
			return false
		}
	}
	if in.Op == token.QUO || in.Op == token.REM {
		if c, ok := imm(in.Y); ok && c == 0 {
			return false // the panic, by the stack form
		}
	}
	return true
}

// regOperands are a binary operation's operator and its operands as the
// register form takes them: x a slot, y a slot (yImm false) or an
// immediate (yImm true); a constant x of a commutative operator or a
// comparison changes sides.
func (f *fnGen) regOperands(op token.Token, x, y ssa.Value, withImm bool) (token.Token, int32, int32, bool) {
	if _, ok := imm(x); ok && withImm {
		if _, ok := imm(y); !ok {
			switch op {
			case token.ADD, token.MUL, token.AND, token.OR, token.XOR:
				x, y = y, x
			case token.EQL, token.NEQ, token.LSS, token.LEQ, token.GTR, token.GEQ:
				x, y, op = y, x, swapped[op]
			}
		}
	}
	if c, ok := imm(y); ok && withImm {
		switch op {
		case token.SUB:
			if c != math.MinInt32 {
				return token.ADD, f.src(x, 0), -c, true
			}
		case token.AND_NOT:
			return token.AND, f.src(x, 0), ^c, true
		default:
			return op, f.src(x, 0), c, true
		}
	}
	return op, f.src(x, 0), f.src(y, 1), false
}

// binOpR generates binary operation in in the register form.
func (f *fnGen) binOpR(in *ssa.BinOp) {
	op, x, y, isImm := f.regOperands(in.Op, in.X, in.Y, true)
	ops := regOps[op]
	d := f.dst(in)
	if isImm && ops[1] != 0 {
		f.emit3(ops[1], d, x, y)
	} else {
		if isImm {
			y = f.src(in.Y, 1)
		}
		f.emit3(ops[0], d, x, y)
	}
	if !isComparison(in.Op) {
		f.truncR(d, in.Type())
	}
}

// truncR wraps the integer in slot s to type t's width.
func (f *fnGen) truncR(s int32, t types.Type) {
	bits, signed := intBits(t)
	if bits == 64 || !isInteger(t) {
		return
	}
	w := int32(bits)
	if signed {
		w = -w
	}
	f.emit3(vm.OpTruncR, s, s, w)
}

// fusesIf reports whether comparison in is generated with the branch it
// decides: an integer comparison that only the If right after it reads.
func fusesIf(in *ssa.BinOp) bool {
	if !isComparison(in.Op) || !regBinOp(in) {
		return false
	}
	refs := *in.Referrers()
	if len(refs) != 1 {
		return false
	}
	iff, ok := refs[0].(*ssa.If)
	if !ok || iff.Block() != in.Block() {
		return false
	}
	instrs := in.Block().Instrs
	return len(instrs) >= 2 && instrs[len(instrs)-2] == ssa.Instruction(in)
}

// jumpR emits a jump taken if cond holds (jumpIf) or does not: a fused
// comparison's branch, else one on cond's slot. It returns the jump's
// index, whose target (A) the caller sets.
func (f *fnGen) jumpR(cond ssa.Value, jumpIf bool) int {
	if c, ok := cond.(*ssa.BinOp); ok && f.fusedCmp[c] {
		op := c.Op
		if !jumpIf {
			op = negated[op]
		}
		op, x, y, isImm := f.regOperands(op, c.X, c.Y, true)
		j := jumpOps[op]
		at := len(f.code)
		if isImm {
			f.emit3(j[1], 0, x, y)
		} else {
			f.emit3(j[0], 0, x, y)
		}
		return at
	}
	s := f.src(cond, 0)
	op := vm.OpJFalse
	if jumpIf {
		op = vm.OpJTrue
	}
	at := len(f.code)
	f.emit3(op, 0, s, 0)
	return at
}

// jumpRTo is jumpR to block to.
func (f *fnGen) jumpRTo(cond ssa.Value, jumpIf bool, to *ssa.BasicBlock) {
	f.fixups = append(f.fixups, fixup{at: f.jumpR(cond, jumpIf), block: to.Index})
}

// setValue puts v's value in slot dst.
func (f *fnGen) setValue(dst int32, v ssa.Value) {
	if c, ok := v.(*ssa.Const); ok {
		if c.Value != nil && c.Value.Kind() == constant.String {
			f.emit3(vm.OpMovS, dst, f.g.str(constant.StringVal(c.Value)), 0)
			return
		}
		if n, ok := constInt(c); ok {
			f.emit3(vm.OpMovI, dst, int32(n>>32), int32(uint32(n)))
			return
		}
	}
	if s, ok := f.values[v]; ok {
		if s != dst {
			f.emit3(vm.OpMov, dst, s, 0)
		}
		return
	}
	f.push(v)
	f.emit(vm.OpStore, dst, 0)
}

// move is one copy of a φ's edge: slot dst from slot src, or from a
// constant.
type move struct {
	dst, src int32
	val      ssa.Value // the source value (a constant has no slot)
}

// parallelMoves performs the copies at once, as the φs of a block take
// their values together: a copy waits while its destination is another's
// source; a cycle goes through a temporary.
func (f *fnGen) parallelMoves(ms []move) {
	var consts []move
	pending := ms[:0:0]
	for _, m := range ms {
		if m.src < 0 {
			consts = append(consts, m)
		} else if m.src != m.dst {
			pending = append(pending, m)
		}
	}
	for len(pending) > 0 {
		progress := false
		for i := 0; i < len(pending); i++ {
			m := pending[i]
			blocked := false
			for j, o := range pending {
				if j != i && o.src == m.dst {
					blocked = true
					break
				}
			}
			if blocked {
				continue
			}
			f.emit3(vm.OpMov, m.dst, m.src, 0)
			pending = append(pending[:i], pending[i+1:]...)
			i--
			progress = true
		}
		if !progress {
			// A cycle: save one source, then read it from the temporary.
			m := pending[0]
			t := f.temp(2, f.slots[m.src] == 16)
			f.emit3(vm.OpMov, t, m.src, 0)
			for j := range pending {
				if pending[j].src == m.src {
					pending[j].src = t
				}
			}
		}
	}
	for _, m := range consts {
		f.setValue(m.dst, m.val)
	}
}
