package cli

import (
	"bytes"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

// TestLessonReaderOpensReplayCells: in gmplab lesson, Enter at a step cell
// of gmplab replay opens the replay's session on its trace (lesson 07's
// server.trace, which a run cell of the lesson writes first, and the
// stored pingpong.trace), not gmplab step's, which took the trace for a
// lesson's name. A cell of gmplab replay TRACE --report opens no session:
// the reader shows the report, the cell's stored output.
func TestLessonReaderOpensReplayCells(t *testing.T) {
	l, err := lessons.Find("lesson-07")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	defer nb.Close()
	var out bytes.Buffer
	r, err := newReader(nb, &CellExecutor{Root: repoRoot}, false, 100, &out)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, c := range nb.CellsOf(notebook.Step) {
		if c.Command.Verb != "replay" {
			continue
		}
		n++
		if slices.Contains(c.Command.Args, "--report") {
			var w bytes.Buffer
			if err := r.debug(c, &w); err != nil {
				t.Fatalf("lesson.md:%d: %v", c.Line, err)
			}
			if w.String() != c.Output || !strings.Contains(c.Output, "longest waits to run") {
				t.Errorf("lesson.md:%d: the reader shows\n%s\nwhere the cell's stored report is\n%s", c.Line, w.String(), c.Output)
			}
			continue
		}
		session := *c
		session.Steps = append(append([]string(nil), c.Steps...), "exit") // leave before the prompt
		var w bytes.Buffer
		if err := r.debug(&session, &w); err != nil {
			t.Fatalf("lesson.md:%d: %v", c.Line, err)
		}
		got := w.String()
		if !strings.Contains(got, "a Go 1.26 execution trace") || !strings.Contains(got, "(gmplab) "+c.Steps[len(c.Steps)-1]) {
			t.Errorf("lesson.md:%d: the reader's session is not gmplab replay's on %s:\n%s", c.Line, c.Command.Args[0], got)
		}
	}
	if n != 3 {
		t.Errorf("lesson 07 has %d replay cells, want its 3 (server.trace, pingpong.trace, pingpong.trace's report)", n)
	}
}
