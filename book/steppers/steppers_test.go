package steppers_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/internal/golden"
	"github.com/gmplab/gmplab/book/steppers"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

// tracer names each trace by what it was asked for, so that the golden
// file shows the file and flags each widget runs.
type tracer struct{}

func (tracer) Trace(file string, src []byte, flags []string) (string, error) {
	return "traces/" + filepath.Base(file) + "?" + strings.Join(flags, "+") + ".js", nil
}

func (tracer) ReadFile(p string) ([]byte, error) { return os.ReadFile(p) }

// TestSteppers: a widget under the scenario's source cell (the lesson's
// front matter), one under the step cell (its flags over the front
// matter, its break commands as breakpoints), and the scenario no cell
// shows in a closing section; compared byte for byte.
func TestSteppers(t *testing.T) {
	l, err := lessons.LoadDir("testdata/09-yield")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	md := goldmark.New(goldmark.WithExtensions(cells.New(), steppers.New(tracer{})))
	pc := parser.NewContext()
	cells.SetNotebook(pc, nb)
	got, _ := golden.Render(t, md, []byte(nb.Markdown()), pc)
	if err := steppers.Err(pc); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "lesson", got)
}
