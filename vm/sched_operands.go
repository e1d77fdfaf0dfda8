package vm

// The scheduler ops' operands. A scheduler op's operands are on the G's
// operand stack, pushed by the code before it; package runtime takes them
// with Operands, which pops as many as the op's row in the op table says
// (StackEffect) and hands them over bottom first: in the order the row's
// Stack column names them ("ch v → ..." gives ops[0] the channel and
// ops[1] the value). The results go back with Thread.Push, in the order
// the row gives too. So the operands' number and order are written in
// one place, the row, which the front end's emit and the verifier check
// against as well.

// Operands pops the operands of the scheduler op in that t stopped at
// and returns them bottom first (see above). The slice shares t's stack:
// it is good until the next Push on t.
func (mc *Machine) Operands(t *Thread, in Instr) []Value {
	ops := mc.PeekOperands(t, in)
	t.vals = t.vals[:len(t.vals)-len(ops)]
	return ops
}

// PeekOperands is Operands without popping them, for an op that may have
// to wait and then runs again (Lock, semacquire): DropOperands pops them
// when it goes through.
func (mc *Machine) PeekOperands(t *Thread, in Instr) []Value {
	n, _ := StackEffect(in, mc.prog, nil)
	if n < 0 || n > len(t.vals) {
		panic("vm: the operands of " + in.Op.String() + " " + itoa(int64(in.A)) + " " + itoa(int64(in.B)) + " are not on the stack (a program vm.Verify rejects)")
	}
	k := len(t.vals)
	return t.vals[k-n : k : k]
}

// DropOperands pops the operands of in (see PeekOperands).
func (mc *Machine) DropOperands(t *Thread, in Instr) { mc.Operands(t, in) }
