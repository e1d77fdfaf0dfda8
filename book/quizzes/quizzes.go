// Package quizzes is the book's goldmark extension for quiz cells: the
// question and its choices as buttons that the page's script checks in
// the browser, the explanation and the debugger commands that show the
// answer, and the terminal command that asks the same question (gmplab
// quiz N). The right answer is the cell's stored output (answer: TEXT),
// which the lessons' tests keep equal to what the engine computes.
package quizzes

import (
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/util"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/notebook"
)

type extension struct{}

// New returns the extension.
func New() goldmark.Extender { return extension{} }

func (e extension) Extend(m goldmark.Markdown) {
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(e, 100)))
}

func (e extension) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(cells.KindQuiz, render)
}

// Right returns the index of the stored answer among the choices.
func Right(c *notebook.Cell) (int, error) {
	ans, ok := strings.CutPrefix(strings.TrimSpace(c.Output), "answer: ")
	if !ok {
		return -1, fmt.Errorf("quiz %s has no stored answer (run go test ./lessons/... -update)", c.Q.ID)
	}
	for i, ch := range c.Q.Choices {
		if ch == ans {
			return i, nil
		}
	}
	return -1, fmt.Errorf("quiz %s: the stored answer %q is none of the choices (run go test ./lessons/... -update)", c.Q.ID, ans)
}

func render(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	node := n.(*cells.Node)
	c, q := node.Cell, node.Cell.Q
	right, err := Right(c)
	if err != nil {
		return ast.WalkStop, fmt.Errorf("%s:%d: %v", node.Notebook.Name, c.Line, err)
	}
	cmd := "gmplab quiz"
	if l := node.Notebook.Lesson; l != nil {
		cmd = fmt.Sprintf("gmplab quiz %d", l.Num)
	}
	e := html.EscapeString
	fmt.Fprintf(w, "<section class=\"quiz\" id=\"quiz-%s\" data-right=\"%d\">\n", e(q.ID), right)
	fmt.Fprintf(w, "<p class=\"quiz-q\"><span class=\"quiz-tag\">%s</span> %s</p>\n", kindLabel(q.Kind), e(q.Q))
	w.WriteString("<ol class=\"choices\">\n")
	for i, ch := range q.Choices {
		fmt.Fprintf(w, "<li><button type=\"button\" data-i=\"%d\">%s</button></li>\n", i, e(ch))
	}
	// The verdict is live before it has words, so that a screen reader
	// says them; the key is for print, where nothing is clicked.
	w.WriteString("</ol>\n<p class=\"verdict\" aria-live=\"polite\"></p>\n<div class=\"quiz-answer\" hidden>\n")
	fmt.Fprintf(w, "<p class=\"quiz-key\">Answer: %s</p>\n", e(q.Choices[right]))
	fmt.Fprintf(w, "<p>%s</p>\n", e(q.Explain))
	fmt.Fprintf(w, "<p class=\"quiz-show\">See it in the debugger: <code>%s</code></p>\n", e(strings.Join(q.Show, "; ")))
	w.WriteString("</div>\n")
	fmt.Fprintf(w, "<p class=\"quiz-cli\">In a terminal: <code>%s</code></p>\n</section>\n", e(cmd))
	return ast.WalkSkipChildren, nil
}

func kindLabel(kind string) string {
	if kind == "predict" {
		return "Predict"
	}
	return "Quiz"
}
