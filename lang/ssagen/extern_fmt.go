package ssagen

import (
	"go/constant"
	"go/types"

	"golang.org/x/tools/go/ssa"

	"github.com/gmplab/gmplab/vm"
)

// fmt: one path. Every print function formats its operands (the []any
// go/ssa passes) with Go's doPrintf, doPrint or doPrintln ported into the
// VM (vm/fmt_runtime.go), the String and Error methods running as
// ordinary calls (OpFmtAny's run modes); the text is written with one
// write, as os.Stdout's or os.Stderr's Write (OpPrint). Errorf is Go
// source (lang/stubs/fmt) around errorfText and errorfWrap.

func init() {
	sprint := map[string]rune{
		"fmt.Sprintf": vm.FmtRunPrintf, "fmt.Sprint": vm.FmtRunPrint, "fmt.Sprintln": vm.FmtRunPrintln,
		"fmt.errorfText": vm.FmtRunErrorf,
	}
	for key, mode := range sprint {
		bind(key, func(c *extCall) { fmtText(c, mode, 0) })
	}
	print := map[string]rune{"fmt.Printf": vm.FmtRunPrintf, "fmt.Print": vm.FmtRunPrint, "fmt.Println": vm.FmtRunPrintln}
	for key, mode := range print {
		bind(key, func(c *extCall) {
			fmtText(c, mode, 0)
			if c.unused() {
				c.f.emitCallOp(vm.OpPrint, 0, 0, 1, 0)
				c.none = true
				return
			}
			c.f.emit(vm.OpDup, 0, 0)
			c.f.emitCallOp(vm.OpPrint, 0, 0, 1, 0)
			printResults(c.f)
		})
	}
	// Fprint, Fprintf and Fprintln: to os.Stdout or os.Stderr (an
	// *os.File made an io.Writer at the call), the text is written at the
	// call, as Print's is; to any other writer, fmt.fprintWriter (Go
	// source, lang/stubs/fmt) calls its Write.
	fprint := map[string]rune{"fmt.Fprintf": vm.FmtRunPrintf, "fmt.Fprint": vm.FmtRunPrint, "fmt.Fprintln": vm.FmtRunPrintln}
	for key, mode := range fprint {
		bind(key, func(c *extCall) {
			fmtText(c, mode, 1)
			if mi, ok := c.args[0].(*ssa.MakeInterface); ok && isOSFile(mi.X.Type()) {
				// The *os.File is the interface's value (its slot 1).
				writeFile(c.f, func() {
					c.push(0)
					c.f.emit(vm.OpField, 1, 0)
				})
				if c.unused() {
					c.f.emit(vm.OpPop, 0, 0)
					c.none = true
					return
				}
				printResults(c.f)
				return
			}
			f := c.f
			text := f.newSlot(16)
			f.emit(vm.OpStore, text, 0)
			c.push(0)
			f.emit(vm.OpLoad, text, 0)
			f.emitCall(f.g.funcIndex(f.g.ssa.ImportedPackage("fmt").Func("fprintWriter")), 2, 2)
		})
	}
	// (*os.File).WriteString: the text, written; Write is Go source
	// (lang/stubs/os) around it.
	bind("(*os.File).WriteString", func(c *extCall) {
		c.push(1)
		writeFile(c.f, func() { c.push(0) })
		printResults(c.f)
	})
	// os.eof: io.EOF where the program has package io (what reads a
	// File as an io.Reader imports it); else an error of its text.
	bind("os.eof", func(c *extCall) {
		f := c.f
		if io := f.g.ssa.ImportedPackage("io"); io != nil && io.Var("EOF") != nil {
			v := io.Var("EOF")
			f.load(v, v.Type().(*types.Pointer).Elem())
			return
		}
		f.pushStr("EOF")
		f.emitCallOp(vm.OpMakeIface, f.g.types.errorString(), 0, 1, 1)
	})
	for _, key := range []string{"fmt.errorfWrap", "fmt.errorfWraps"} {
		bind(key, func(c *extCall) {
			c.pushAll()
			c.f.host("fmt.errorfWrap", 0)
		})
	}
}

// fmtText pushes the text of a print function's call in mode: the format
// (args[skip], for the Printf modes) and the []any after it.
func fmtText(c *extCall, mode rune, skip int) {
	f := c.f
	if mode == vm.FmtRunPrint || mode == vm.FmtRunPrintln {
		f.pushStr("")
	} else {
		c.push(skip)
		skip++
	}
	c.push(skip)
	f.emitCallOp(vm.OpFmtAny, int32(f.depth-2)<<21|int32(mode), 0, 2, 1)
}

// writeFile writes the text on top of the stack to the *os.File pushW
// pushes (its file descriptor: 1 os.Stdout, 2 os.Stderr; another writes
// nothing) and leaves the text.
func writeFile(f *fnGen, pushW func()) {
	text := f.newSlot(16)
	f.emit(vm.OpStore, text, 0)
	var ends []int
	for _, fd := range []int64{2, 1} {
		pushW()
		f.pushInt(fd)
		f.emit(vm.OpEq, 0, 0)
		next := len(f.code)
		f.emit(vm.OpJumpIfNot, 0, 0)
		f.emit(vm.OpLoad, text, 0)
		if fd == 2 {
			f.emitCallOp(vm.OpPrint, 1, 1, 1, 0)
		} else {
			f.emitCallOp(vm.OpPrint, 0, 0, 1, 0)
		}
		ends = append(ends, len(f.code))
		f.emit(vm.OpJump, 0, 0)
		f.code[next].A = int32(len(f.code))
	}
	for _, e := range ends {
		f.code[e].A = int32(len(f.code))
	}
	f.emit(vm.OpLoad, text, 0)
}

// isOSFile reports whether t is *os.File.
func isOSFile(t types.Type) bool {
	p, ok := t.(*types.Pointer)
	if !ok {
		return false
	}
	n, ok := types.Unalias(p.Elem()).(*types.Named)
	return ok && n.Obj().Pkg() != nil && n.Obj().Pkg().Path() == "os" && n.Obj().Name() == "File"
}

// printResults replaces the text written on top of the stack by a print
// function's results: its length in bytes and a nil error.
func printResults(f *fnGen) {
	f.emit(vm.OpSLen, 0, 0)
	f.pushInt(0)
}

// constBool is the value of a constant bool operand (false if it is not
// one).
func constBool(v ssa.Value) bool {
	c, ok := v.(*ssa.Const)
	return ok && c.Value != nil && c.Value.Kind() == constant.Bool && constant.BoolVal(c.Value)
}
