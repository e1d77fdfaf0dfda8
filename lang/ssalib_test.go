package lang

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// The library of the go/ssa front end type-checks without an error.
func TestSSALibraryChecks(t *testing.T) {
	lib := loadSSALib()
	lib.checkAll()
	for _, e := range lib.errors() {
		t.Errorf("%s: %s", e.pos, e.msg)
	}
	if len(lib.pkgs) < 20 {
		t.Errorf("only %d packages: %v", len(lib.pkgs), lib.paths)
	}
}

// A process type-checks a library package the first time a compilation
// imports it (ssaLib.pkg), and compilations run concurrently (a grader
// compiles a class's submissions at once): programs importing packages
// not checked yet, compiled together, each compile and print what Go
// prints. Run with -race, this checks the library's lock.
func TestLibraryCheckedConcurrently(t *testing.T) {
	srcs := map[string]string{
		"regexp":          "regexp.MustCompile(`a+b`).FindString(\"xaab\")",
		"crypto/sha256":   "fmt.Sprintf(\"%x\", sha256.Sum256(nil))[:8]",
		"container/ring":  "fmt.Sprint(ring.New(3).Len())",
		"encoding/base64": "base64.StdEncoding.EncodeToString([]byte(\"hi\"))",
	}
	want := map[string]string{"regexp": "aab\n", "crypto/sha256": "e3b0c442\n", "container/ring": "3\n", "encoding/base64": "aGk=\n"}
	type result struct {
		path, out string
		err       error
	}
	results := make(chan result)
	for path, expr := range srcs {
		go func() {
			src := "package main\n\nimport (\n\t\"fmt\"\n\t\"" + path + "\"\n)\n\nfunc main() { fmt.Print(" + expr + ", \"\\n\") }\n"
			prog, err := Compile("conc.go", []byte(src))
			if err != nil {
				results <- result{path, "", err}
				return
			}
			results <- result{path, simulateOut(prog), nil}
		}()
	}
	for range srcs {
		r := <-results
		if r.err != nil {
			t.Errorf("%s: %v", r.path, r.err)
		} else if r.out != want[r.path] {
			t.Errorf("%s: printed %q, want %q", r.path, r.out, want[r.path])
		}
	}
}

// simulateOut is what prog prints on standard output at GOMAXPROCS=1
// (callable off the test's goroutine).
func simulateOut(prog *vm.Program) string {
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1})
	if err != nil {
		return err.Error()
	}
	var out strings.Builder
	mc.Run(func(ev *runtime.Event) {
		if ev.Kind == runtime.EvPrint {
			out.WriteString(ev.Text)
		}
	})
	return out.String()
}
