package ssagen

import (
	"go/constant"
	"go/token"
	"go/types"
	"math"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// Arithmetic, comparisons and conversions. An integer of any width is an
// int64 in a slot, wrapped to its type's width after every operation
// that can overflow it (truncate); a float is its float64 bits (float32
// rounded after every operation, vm/float.go).

// pushConst pushes constant c.
func (f *fnGen) pushConst(c *ssa.Const) {
	t := c.Type()
	if c.Value == nil {
		// The zero value of t (or nil).
		f.pushZero(t)
		return
	}
	switch c.Value.Kind() {
	case constant.String:
		f.pushStr(constant.StringVal(c.Value))
	case constant.Bool:
		if constant.BoolVal(c.Value) {
			f.pushInt(1)
		} else {
			f.pushInt(0)
		}
	case constant.Int, constant.Float:
		if isFloat(t) {
			x, _ := constant.Float64Val(constant.ToFloat(c.Value))
			if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 {
				x = float64(float32(x))
			}
			f.pushInt(int64(math.Float64bits(x)))
			return
		}
		if isUnsigned64(t) {
			u, _ := constant.Uint64Val(constant.ToInt(c.Value))
			f.pushInt(int64(u))
			return
		}
		n, ok := constant.Int64Val(constant.ToInt(c.Value))
		if !ok {
			u, _ := constant.Uint64Val(constant.ToInt(c.Value))
			n = int64(u)
		}
		f.pushInt(n)
	default:
		f.g.fail(c.Pos(), "constant %s of type %s is not supported", c.Value, t)
	}
}

// pushFloat pushes the float constant x.
func (f *fnGen) pushFloat(x float64) { f.pushInt(int64(math.Float64bits(x))) }

// f32 is OpFloat's B for results of type t: 1 rounds to float32.
func f32(t types.Type) int32 {
	if b, ok := t.Underlying().(*types.Basic); ok && b.Kind() == types.Float32 {
		return 1
	}
	return 0
}

// truncate wraps the int on top of the stack to type t's width.
func (f *fnGen) truncate(t types.Type) {
	bits, signed := intBits(t)
	if bits == 64 {
		return
	}
	if signed {
		f.pushInt(int64(64 - bits))
		f.emit(vm.OpShl, 0, 0)
		f.pushInt(int64(64 - bits))
		f.emit(vm.OpShr, 0, 0)
		return
	}
	f.pushInt(1<<bits - 1)
	f.emit(vm.OpAnd, 0, 0)
}

// unOp generates -x, !x, ^x, *x and <-x.
func (f *fnGen) unOp(in *ssa.UnOp) {
	switch in.Op {
	case token.MUL:
		if f.steal[in] {
			if s := f.slot(in); s >= 0 {
				f.setValue(s, in.X) // the variable's object: nothing uses it after
			}
			return
		}
		if f.share[in] {
			return // in X's slot (f.same): nothing writes the object while in is used
		}
		if f.loadR(in, in.X, deref(in.X.Type())) {
			return
		}
		f.load(in.X, deref(in.X.Type()))
		f.define(in)
		return
	case token.ARROW:
		f.push(in.X)
		if in.CommaOk {
			f.emitCallOp(vm.OpRecv, 1, 0, 1, 2)
			f.storeTuple(in, 2)
			return
		}
		f.emitCallOp(vm.OpRecv, 0, 0, 1, 1)
		f.define(in)
		return
	}
	f.push(in.X)
	t := in.X.Type()
	switch in.Op {
	case token.NOT:
		f.emit(vm.OpNot, 0, 0)
	case token.SUB:
		if isFloat(t) {
			f.emit2(vm.OpFloat, vm.FNeg, f32(t), 1, 1)
		} else {
			f.emit(vm.OpNeg, 0, 0)
			f.truncate(t)
		}
	case token.XOR:
		f.pushInt(-1)
		f.emit(vm.OpXor, 0, 0)
		f.truncate(t)
	default:
		f.internal("unary " + in.Op.String())
	}
	f.define(in)
}

var intOps = map[token.Token]vm.Op{
	token.ADD: vm.OpAdd, token.SUB: vm.OpSub, token.MUL: vm.OpMul, token.QUO: vm.OpDiv,
	token.REM: vm.OpRem, token.AND: vm.OpAnd, token.OR: vm.OpOr, token.XOR: vm.OpXor,
	token.AND_NOT: vm.OpAndNot, token.SHL: vm.OpShl, token.SHR: vm.OpShr,
	token.EQL: vm.OpEq, token.NEQ: vm.OpNe, token.LSS: vm.OpLt, token.LEQ: vm.OpLe,
	token.GTR: vm.OpGt, token.GEQ: vm.OpGe,
}

// unsignedOps are the operators whose 64-bit unsigned result differs
// from the signed one.
var unsignedOps = map[token.Token]int32{
	token.QUO: vm.UDiv, token.REM: vm.URem, token.SHR: vm.UShr,
	token.LSS: vm.ULt, token.LEQ: vm.ULe, token.GTR: vm.UGt, token.GEQ: vm.UGe,
}

var strOps = map[token.Token]vm.Op{
	token.ADD: vm.OpConcat,
	token.EQL: vm.OpSEq, token.NEQ: vm.OpSNe, token.LSS: vm.OpSLt, token.LEQ: vm.OpSLe,
	token.GTR: vm.OpSGt, token.GEQ: vm.OpSGe,
}

var floatOps = map[token.Token]int32{
	token.ADD: vm.FAdd, token.SUB: vm.FSub, token.MUL: vm.FMul, token.QUO: vm.FDiv,
	token.EQL: vm.FEq, token.NEQ: vm.FNe, token.LSS: vm.FLt, token.LEQ: vm.FLe,
	token.GTR: vm.FGt, token.GEQ: vm.FGe,
}

// binOp applies op to the two operands on the stack, of types xt and yt
// (they differ only for shifts and comparisons with nil).
func (f *fnGen) binOp(op token.Token, xt, yt types.Type) {
	t := xt
	if (op == token.EQL || op == token.NEQ) && types.IsInterface(yt) && !types.IsInterface(xt) {
		t = yt
	}
	switch {
	case types.IsInterface(t) && (op == token.EQL || op == token.NEQ):
		f.emitCallOp(vm.OpIfaceEq, 0, 0, 2, 1)
		if op == token.NEQ {
			f.emit(vm.OpNot, 0, 0)
		}
		return
	case isObject(t) && (op == token.EQL || op == token.NEQ):
		f.emitCallOp(vm.OpObjEq, f.g.types.layout(t), 0, 2, 1)
		if op == token.NEQ {
			f.emit(vm.OpNot, 0, 0)
		}
		return
	case isFloat(t):
		fop, ok := floatOps[op]
		if !ok {
			f.internal("float " + op.String())
		}
		b := f32(t)
		if fop >= vm.FEq {
			b = 0
		}
		f.emit2(vm.OpFloat, fop, b, 2, 1)
		return
	case isString(t):
		sop, ok := strOps[op]
		if !ok {
			f.internal("string " + op.String())
		}
		if sop == vm.OpConcat {
			f.emitCallOp(sop, 0, 0, 2, 1)
		} else {
			f.emit(sop, 0, 0)
		}
		return
	}
	if isUnsigned64(t) {
		if uop, ok := unsignedOps[op]; ok {
			f.emit2(vm.OpUnsigned, uop, 0, 2, 1)
			return
		}
	}
	if (op == token.SHL || op == token.SHR) && isUnsigned64(yt) {
		// A shift count of an unsigned type is never negative: one
		// above 63 shifts everything out.
		f.shiftUnsignedCount(op, t)
		return
	}
	iop, ok := intOps[op]
	if !ok {
		f.internal("integer " + op.String())
	}
	f.emit(iop, 0, 0)
	switch op {
	case token.ADD, token.SUB, token.MUL, token.SHL, token.QUO, token.XOR, token.AND_NOT, token.OR, token.AND, token.SHR, token.REM:
		f.truncate(t)
	}
}

// shiftUnsignedCount shifts by a count of type uint64 (or uint, uintptr)
// on the stack: a count with the top bit set would read as negative, so
// it is clamped to 64 first.
func (f *fnGen) shiftUnsignedCount(op token.Token, t types.Type) {
	// x n → x min(n, 64) as unsigned: n > 64 unsigned ⇔ ULt(64, n).
	k := f.newSlot(8)
	f.emit(vm.OpStore, k, 0)
	f.emit(vm.OpLoad, k, 0)
	f.pushInt(64)
	f.emit2(vm.OpUnsigned, vm.UGt, 0, 2, 1)
	skip := len(f.code)
	f.emit(vm.OpJumpIfNot, 0, 0)
	f.pushInt(64)
	f.emit(vm.OpStore, k, 0)
	f.code[skip].A = int32(len(f.code))
	f.emit(vm.OpLoad, k, 0)
	if op == token.SHR && isUnsigned64(t) {
		f.emit2(vm.OpUnsigned, vm.UShr, 0, 2, 1)
		return
	}
	if op == token.SHL {
		f.emit(vm.OpShl, 0, 0)
	} else {
		f.emit(vm.OpShr, 0, 0)
	}
	f.truncate(t)
}

// convert converts the value on the stack from type from to type to.
func (f *fnGen) convert(from, to types.Type) {
	fu, tu := from.Underlying(), to.Underlying()
	fb, fok := fu.(*types.Basic)
	tb, tok := tu.(*types.Basic)
	switch {
	case fok && tok && fb.Info()&types.IsFloat != 0 && tb.Info()&types.IsFloat != 0:
		if tb.Kind() == types.Float32 && fb.Kind() != types.Float32 {
			f.emit2(vm.OpFloat, vm.FRound, 1, 1, 1)
		}
	case fok && tok && fb.Info()&types.IsInteger != 0 && tb.Info()&types.IsFloat != 0:
		op := int32(vm.FFromInt)
		if isUnsigned64(from) {
			op = vm.FFromUint
		}
		f.emit2(vm.OpFloat, op, f32(to), 1, 1)
	case fok && tok && fb.Info()&types.IsFloat != 0 && tb.Info()&types.IsInteger != 0:
		bits, signed := intBits(to)
		switch {
		case bits == 64 && signed:
			f.emit2(vm.OpFloat, vm.FToInt, 0, 1, 1)
		case bits == 64:
			f.emit2(vm.OpFloat, vm.FToUint, 0, 1, 1)
		case bits == 32 && !signed:
			f.emit2(vm.OpFloat, vm.FToInt, 0, 1, 1)
			f.truncate(to)
		default:
			f.emit2(vm.OpFloat, vm.FToInt32, 0, 1, 1)
			f.truncate(to)
		}
	case fok && tok && fb.Info()&types.IsInteger != 0 && tb.Info()&types.IsInteger != 0:
		f.truncate(to)
	case fok && tok && fb.Info()&types.IsInteger != 0 && tb.Info()&types.IsString != 0:
		f.emitCallOp(vm.OpStrings, vm.StrFromRune, 0, 1, 1)
	case fok && fb.Info()&types.IsString != 0 && isByteOrRuneSlice(tu) != 0:
		code := int32(vm.StrToBytes)
		if isByteOrRuneSlice(tu) == 'r' {
			code = vm.StrToRunes
		}
		f.emitCallOp(vm.OpStrings, code, 0, 1, 1)
	case tok && tb.Info()&types.IsString != 0 && isByteOrRuneSlice(fu) != 0:
		code := int32(vm.StrFromBytes)
		if isByteOrRuneSlice(fu) == 'r' {
			code = vm.StrFromRunes
		}
		f.emitCallOp(vm.OpStrings, code, 0, 1, 1)
	case fok && tok:
		// string to string, unsafe.Pointer: the same value.
	default:
		// Between pointer, slice and func types of the same underlying
		// type: the same value.
	}
}

// isByteOrRuneSlice is 'b' for a []byte, 'r' for a []rune, else 0.
func isByteOrRuneSlice(t types.Type) byte {
	s, ok := t.(*types.Slice)
	if !ok {
		return 0
	}
	b, ok := s.Elem().Underlying().(*types.Basic)
	if !ok {
		return 0
	}
	switch b.Kind() {
	case types.Uint8:
		return 'b'
	case types.Int32:
		return 'r'
	}
	return 0
}

// continuesConcat reports whether in, a string +, continues the
// concatenation its left operand began: a + b + c, which the compiler
// makes one concatstrings call of all the operands (cmd/compile's
// walkAddString), one mallocgc of the result. go/ssa makes it two
// BinOps; the second is generated as an OpConcat with B 1, which the VM
// charges only the bytes it copies. Taken as one expression: the left
// operand is a + whose only use is this one, in the same block, on the
// same line, before it (s := a + b; t := s + c on one line is counted
// as one call too: a simplification, docs/assumptions.md).
func (f *fnGen) continuesConcat(in *ssa.BinOp) bool {
	x, ok := in.X.(*ssa.BinOp)
	if !ok || in.Op != token.ADD || x.Op != token.ADD || !isString(in.Type()) || !isString(x.Type()) {
		return false
	}
	if refs := x.Referrers(); refs == nil || len(*refs) != 1 || x.Block() != in.Block() {
		return false
	}
	if !x.Pos().IsValid() || !in.Pos().IsValid() || x.Pos() >= in.Pos() {
		return false
	}
	return f.g.fset.Position(x.Pos()).Line == f.g.fset.Position(in.Pos()).Line
}
