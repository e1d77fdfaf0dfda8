package stepper

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/vm"
)

// A bug in gmplab (a panic in the engine: here an instruction the
// interpreter does not know, injected) comes back as an error that says
// it is gmplab's fault and how to report it, not as a crash of the page.
func TestRunBug(t *testing.T) {
	old := compile
	t.Cleanup(func() { compile = old })
	compile = func(name string, src []byte) (*vm.Program, error) {
		prog, err := lang.Compile(name, src)
		if err == nil {
			prog.Funcs[len(prog.Funcs)-1].Code[0].Op = vm.Op(250)
		}
		return prog, err
	}
	_, err := Run("bug.go", []byte("package main\n\nfunc main() { f() }\n\n//go:noinline\nfunc f() {}\n"), nil)
	if err == nil || !strings.Contains(err.Error(), "This is a bug in gmplab") || !strings.Contains(err.Error(), "bad instruction 250") {
		t.Errorf("got %v", err)
	}
	compile = func(name string, src []byte) (*vm.Program, error) {
		return nil, &lang.Error{Lines: []string{name + ": internal compiler error: injected"}, Internal: true}
	}
	if _, err := Run("bug.go", nil, nil); err == nil || !strings.Contains(err.Error(), "This is a bug in gmplab") {
		t.Errorf("an internal compiler error: got %v", err)
	}
}
