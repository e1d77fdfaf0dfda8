package cells_test

import (
	"os"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/internal/golden"
	"github.com/gmplab/gmplab/notebook"
)

// TestCells renders each kind this extension owns (guide, source whole and
// in part, run, step) and a plain fenced block, and compares the HTML
// with the golden file byte for byte.
func TestCells(t *testing.T) {
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Parse("testdata/lesson.md", string(src))
	if err != nil {
		t.Fatal(err)
	}
	md := goldmark.New(goldmark.WithExtensions(cells.New()))
	pc := parser.NewContext()
	cells.SetNotebook(pc, nb)
	got, _ := golden.Render(t, md, []byte(nb.Markdown()), pc)
	if err := cells.Err(pc); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "lesson", got)
}

// TestMismatch: a cell the notebook does not have is reported.
func TestMismatch(t *testing.T) {
	nb, err := notebook.Parse("a.md", "```run\ngmplab run a.go\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	md := goldmark.New(goldmark.WithExtensions(cells.New()))
	pc := parser.NewContext()
	cells.SetNotebook(pc, nb)
	golden.Render(t, md, []byte("```step\ngmplab step a.go\n```\n"), pc)
	err = cells.Err(pc)
	if err == nil || err.Error() != "a.md: the book found a step block that is not the notebook's cell 1" {
		t.Fatalf("err = %v", err)
	}
}
