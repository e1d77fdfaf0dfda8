package runtime

// The VM (package vm) runs the Gs' Go code; the scheduler asks it to run a
// G's Thread for a budget and acts on why it stopped (machine.go: runG).
// The program form (vm.Program, vm.Pos, vm.Value, the opcodes vm.OpX)
// has one name, vm's, in the scheduler's code and in every package above
// it. A scheduler op's operands are taken with vm.Machine.Operands, in the
// order the op's row in vm's op table gives (intrinsics.go).
//
// Why runtime imports vm rather than defining an interface vm implements:
// the scheduler ops' operands (a channel value, a select's case table, the
// function table a traceback walks) are the program form's own data, so an
// interface would re-declare Program, Value and Pos here and copy them at
// every op. vm imports nothing of gmplab, so dependencies still point one
// way: vm ← runtime ← view, debugger, cli.
