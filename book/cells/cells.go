// Package cells is the book's goldmark extension for a lesson's cells
// (docs/notebook.md): it replaces each cell's fenced block, and the output
// block under it, by a Node holding the cell as package notebook parsed it,
// and renders the source, run, step, guide, runs and diagram kinds. Other extensions
// render the other kinds (book/timelines, book/quizzes) or add to them
// (book/steppers), each by the node kinds declared here.
//
// Goldmark sees the lesson's Markdown; the notebook is given through the
// parser context (SetNotebook). Fenced blocks whose info string names a
// cell kind are matched with the notebook's cells in order: both parsers
// find the same fences, and a mismatch is reported, not guessed.
package cells

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/alecthomas/chroma/v2"
	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"
	"github.com/alecthomas/chroma/v2/lexers"
	"github.com/alecthomas/chroma/v2/styles"
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/view"
)

// Node is one cell in the document.
type Node struct {
	ast.BaseBlock
	Cell     *notebook.Cell
	Notebook *notebook.Notebook
	Index    int // the cell's number in the lesson, from 0
}

// One node kind per cell kind, so that each extension renders its own.
var (
	KindSource   = ast.NewNodeKind("CellSource")
	KindRun      = ast.NewNodeKind("CellRun")
	KindStep     = ast.NewNodeKind("CellStep")
	KindTimeline = ast.NewNodeKind("CellTimeline")
	KindQuiz     = ast.NewNodeKind("CellQuiz")
	KindGuide    = ast.NewNodeKind("CellGuide")
	KindRuns     = ast.NewNodeKind("CellRuns")
	KindDiagram  = ast.NewNodeKind("CellDiagram")
)

var nodeKinds = map[notebook.Kind]ast.NodeKind{
	notebook.Source: KindSource, notebook.Run: KindRun, notebook.Step: KindStep,
	notebook.Timeline: KindTimeline, notebook.Quiz: KindQuiz, notebook.Guide: KindGuide,
	notebook.RunsKind: KindRuns, notebook.Diagram: KindDiagram,
}

// Kind implements ast.Node.
func (n *Node) Kind() ast.NodeKind { return nodeKinds[n.Cell.Kind] }

// Dump implements ast.Node.
func (n *Node) Dump(source []byte, level int) {
	ast.DumpHelper(n, source, level, map[string]string{"Cell": n.Cell.Title()}, nil)
}

var notebookKey = parser.NewContextKey()
var errKey = parser.NewContextKey()

// SetNotebook gives the parser the notebook whose Markdown it parses.
func SetNotebook(pc parser.Context, nb *notebook.Notebook) { pc.Set(notebookKey, nb) }

// Err returns what went wrong matching the cells, after parsing.
func Err(pc parser.Context) error {
	if err, ok := pc.Get(errKey).(error); ok {
		return err
	}
	return nil
}

type extension struct{}

// New returns the extension.
func New() goldmark.Extender { return extension{} }

func (extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(transformer{}, 10)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(htmlRenderer{}, 100)))
}

type transformer struct{}

// Transform replaces the cells' blocks by Nodes and drops the output
// blocks (the Node holds the output).
func (transformer) Transform(doc *ast.Document, reader text.Reader, pc parser.Context) {
	nb, _ := pc.Get(notebookKey).(*notebook.Notebook)
	if nb == nil {
		return
	}
	cs := nb.Cells()
	src := reader.Source()
	var blocks []*ast.FencedCodeBlock
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if b, ok := n.(*ast.FencedCodeBlock); ok && entering {
			blocks = append(blocks, b)
		}
		return ast.WalkContinue, nil
	})
	i := 0
	for _, b := range blocks {
		lang := string(b.Language(src))
		if lang == notebook.OutputInfo {
			b.Parent().RemoveChild(b.Parent(), b)
			continue
		}
		if _, ok := nodeKinds[notebook.Kind(lang)]; !ok {
			continue
		}
		if i >= len(cs) || string(cs[i].Kind) != lang {
			pc.Set(errKey, fmt.Errorf("%s: the book found a %s block that is not the notebook's cell %d", nb.Name, lang, i+1))
			return
		}
		b.Parent().ReplaceChild(b.Parent(), b, &Node{Cell: cs[i], Notebook: nb, Index: i})
		i++
	}
	if i != len(cs) {
		pc.Set(errKey, fmt.Errorf("%s: the book found %d cells, the notebook %d", nb.Name, i, len(cs)))
	}
}

type htmlRenderer struct{}

func (htmlRenderer) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindSource, renderSource)
	reg.Register(KindRun, renderRun)
	reg.Register(KindStep, renderStep)
	reg.Register(KindGuide, renderGuide)
	reg.Register(KindRuns, renderRuns)
	reg.Register(KindDiagram, renderDiagram)
}

func renderSource(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkContinue, nil
	}
	c := n.(*Node).Cell
	caption := html.EscapeString(c.File)
	if c.Lines[0] > 0 {
		caption += fmt.Sprintf(` <span class="lines">lines %d–%d</span>`, c.Lines[0], c.Lines[1])
	}
	fmt.Fprintf(w, "<figure class=\"cell source\">\n<figcaption>%s</figcaption>\n", caption)
	w.WriteString(Highlight(c.Body, "go", c.Lines[0]))
	w.WriteString("</figure>\n")
	return ast.WalkSkipChildren, nil
}

func renderRun(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		c := n.(*Node).Cell
		w.WriteString("<figure class=\"cell run\">\n")
		Command(w, c.Command.Line)
		Output(w, c.Output)
		w.WriteString("</figure>\n")
	}
	return ast.WalkSkipChildren, nil
}

func renderStep(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		nd := n.(*Node)
		c := nd.Cell
		w.WriteString("<figure class=\"cell step\">\n")
		line := c.Command.Line
		if nd.Notebook != nil {
			line = nd.Notebook.Shown(c.Command) // gmplab step lesson-04, not gmplab step
		}
		Command(w, line)
		Output(w, c.Output)
		w.WriteString("</figure>\n")
	}
	return ast.WalkSkipChildren, nil
}

// renderRuns shows a runs cell as the shell commands it stands for, the
// checks it makes over the runs, and its stored output (the book never
// runs a real program).
func renderRuns(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		nd := n.(*Node)
		r := nd.Cell.Runs
		w.WriteString("<figure class=\"cell run runs\">\n")
		for _, l := range nd.Notebook.RunsCommands(r) {
			if strings.HasPrefix(l, "# ") { // which release the next command is for
				fmt.Fprintf(w, "<div class=\"cmd comment\"><code>%s</code></div>\n", html.EscapeString(l))
				continue
			}
			Command(w, l)
		}
		var checks []string
		for _, c := range r.Checks {
			checks = append(checks, "<code>"+html.EscapeString(c.Text)+"</code>")
		}
		fmt.Fprintf(w, "<figcaption>checks over the %d real runs: %s</figcaption>\n", r.N, strings.Join(checks, "; "))
		Output(w, nd.Cell.Output)
		w.WriteString("</figure>\n")
	}
	return ast.WalkSkipChildren, nil
}

// renderDiagram draws a diagram cell's figure from the engine's table
// (view.StatesSVG: its colours are the page's, so both themes draw it),
// with its text form as the figure's text alternative, folded.
func renderDiagram(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		sm, ok := view.StateMachine(n.(*Node).Cell.Args)
		if !ok {
			return ast.WalkStop, fmt.Errorf("diagram %q: no such state machine (gmplab bug: the notebook accepted it)", n.(*Node).Cell.Args)
		}
		// On a phone the figure scrolls sideways in its box, which the
		// keyboard can then reach (tabindex) and a screen reader names.
		fmt.Fprintf(w, "<figure class=\"cell diagram\">\n<div class=\"diagram-scroll\" tabindex=\"0\" role=\"group\" aria-label=\"%s (scrolls sideways on a narrow screen)\">\n", html.EscapeString(sm.Title))
		w.WriteString(view.StatesSVG(sm))
		fmt.Fprintf(w, "</div>\n<figcaption>%s, drawn from the engine's table (<code>%s</code>)</figcaption>\n<details><summary>The diagram as text</summary>\n<pre>%s</pre>\n</details>\n", html.EscapeString(sm.Title), html.EscapeString(sm.Source), html.EscapeString(view.StatesText(sm, 80)))
		w.WriteString("</figure>\n")
	}
	return ast.WalkSkipChildren, nil
}

func renderGuide(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if entering {
		g := n.(*Node).Cell.G
		fmt.Fprintf(w, "<aside class=\"cell guide\">\n<p class=\"guide-title\">In the debugger</p>\n<p>%s</p>\n<ul>\n", html.EscapeString(g.Text))
		for _, t := range g.Try {
			fmt.Fprintf(w, "<li>try <code>%s</code></li>\n", html.EscapeString(t))
		}
		w.WriteString("</ul>\n</aside>\n")
	}
	return ast.WalkSkipChildren, nil
}

// Command writes a cell's command line as a shell prompt.
func Command(w util.BufWriter, line string) {
	fmt.Fprintf(w, "<div class=\"cmd\"><span class=\"prompt\" aria-hidden=\"true\">$ </span><code>%s</code></div>\n", html.EscapeString(line))
}

// Output writes a cell's stored output.
func Output(w util.BufWriter, out string) {
	fmt.Fprintf(w, "<pre class=\"output\">%s</pre>\n", html.EscapeString(out))
}

// formatter and style are chroma's, with CSS classes (the site's
// stylesheet colours them for the light and the dark theme).
var formatter = chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true), chromahtml.LineNumbersInTable(false))

// Highlight returns code highlighted as lang, with line numbers from
// first (0 or 1: from 1).
func Highlight(code, lang string, first int) string {
	lx := lexers.Get(lang)
	if lx == nil {
		lx = lexers.Fallback
	}
	lx = chroma.Coalesce(lx)
	it, err := lx.Tokenise(nil, code)
	if err != nil {
		return "<pre>" + html.EscapeString(code) + "</pre>\n"
	}
	f := formatter
	if first > 1 {
		f = chromahtml.New(chromahtml.WithClasses(true), chromahtml.WithLineNumbers(true), chromahtml.BaseLineNumber(first))
	}
	var b bytes.Buffer
	if err := f.Format(&b, styles.Get("github"), it); err != nil {
		return "<pre>" + html.EscapeString(code) + "</pre>\n"
	}
	return strings.TrimSuffix(b.String(), "\n") + "\n"
}
