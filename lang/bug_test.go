package lang

import (
	"errors"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
)

// A panic of the compiler (here injected in a hook before the code
// generator) is an internal compiler error: Error.Internal says it is
// the compiler's failure, not the program's, so that the command line
// reports it as a bug in gmplab (internal/bug), and the stack is kept for
// the report.
func TestInternalCompilerError(t *testing.T) {
	src := []byte("package main\n\nimport (\n\t\"cmp\"\n\t\"fmt\"\n)\n\nfunc main() { fmt.Println(cmp.Compare(1, 2)) }\n")
	var le *Error
	// A fault injected before the code generator.
	ssaHook = func(*ssa.Program, *ssa.Package) { panic("injected fault") }
	t.Cleanup(func() { ssaHook = nil })
	_, err := CompileSSA("prog.go", src)
	if !errors.As(err, &le) || !le.Internal {
		t.Fatalf("got %v, want an internal *Error", err)
	}
	if msg := err.Error(); !strings.HasPrefix(msg, "prog.go: internal compiler error: injected fault") || !strings.Contains(msg, "lang.TestInternalCompilerError") {
		t.Errorf("message:\n%s", msg)
	}
	ssaHook = nil

	// The program's own errors are not internal.
	_, err = Compile("prog.go", []byte("package main\n\nfunc main() { x }\n"))
	if !errors.As(err, &le) || le.Internal {
		t.Errorf("a compile error of the program: %v (internal: %v)", err, le != nil && le.Internal)
	}
}

// GMPLAB_FRONTEND=ast selected the syntax-tree front end while both were
// there; now that it is gone, Compile says so instead of compiling with
// another one, and any other value is ignored.
func TestRemovedFrontendEnv(t *testing.T) {
	src := []byte("package main\n\nfunc main() {}\n")
	t.Setenv(removedFrontendEnv, "ast")
	_, err := Compile("prog.go", src)
	var le *Error
	if !errors.As(err, &le) || le.Internal || !strings.Contains(err.Error(), "GMPLAB_FRONTEND=ast: the syntax-tree front end was removed") {
		t.Errorf("GMPLAB_FRONTEND=ast: got %v, want the message that the front end was removed", err)
	}
	t.Setenv(removedFrontendEnv, "ssa")
	if _, err := Compile("prog.go", src); err != nil {
		t.Errorf("GMPLAB_FRONTEND=ssa: %v", err)
	}
}
