package lessons_test

// The lessons' notebooks: every cell runs (in this process, through the
// command line's own run and step code) and its output must equal the
// output block stored under it. go test ./lessons/... -update rewrites the
// stored outputs (and source cells' bodies) instead; a stale one fails with
// a diff. A real cell (gmplab compare, gmplab real) is checked for its
// shape only (notebook.Shape), in a subtest of its own that skips with
// -short or where the real runtime cannot run. The checks of links and of
// each lesson's parts are in structure_test.go.

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/internal/hostload"
	"github.com/gmplab/gmplab/internal/testnote"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

var update = flag.Bool("update", false, "rewrite the lessons' stored cell outputs")

// notebooks loads every lesson's notebook.
func notebooks(t *testing.T) []*notebook.Notebook {
	t.Helper()
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	var nbs []*notebook.Notebook
	for _, l := range ls {
		nb, err := notebook.Load(l)
		if err != nil {
			t.Fatal(err)
		}
		nbs = append(nbs, nb)
	}
	return nbs
}

// executor runs cells from the repository's root.
func executor() *cli.CellExecutor {
	root, _ := filepath.Abs("..")
	return &cli.CellExecutor{Root: root}
}

// simOnly hides the executor's real runs: with -short, real cells are
// notebook.Unavailable (skipped, and kept as stored by -update).
type simOnly struct{ notebook.Executor }

// CompareSim keeps the simulator's side of gmplab compare cells: it is
// checked exactly with -short too.
func (s simOnly) CompareSim(args []string) (string, int, error) {
	return s.Executor.(notebook.SimComparer).CompareSim(args)
}

// SetEnv keeps the GODEBUG and GOMAXPROCS that simulated cells may set
// (GODEBUG=asyncpreemptoff=1 gmplab run coop.go) working with -short.
func (s simOnly) SetEnv(env []string) (restore func()) {
	return s.Executor.(notebook.EnvExecutor).SetEnv(env)
}

func TestCellOutputs(t *testing.T) {
	var x notebook.Executor = executor()
	if testing.Short() {
		x = simOnly{x}
	}
	for _, nb := range notebooks(t) {
		t.Cleanup(func() { nb.Close() }) // the traces its cells wrote
		t.Run(nb.Lesson.Dir, func(t *testing.T) {
			if *update {
				before := nb.String()
				if err := nb.Update(x); err != nil {
					t.Error(err)
				}
				if after := nb.String(); after != before {
					if err := os.WriteFile(nb.Lesson.Dir+"/lesson.md", []byte(after), 0o644); err != nil {
						t.Fatal(err)
					}
					t.Logf("%s: rewrote the cells' outputs", nb.Name)
				}
				return
			}
			for _, c := range nb.Cells() {
				if c.Kind == notebook.RunsKind {
					t.Run(fmt.Sprintf("runs-line-%d", c.Line), func(t *testing.T) { checkRunsCell(t, x, nb, c) })
					continue
				}
				if c.Real() {
					checkSimSide(t, x, nb, c)
					t.Run(fmt.Sprintf("real-line-%d", c.Line), func(t *testing.T) { checkRealCell(t, x, nb, c) })
					continue
				}
				got, err := nb.Exec(x, c)
				if err != nil {
					t.Error(err)
					continue
				}
				if c.Kind == notebook.Guide {
					continue
				}
				if !c.HasOutput && c.Kind.HasOutput() {
					t.Errorf("%s:%d: the %s has no output block yet (run go test ./lessons/... -update)", nb.Name, c.Line, c.Title())
					continue
				}
				if want := c.Stored(); got != want {
					d := diff.Diff("stored", []byte(want), "now", []byte(got))
					t.Errorf("%s:%d: the %s's stored output is stale (go test ./lessons/... -update rewrites it):\n%s",
						nb.Name, c.Line, c.Title(), strings.TrimSuffix(string(d), "\n"))
				}
			}
		})
	}
}

// checkSimSide checks a gmplab compare cell's simulator column exactly
// against a fresh simulator-only run: it is deterministic, so a stale
// figure fails even where the real side is skipped.
func checkSimSide(t *testing.T, x notebook.Executor, nb *notebook.Notebook, c *notebook.Cell) {
	t.Helper()
	fresh, ok, err := nb.SimSide(x, c)
	if !ok {
		return
	}
	if err != nil {
		t.Error(err)
		return
	}
	stored, now := notebook.SimColumn(c.Stored()), notebook.SimColumn(fresh)
	if len(now) == 0 {
		t.Errorf("%s:%d: the %s's simulator-only run printed no table:\n%s", nb.Name, c.Line, c.Title(), fresh)
		return
	}
	if !slices.Equal(stored, now) {
		d := diff.Diff("stored", []byte(strings.Join(stored, "\n")+"\n"), "now", []byte(strings.Join(now, "\n")+"\n"))
		t.Errorf("%s:%d: the %s's simulator column is stale (the simulator is deterministic and checked exactly; go test ./lessons/... -update rewrites it):\n%s",
			nb.Name, c.Line, c.Title(), strings.TrimSuffix(string(d), "\n"))
	}
}

// checkRealCell runs a gmplab compare or gmplab real cell and checks that
// its output has the stored one's shape (the real numbers vary run to run).
func checkRealCell(t *testing.T, x notebook.Executor, nb *notebook.Notebook, c *notebook.Cell) {
	if testing.Short() {
		t.Skipf("%s:%d: the %s runs on the real runtime: skipped with -short", nb.Name, c.Line, c.Title())
	}
	testnote.Say(t, "%s:%d: %s, on the real runtime", nb.Name, c.Line, c.Command.Line)
	got, err := nb.Exec(x, c)
	var u *notebook.Unavailable
	if errors.As(err, &u) {
		t.Skipf("%s:%d: %v", nb.Name, c.Line, err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !c.HasOutput {
		t.Fatalf("%s:%d: the %s has no output block yet (run go test ./lessons/... -update)", nb.Name, c.Line, c.Title())
	}
	if !notebook.SameShape(c, c.Stored(), got) {
		d := diff.Diff("stored", []byte(notebook.ShapeText(c, c.Stored())), "now", []byte(notebook.ShapeText(c, got)))
		t.Errorf("%s:%d: the %s's output has changed shape (its lines with every number as #; see docs/notebook.md; go test ./lessons/... -update rewrites it):\n%s\nthe new output:\n%s",
			nb.Name, c.Line, c.Title(), strings.TrimSuffix(string(d), "\n"), got)
	}
}

// checkRunsCell runs a runs cell's real program its N times: every check
// must hold, and the output must have the stored one's shape (the figures
// vary, the checks and their verdicts do not). On a loaded host a check
// that fails skips the cell, its output not compared: a busy host delays
// threads and timers the claims are about.
func checkRunsCell(t *testing.T, x notebook.Executor, nb *notebook.Notebook, c *notebook.Cell) {
	if testing.Short() {
		t.Skipf("%s:%d: the %s builds and runs a real program: skipped with -short", nb.Name, c.Line, c.Title())
	}
	testnote.Say(t, "%s:%d: %s", nb.Name, c.Line, c.Title())
	got, err := nb.Exec(x, c)
	var u *notebook.Unavailable
	if errors.As(err, &u) {
		t.Skipf("%s:%d: %v", nb.Name, c.Line, err)
	}
	var failed *notebook.ChecksFailed
	if errors.As(err, &failed) {
		if load, busy := hostload.Busy(); busy {
			t.Skipf("%s:%d: on a host with load average %.1f, %v", nb.Name, c.Line, load, err)
		}
		t.Fatalf("%s:%d: the %s: %v", nb.Name, c.Line, c.Title(), err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if !c.HasOutput {
		t.Fatalf("%s:%d: the %s has no output block yet (run go test ./lessons/... -update)", nb.Name, c.Line, c.Title())
	}
	if !notebook.SameShape(c, c.Stored(), got) {
		d := diff.Diff("stored", []byte(notebook.ShapeText(c, c.Stored())), "now", []byte(notebook.ShapeText(c, got)))
		t.Errorf("%s:%d: the %s's output has changed shape (go test ./lessons/... -update rewrites it):\n%s\nthe new output:\n%s",
			nb.Name, c.Line, c.Title(), strings.TrimSuffix(string(d), "\n"), got)
	}
}
