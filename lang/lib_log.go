package lang

import (
	"go/ast"
	"go/constant"
	"go/token"
	"go/types"
	"path/filepath"

	"github.com/gmplab/gmplab/vm"
)

// log: the standard logger (log/log.go). A line is the flags' header (the
// date and time from the simulated clock, so "2009/11/10 23:00:00 " at the
// start), the prefix, the message formatted as fmt.Sprint/Sprintf/Sprintln
// would, and a newline; it goes to stderr with a write(2) system call, as
// os.Stderr.Write makes (OpPrint with B=1). Fatal* then exit with status 1
// (os.Exit), Panic* panic with the message. The flags and the prefix live
// in two hidden globals of the program; the flags are stored xor
// LstdFlags, so the zeroed global is the default.
//
// Simplified: Llongfile names the file as gmplab was given it, not its
// absolute path; times are UTC, so LUTC changes nothing.

const logAPI = "log.Print, log.Printf, log.Println, log.Fatal, log.Fatalf, log.Fatalln, log.Panic, log.Panicf, log.Panicln, log.SetFlags, log.Flags, log.SetPrefix, log.Prefix, " +
	"log.Ldate, log.Ltime, log.Lmicroseconds, log.Llongfile, log.Lshortfile, log.LUTC, log.Lmsgprefix, log.LstdFlags"

func init() {
	registerPackage("log", logAPI,
		"Default Logger New Output SetOutput Writer",
		func(l *libs) *types.Package {
			p := types.NewPackage("log", "log")
			anyT := types.Universe.Lookup("any").Type()
			intT, stringT := types.Typ[types.Int], types.Typ[types.String]
			v := func(name string, t types.Type) *types.Var { return types.NewParam(token.NoPos, p, name, t) }
			fn := func(name string, variadic bool, res types.Type, params ...*types.Var) {
				var rs []*types.Var
				if res != nil {
					rs = append(rs, v("", res))
				}
				p.Scope().Insert(types.NewFunc(token.NoPos, p, name, types.NewSignatureType(nil, nil, nil, types.NewTuple(params...), types.NewTuple(rs...), variadic)))
			}
			anys := v("v", types.NewSlice(anyT))
			for _, kind := range []string{"Print", "Fatal", "Panic"} {
				fn(kind, true, nil, anys)
				fn(kind+"ln", true, nil, anys)
				fn(kind+"f", true, nil, v("format", stringT), anys)
			}
			fn("SetFlags", false, nil, v("flag", intT))
			fn("Flags", false, intT)
			fn("SetPrefix", false, nil, v("prefix", stringT))
			fn("Prefix", false, stringT)
			for i, n := range []string{"Ldate", "Ltime", "Lmicroseconds", "Llongfile", "Lshortfile", "LUTC", "Lmsgprefix"} {
				p.Scope().Insert(types.NewConst(token.NoPos, p, n, types.Typ[types.UntypedInt], constant.MakeInt64(1<<i)))
			}
			p.Scope().Insert(types.NewConst(token.NoPos, p, "LstdFlags", types.Typ[types.UntypedInt], constant.MakeInt64(vm.LogStdFlags)))
			// The standard logger's state (unexported: the program
			// cannot name them).
			p.Scope().Insert(types.NewVar(token.NoPos, p, "flags", intT))
			p.Scope().Insert(types.NewVar(token.NoPos, p, "prefix", stringT))
			p.MarkComplete()
			return p
		})
	for _, kind := range []string{"Print", "Fatal", "Panic"} {
		for _, suffix := range []string{"", "ln", "f"} {
			key := "log." + kind + suffix
			fmtKey := map[string]string{"": "fmt.Sprint", "ln": "fmt.Sprintln", "f": key}[suffix]
			libHandlers[key] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
				fs.logOutput(call, fmtKey, kind)
				return 0
			}
		}
	}
	libHandlers["log.SetFlags"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(call.Args[0])
		fs.pushInt(vm.LogStdFlags)
		fs.emit(vm.OpXor, 0, 0, 2, 1)
		fs.emit(vm.OpStoreGlob, fs.logGlobal("flags"), 0, 1, 0)
		return 0
	}
	libHandlers["log.Flags"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.emit(vm.OpLoadGlob, fs.logGlobal("flags"), 0, 0, 1)
		fs.pushInt(vm.LogStdFlags)
		fs.emit(vm.OpXor, 0, 0, 2, 1)
		return 1
	}
	libHandlers["log.SetPrefix"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.expr(call.Args[0])
		fs.emit(vm.OpStoreGlob, fs.logGlobal("prefix"), 0, 1, 0)
		return 0
	}
	libHandlers["log.Prefix"] = func(fs *fnState, call *ast.CallExpr, ce callee, want int) int {
		fs.emit(vm.OpLoadGlob, fs.logGlobal("prefix"), 0, 0, 1)
		return 1
	}
}

// logGlobal is the global slot of the standard logger's field name, made
// when first used.
func (fs *fnState) logGlobal(name string) int32 {
	c := fs.c
	v := c.libs.lookup("log").Scope().Lookup(name).(*types.Var)
	g, ok := c.globals[v]
	if !ok {
		g = int32(len(c.globals))
		c.globals[v] = g
		c.prog.Globals = len(c.globals)
	}
	return g
}

// logOutput compiles a call of log's Print*, Fatal* or Panic*: the message
// (fmtKey's formatting), the line (Logger.output), its write, then
// os.Exit(1) or panic(message).
func (fs *fnState) logOutput(call *ast.CallExpr, fmtKey, kind string) {
	c := fs.c
	msg := fs.newSlot(16)
	fs.fmtCall(call, fmtKey)
	fs.emit(vm.OpStore, msg, 0, 1, 0)
	pos := c.fset.Position(call.Pos())
	fs.emit(vm.OpLoadGlob, fs.logGlobal("flags"), 0, 0, 1)
	fs.emit(vm.OpLoadGlob, fs.logGlobal("prefix"), 0, 0, 1)
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpNow, 0, 0, 0, 1)
	fs.pushStr(filepath.ToSlash(pos.Filename))
	fs.pushInt(int64(pos.Line))
	fs.emit(vm.OpLoad, msg, 0, 0, 1)
	fs.host("log.output")
	fs.setPos(call.Lparen)
	fs.emitOp(vm.OpPrint, 1, 1, 1, 0)
	switch kind {
	case "Fatal":
		fs.emitOp(vm.OpExit, 1, 0, 0, 0)
	case "Panic":
		fs.emit(vm.OpLoad, msg, 0, 0, 1)
		fs.host("runtime.printindented")
		fs.emit(vm.OpPanic, 0, 0, 1, 0)
	}
}
