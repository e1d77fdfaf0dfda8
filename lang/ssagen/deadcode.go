package ssagen

import (
	"go/constant"
	"go/token"
	"go/types"

	"golang.org/x/tools/go/ssa"
)

// Dead values. The Go compiler removes the values nothing live uses
// before it generates code (cmd/compile/internal/ssa/deadcode.go:
// liveValues): every block's control value, every call and every value
// with a side effect or a nil check is live, and so is every argument of
// a live value, transitively; the rest are removed, cycles of φs and
// arithmetic included. The seed article's
//
//	sum := 0
//	for j := 0; j < n; j++ { sum += j }
//	_ = sum
//
// compiles to a loop of INCQ, CMPQ and JGT (go build -gcflags=-S): the
// additions to sum and its φ feed only each other.
//
// deadValues marks the same on go/ssa's graph, over the instructions
// that compile to a pure value: φs, arithmetic and comparisons that
// cannot panic, conversions between numbers, a field of a struct value,
// an element of a tuple and the type changes that compile to nothing.
// Everything else is a root, as the compiler's calls and side effects
// are, with two simplifications where the VM's op is the compiler's pure
// value and its check in one (docs/assumptions.md, "Virtual CPU time"):
// a division by a variable and a shift by a signed variable count (the
// compiler keeps the panicdivide or panicshift check and drops the
// operation), and a load through a pointer (it keeps the nil check) are
// kept whole, as are an index of an array value and a comma-ok map
// lookup or type assertion.

// deadValues finds f's function's dead values (f.dead): the pure
// instructions that no root reaches through its operands.
func (f *fnGen) deadValues() {
	live := map[ssa.Instruction]bool{}
	var q []ssa.Instruction
	mark := func(in ssa.Instruction) {
		if !live[in] {
			live[in] = true
			q = append(q, in)
		}
	}
	for _, b := range f.fn.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.DebugRef); ok {
				continue // names a value for a debugger; no code
			}
			if !pureValue(in) {
				mark(in)
			}
		}
	}
	var ops []*ssa.Value
	for len(q) > 0 {
		in := q[len(q)-1]
		q = q[:len(q)-1]
		ops = in.Operands(ops[:0])
		for _, op := range ops {
			if x, ok := (*op).(ssa.Instruction); ok && *op != nil {
				mark(x)
			}
		}
	}
	f.dead = map[ssa.Instruction]bool{}
	for _, b := range f.fn.Blocks {
		for _, in := range b.Instrs {
			if _, ok := in.(*ssa.DebugRef); !ok && !live[in] {
				f.dead[in] = true
			}
		}
	}
}

// pureValue reports whether instruction in compiles to a value that has
// no effect but its result (so that it may be removed when nothing live
// reads it), as the VM's op for it does.
func pureValue(in ssa.Instruction) bool {
	switch in := in.(type) {
	case *ssa.Phi, *ssa.Extract, *ssa.Field, *ssa.ChangeType, *ssa.ChangeInterface:
		return true
	case *ssa.BinOp:
		// Strings (concatstrings, cmpstring), interfaces (which may
		// hold an uncomparable type) and arrays and structs (memequal)
		// are calls or can panic.
		return scalar(in.X.Type()) && !mayPanic(in)
	case *ssa.UnOp:
		return in.Op != token.MUL && in.Op != token.ARROW // a load, a receive
	case *ssa.Convert:
		return numeric(in.Type()) && numeric(in.X.Type())
	}
	return false
}

// mayPanic reports whether binary operation in can panic: an integer
// division or remainder whose divisor is not a non-zero constant, or a
// shift by a count of a signed type that is not a constant.
func mayPanic(in *ssa.BinOp) bool {
	switch in.Op {
	case token.QUO, token.REM:
		if !isInteger(in.X.Type()) {
			return false
		}
		c, ok := in.Y.(*ssa.Const)
		return !ok || c.Value == nil || constant.Sign(c.Value) == 0
	case token.SHL, token.SHR:
		if _, ok := in.Y.(*ssa.Const); ok {
			return false
		}
		b, ok := in.Y.Type().Underlying().(*types.Basic)
		return !ok || b.Info()&types.IsUnsigned == 0
	}
	return false
}

// scalar reports whether t is a number, a bool or a pointer: what a
// register holds and one instruction compares.
func scalar(t types.Type) bool {
	switch u := t.Underlying().(type) {
	case *types.Basic:
		return u.Info()&types.IsString == 0 && u.Kind() != types.UntypedNil
	case *types.Pointer, *types.Chan:
		return true
	}
	return false
}

// numeric reports whether t is an integer, float or complex type (or an
// unsafe.Pointer, which converts to uintptr as a move).
func numeric(t types.Type) bool {
	b, ok := t.Underlying().(*types.Basic)
	return ok && (b.Info()&types.IsNumeric != 0 || b.Kind() == types.UnsafePointer)
}
