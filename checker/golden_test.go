package checker

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// golden compares got with testdata/NAME, or rewrites it with -update.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		os.MkdirAll(filepath.Dir(path), 0o755)
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test ./checker -update)", err)
	}
	if string(want) != got {
		t.Errorf("%s differs from what the checker says now (go test ./checker -update rewrites it):\n%s", path, diff.Diff(path, want, "now", []byte(got)))
	}
}

// TestWrongSolutions: each typical wrong solution fails, first on the
// test that catches its mistake, with the feedback in a golden file.
// Scenario batteries stop at their first failure to keep this fast.
func TestWrongSolutions(t *testing.T) {
	for _, w := range wrongSolutions() {
		t.Run(w.name, func(t *testing.T) {
			w.ex.firstFailOnly = true
			if testing.Short() {
				if !strings.HasPrefix(w.firstFail, "properties/") {
					t.Skip("caught by a scenario only; -short runs the properties")
				}
				w.ex.batteries = w.ex.batteries[:1] // the properties
			}
			r := w.ex.Run()
			if r.Status != StatusFail {
				t.Fatalf("status %s, want fail", r.Status)
			}
			var b strings.Builder
			b.WriteString("# " + w.name + ": " + strings.Join(r.Scores(), ", ") + "\n")
			first := ""
			for _, tr := range r.Tests {
				if tr.Status == StatusFail {
					if first == "" {
						first = tr.Name
					}
					b.WriteString("\n## " + tr.Name + "\n" + tr.Message)
				}
			}
			if first != w.firstFail {
				t.Errorf("first failure is %q, want %q", first, w.firstFail)
			}
			if !testing.Short() {
				golden(t, "wrong/"+w.name+".golden", b.String())
			}
		})
	}
}
