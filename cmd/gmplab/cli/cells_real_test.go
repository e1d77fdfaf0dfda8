package cli

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/notebook"
)

// A lesson's real cells run through CellExecutor from any directory: the
// paths are the repository root's (the lessons' test runs in lessons/).
// gmplab real's transcript has the shape notebook.Shape folds to: the
// banner, then the commands echoed.
func TestCellExecutorReal(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a program under Delve; skipped with -short")
	}
	root, err := filepath.Abs(repoRoot)
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(filepath.Join(root, "lessons"))
	nb, err := notebook.Parse("lessons/04-sysmon/lesson.md", "```step\ngmplab real handoff.go\nbreak handoffp\ncontinue\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	nb.Dir = "lessons/04-sysmon"
	c := nb.Cells()[0]
	out, err := nb.Exec(&CellExecutor{Root: root}, c)
	var u *notebook.Unavailable
	if errors.As(err, &u) {
		t.Skip(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	want := "gmplab real lessons/#-sysmon/handoff.go (the real Go runtime, under Delve)\n"
	shape := notebook.ShapeText(c, out)
	if !strings.HasPrefix(shape, want) || !strings.HasSuffix(shape, "(gmplab) break handoffp\n(gmplab) continue\n(gmplab)\n") {
		t.Errorf("shape:\n%s\nof the output:\n%s", shape, out)
	}
}

// Where the real runtime cannot run, Real says why as a
// notebook.Unavailable, and the cell is skipped rather than failed.
func TestCellExecutorRealRefused(t *testing.T) {
	out := "gmplab real: the kernel refused ptrace (operation not permitted), which Delve needs …\n"
	var u *notebook.Unavailable
	if err := unavailable(out, 1); !errors.As(err, &u) || !strings.Contains(u.Reason, "refused ptrace") {
		t.Errorf("unavailable(%q) = %v, want a notebook.Unavailable", out, err)
	}
	if err := unavailable("gmplab real: lessons/x.go: no such file\n", 1); err != nil {
		t.Errorf("a missing file is the cell's fault, not the machine's: %v", err)
	}
}
