package runtime

import (
	"go/ast"
	"go/build"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	goruntime "runtime"
	"strings"
	"testing"
)

// Every real function a state machine's edge names (the name the diagrams
// print) is a function or method of Go 1.26's runtime package, so that a
// learner can open it; gmplab's own changes are marked Own instead.
func TestStateMachinesNameRealFunctions(t *testing.T) {
	if v := goruntime.Version(); !strings.HasPrefix(v, "go1.26") {
		t.Skipf("the state machines name Go 1.26's functions; this is %s", v)
	}
	dir := filepath.Join(build.Default.GOROOT, "src", "runtime")
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the runtime's source in %s: %v", dir, err)
	}
	funcs := map[string]bool{}
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.SkipObjectResolution)
		if err != nil {
			t.Fatal(err)
		}
		for _, d := range file.Decls {
			if fn, ok := d.(*ast.FuncDecl); ok {
				funcs[fn.Name.Name] = true
			}
		}
	}
	for _, sm := range StateMachines() {
		for _, e := range sm.Edges {
			for _, f := range e.By {
				name := f.Name
				if i := strings.LastIndex(name, "."); i >= 0 {
					name = name[i+1:] // (*p).destroy
				}
				if f.Own && f.Why == "" {
					t.Errorf("%s %s → %s: gmplab's own %s has no ownWhy", sm.Name, e.From, e.To, f.Name)
				}
				if !f.Own && !funcs[name] {
					t.Errorf("%s %s → %s names %s, which Go 1.26's runtime does not have", sm.Name, e.From, e.To, f.Name)
				}
			}
		}
	}
}
