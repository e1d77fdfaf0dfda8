package lang

import (
	"os"
	"strings"
	"testing"

	"golang.org/x/tools/go/ssa"
	"golang.org/x/tools/go/ssa/ssautil"
)

// TestSSADump is a tool for work on the go/ssa front end: with
// SSA_DUMP=file.go it compiles the file, printing the SSA of its
// functions (SSA_FUNC: only those whose name contains it) and the VM
// code of the program.
func TestSSADump(t *testing.T) {
	file := os.Getenv("SSA_DUMP")
	if file == "" {
		t.Skip("SSA_DUMP not set")
	}
	only := os.Getenv("SSA_FUNC")
	ssaHook = func(p *ssa.Program, main *ssa.Package) {
		for fn := range ssautil.AllFunctions(p) {
			if (fn.Pkg == main || fn.Pkg == nil) && strings.Contains(fn.String(), only) {
				fn.WriteTo(os.Stdout)
			}
		}
	}
	defer func() { ssaHook = nil }()
	src, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	prog, err := CompileSSA(file, src)
	if err != nil {
		t.Fatal(err)
	}
	if os.Getenv("SSA_VM") != "" {
		os.Stdout.WriteString(prog.Disasm())
	}
	os.Stdout.WriteString(simulate(t, prog, 1))
}
