package lang

import (
	"errors"
	"go/ast"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// A panic of the code generator (here injected in the handler of
// cmp.Compare) is an internal compiler error: Error.Internal says it is
// the compiler's failure, not the program's, so that the command line
// reports it as a bug in gmplab (internal/bug), and the stack is kept for
// the report.
func TestInternalCompilerError(t *testing.T) {
	old := libHandlers["cmp.Compare"]
	t.Cleanup(func() { libHandlers["cmp.Compare"] = old })
	libHandlers["cmp.Compare"] = func(*fnState, *ast.CallExpr, callee, int) int { panic("injected fault") }
	src := []byte("package main\n\nimport (\n\t\"cmp\"\n\t\"fmt\"\n)\n\nfunc main() { fmt.Println(cmp.Compare(1, 2)) }\n")
	_, err := compileProgram("prog.go", src, false)
	var le *Error
	if !errors.As(err, &le) || !le.Internal {
		t.Fatalf("got %v, want an internal *Error", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "prog.go: internal compiler error: injected fault") || !strings.Contains(msg, "lang.TestInternalCompilerError") {
		t.Errorf("message:\n%s", msg)
	}

	// The go/ssa front end's (a fault injected before its code generator).
	ssaHook = func(*ssa.Program, *ssa.Package) { panic("injected fault") }
	t.Cleanup(func() { ssaHook = nil })
	_, err = CompileSSA("prog.go", src)
	if !errors.As(err, &le) || !le.Internal {
		t.Fatalf("go/ssa: got %v, want an internal *Error", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "prog.go: internal compiler error: injected fault") || !strings.Contains(msg, "lang.TestInternalCompilerError") {
		t.Errorf("go/ssa: message:\n%s", msg)
	}
	ssaHook = nil

	// The program's own errors are not internal.
	_, err = Compile("prog.go", []byte("package main\n\nfunc main() { x }\n"))
	if !errors.As(err, &le) || le.Internal {
		t.Errorf("a compile error of the program: %v (internal: %v)", err, le != nil && le.Internal)
	}
}
