package pairs_test

import (
	"os"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/internal/golden"
	"github.com/gmplab/gmplab/book/pairs"
	"github.com/gmplab/gmplab/notebook"
)

// TestPairs: a paragraph right before a source or run cell is wrapped with
// it; a cell after another cell or after a list is not, nor is any
// paragraph but the one next to the cell.
func TestPairs(t *testing.T) {
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Parse("testdata/lesson.md", string(src))
	if err != nil {
		t.Fatal(err)
	}
	nb.Dir = "testdata"
	md := goldmark.New(goldmark.WithExtensions(cells.New(), pairs.New()))
	pc := parser.NewContext()
	cells.SetNotebook(pc, nb)
	got, _ := golden.Render(t, md, []byte(nb.Markdown()), pc)
	if err := cells.Err(pc); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "lesson", got)
}
