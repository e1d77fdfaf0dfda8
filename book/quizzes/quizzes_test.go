package quizzes_test

import (
	"os"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/internal/golden"
	"github.com/gmplab/gmplab/book/quizzes"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

func load(t *testing.T, text string) *notebook.Notebook {
	t.Helper()
	nb, err := notebook.Parse("testdata/lesson.md", text)
	if err != nil {
		t.Fatal(err)
	}
	nb.Lesson = &lessons.Lesson{Num: 2}
	return nb
}

// TestQuizzes renders a choice and a predict question, each with its
// stored answer, and compares with the golden file byte for byte.
func TestQuizzes(t *testing.T) {
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		t.Fatal(err)
	}
	nb := load(t, string(src))
	md := goldmark.New(goldmark.WithExtensions(cells.New(), quizzes.New()))
	pc := parser.NewContext()
	cells.SetNotebook(pc, nb)
	got, _ := golden.Render(t, md, []byte(nb.Markdown()), pc)
	golden.Check(t, "lesson", got)
}

// TestStale: a stored answer that is none of the choices stops the build.
func TestStale(t *testing.T) {
	nb := load(t, "```quiz\nid: a\nq: q?\nkind: choice\n- x\n* y\nexplain: e\nshow: board\n```\n\n```output\nanswer: z\n```\n")
	_, err := quizzes.Right(nb.Cells()[0])
	if err == nil || err.Error() != `quiz a: the stored answer "z" is none of the choices (run go test ./lessons/... -update)` {
		t.Fatalf("err = %v", err)
	}
}
