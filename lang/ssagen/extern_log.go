package ssagen

import (
	"go/types"
	"path/filepath"

	"github.com/gmplab/gmplab/vm"
)

// log's print functions: the message (fmt's Sprint, Sprintf or Sprintln),
// the line Logger.output makes of it with the flags, the prefix, the
// simulated clock and the call's file and line (vm/host_log.go: LogLine),
// written to os.Stderr; then os.Exit(1) for Fatal*, panic(message) for
// Panic*. The flags and the prefix are the variables of log's stub.

func init() {
	for _, kind := range []string{"Print", "Fatal", "Panic"} {
		for suffix, mode := range map[string]rune{"": vm.FmtRunPrint, "ln": vm.FmtRunPrintln, "f": vm.FmtRunPrintf} {
			bind("log."+kind+suffix, func(c *extCall) { logOutput(c, kind, mode) })
		}
	}
}

func logOutput(c *extCall, kind string, mode rune) {
	f := c.f
	log := f.g.ssa.ImportedPackage("log")
	msg := f.newSlot(16)
	fmtText(c, mode, 0)
	f.emit(vm.OpStore, msg, 0)
	f.load(log.Var("flags"), log.Var("flags").Type().(interface{ Elem() types.Type }).Elem())
	f.pushInt(vm.LogStdFlags)
	f.emit(vm.OpXor, 0, 0)
	f.load(log.Var("prefix"), log.Var("prefix").Type().(interface{ Elem() types.Type }).Elem())
	f.setPos(c.pos)
	f.emitCallOp(vm.OpNow, 0, 0, 0, 1)
	pos := f.g.fset.Position(c.pos)
	f.pushStr(filepath.ToSlash(pos.Filename))
	f.pushInt(int64(pos.Line))
	f.emit(vm.OpLoad, msg, 0)
	f.host("log.output", 0)
	f.emitCallOp(vm.OpPrint, 1, 1, 1, 0)
	switch kind {
	case "Fatal":
		f.emitCallOp(vm.OpExit, 1, 0, 0, 0)
	case "Panic":
		f.emit(vm.OpLoad, msg, 0)
		f.host("runtime.printindented", 0)
		f.emitCallOp(vm.OpPanic, 0, 0, 1, 0)
	}
}
