package cli

import (
	"errors"
	"fmt"

	"github.com/gmplab/gmplab/internal/bug"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/vm"
)

// gmplab's own failures (internal/bug): an internal compiler error, a
// panic in the engine or anywhere in a command. Each exits with
// bug.ExitCode (70) and a message that says it is gmplab's fault and what
// to attach to a report, never with a Go program's status 2 or a compile
// error's 1.

// compileSource compiles a program's source (lang.Compile; a test puts in
// a faulty compiler to check what a bug looks like).
var compileSource = lang.Compile

// compileResult turns a compilation's error into the command's: a compile
// error of the program exits 1 with the compiler's lines; one of the
// compiler itself is a bug.
func compileResult(prog *vm.Program, err error) (*vm.Program, error) {
	if err == nil {
		return prog, nil
	}
	var le *lang.Error
	if errors.As(err, &le) && le.Internal {
		return nil, &ExitError{Code: bug.ExitCode, Msg: bug.Report("the compiler failed", err.Error())}
	}
	return nil, &ExitError{Code: 1, Msg: err.Error()}
}

// recoverBug, deferred, turns a panic in a command into a bug report: the
// command's result becomes an ExitError with bug.ExitCode. context says
// what the engine was doing (the last event), if anything.
func recoverBug(err *error, context func() string) {
	r := recover()
	if r == nil {
		return
	}
	ctx := ""
	if context != nil {
		ctx = context()
	}
	*err = &ExitError{Code: bug.ExitCode, Msg: bug.Panic(fmt.Sprintf("a panic in gmplab (%.200v)", r), r, ctx)}
}
