package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/bug"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/vm"
)

// A bug in gmplab (issue 17 point 8) exits with bug.ExitCode and says it
// is gmplab's fault and what to attach, whatever part of gmplab failed;
// the program's own panic still exits 2. Each case injects a fault.

const bugProg = `package main

import "fmt"

func main() {
	fmt.Println("before")
	panicky()
}

func panicky() { fmt.Println("inside") }
`

// withCompiler runs f with compileSource replaced by c.
func withCompiler(t *testing.T, c func(string, []byte) (*vm.Program, error)) {
	t.Helper()
	old := compileSource
	compileSource = c
	t.Cleanup(func() { compileSource = old })
}

func runBugProg(t *testing.T, args ...string) (stdout, stderr string, code int) {
	t.Helper()
	file := filepath.Join(t.TempDir(), "prog.go")
	if err := os.WriteFile(file, []byte(bugProg), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errOut bytes.Buffer
	code = Run(append(append([]string{}, args...), file), nil, &out, &errOut)
	return out.String(), errOut.String(), code
}

func wantBugReport(t *testing.T, stderr string, code int, what ...string) {
	t.Helper()
	if code != bug.ExitCode {
		t.Errorf("exit %d, want %d (a bug in gmplab)", code, bug.ExitCode)
	}
	for _, w := range append([]string{"gmplab: internal error: ", "This is a bug in gmplab, not in your program.", bug.IssuesURL,
		"the Go program you ran", "--seed", "gmplab version: "}, what...) {
		if !strings.Contains(stderr, w) {
			t.Errorf("the report lacks %q:\n%s", w, stderr)
		}
	}
}

// The engine fails: an instruction the interpreter does not know.
func TestBugInEngine(t *testing.T) {
	withCompiler(t, func(name string, src []byte) (*vm.Program, error) {
		prog, err := lang.Compile(name, src)
		if err != nil {
			return nil, err
		}
		for i := range prog.Funcs {
			if prog.Funcs[i].Name == "main.panicky" {
				prog.Funcs[i].Code[0].Op = vm.Op(250) // the injected fault
			}
		}
		return prog, nil
	})
	stdout, stderr, code := runBugProg(t, "run", "--quiet")
	if stdout != "before\n" {
		t.Errorf("stdout %q: what the program printed before the fault goes out first", stdout)
	}
	wantBugReport(t, stderr, code, "exec: bad instruction 250", "in the simulated runtime after event")
}

// A panic outside the engine's loop (here in compiling) is caught at the
// top of the command tree.
func TestBugInCommand(t *testing.T) {
	withCompiler(t, func(string, []byte) (*vm.Program, error) { panic("injected fault") })
	for _, cmd := range []string{"run", "step"} {
		_, stderr, code := runBugProg(t, cmd)
		wantBugReport(t, stderr, code, "injected fault", "cli.TestBugInCommand")
	}
}

// The compiler reports its own failure (lang.Error.Internal: a panic of
// the code generator, TestInternalCompilerError in lang): a bug, not a
// compile error of the program (exit 1).
func TestBugInCompiler(t *testing.T) {
	withCompiler(t, func(name string, src []byte) (*vm.Program, error) {
		return nil, &lang.Error{Lines: []string{name + ": internal compiler error: injected"}, Internal: true}
	})
	_, stderr, code := runBugProg(t, "run")
	wantBugReport(t, stderr, code, "the compiler failed", "internal compiler error: injected")

	withCompiler(t, lang.Compile)
	file := filepath.Join(t.TempDir(), "bad.go")
	os.WriteFile(file, []byte("package main\nfunc main() { x }\n"), 0o644)
	var errOut bytes.Buffer
	if code := Run([]string{"run", file}, nil, &bytes.Buffer{}, &errOut); code != 1 || strings.Contains(errOut.String(), "bug in gmplab") {
		t.Errorf("a compile error of the program: exit %d, %q", code, errOut.String())
	}
}
