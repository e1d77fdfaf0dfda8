// Package steppers is the book's goldmark extension that puts a stepper
// widget under every step cell and every scenario of a lesson: under a
// source cell that shows a scenario whole, and for the scenarios no such
// cell shows, in a closing section. The widget (assets/stepper.js) steps
// through the run's events forwards and backwards, draws the board after
// each, and lets the reader edit the scenario and run it again on the
// engine compiled to WebAssembly. The page ships no events: the widget
// computes its run with that same engine (stepper.Run) when it scrolls
// into view, from the source and flags the page holds, so that a lesson
// page stays light (a precomputed trace weighed up to 1.2 MB). A step cell
// that runs gmplab replay on a trace kept in the repository gets a widget
// that holds the trace itself (a few kilobytes, in base64) and replays it
// with the same engine (stepper.Replay).
package steppers

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"fmt"
	"html"
	"path"
	"regexp"
	"slices"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/stepper"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/runtime"
)

// Widget is one stepper.
type Widget struct {
	ast.BaseBlock
	ID     string   // its element id, unique in the page: stepper-FILE (a link to a moment names it)
	File   string   // the scenario's path from the repository's root
	Source []byte   // its text
	Flags  []string // gmplab run flags that give the same run
	Breaks []string // event kinds to break on at first (a step cell's break commands)
	// Trace, for a replay cell, is the stored execution trace it opens
	// (File is its path): the widget steps through it with gmplab replay's
	// lines (stepper.Replay) and has no source to show or edit.
	Trace []byte
}

// KindWidget is the node kind of Widget.
var KindWidget = ast.NewNodeKind("Stepper")

// Kind implements ast.Node.
func (w *Widget) Kind() ast.NodeKind { return KindWidget }

// Dump implements ast.Node.
func (w *Widget) Dump(source []byte, level int) {
	ast.DumpHelper(w, source, level, map[string]string{"File": w.File}, nil)
}

// Files reads a file by its path from the repository's root: a widget's
// scenario.
type Files interface {
	ReadFile(path string) ([]byte, error)
}

type extension struct{ t Files }

// New returns the extension.
func New(f Files) goldmark.Extender { return extension{f} }

func (e extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(e, 50)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(e, 100)))
}

var errKey = parser.NewContextKey()

// Err returns what went wrong adding the widgets, after parsing.
func Err(pc parser.Context) error {
	if err, ok := pc.Get(errKey).(error); ok {
		return err
	}
	return nil
}

// Transform adds the widgets after the cells (book/cells ran first).
func (e extension) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	var nb *notebook.Notebook
	shown := map[string]bool{}
	var fail error
	add := func(after ast.Node, w *Widget, err error) {
		if err != nil {
			fail = err
			return
		}
		after.Parent().InsertAfter(after.Parent(), after, w)
	}
	var nodes []*cells.Node
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if c, ok := n.(*cells.Node); ok && entering {
			nodes = append(nodes, c)
		}
		return ast.WalkContinue, nil
	})
	for _, n := range nodes {
		nb = n.Notebook
		c := n.Cell
		switch {
		case c.Kind == notebook.Step && c.Command.Verb == "replay":
			// A stored trace (a path from the repository's root) is
			// stepped in the widget; one a cell of the lesson writes
			// (a bare name) is not in the repository, and its session
			// is shown as stored, as is a report (--report: text, no
			// session to step).
			if strings.Contains(c.Command.Args[0], "/") && !slices.Contains(c.Command.Args[1:], "--report") {
				w, err := e.forReplay(nb, c)
				add(n, w, err)
			}
		case c.Kind == notebook.Step && !c.Real(): // a gmplab real session is shown as stored
			w, err := e.forStep(nb, c)
			add(n, w, err)
		case c.Kind == notebook.Source && c.Lines[0] == 0 && isScenario(nb, c.File):
			file := nb.Path(c.File)
			shown[file] = true
			w, err := e.forScenario(nb, file)
			add(n, w, err)
		}
	}
	if nb != nil && nb.Lesson != nil {
		var rest []*Widget
		for _, s := range nb.Lesson.Scenarios {
			if file := nb.Path(s); !shown[file] {
				w, err := e.forScenario(nb, file)
				if err != nil {
					fail = err
					continue
				}
				rest = append(rest, w)
			}
		}
		if len(rest) > 0 {
			h := ast.NewHeading(2)
			h.SetAttributeString("id", []byte("step-through-the-scenarios"))
			h.AppendChild(h, ast.NewString([]byte("Step through the scenarios")))
			doc.AppendChild(doc, h)
			for _, w := range rest {
				doc.AppendChild(doc, w)
			}
		}
	}
	// Ids from the file's name, in the page's order: stepper-steal-go,
	// then stepper-steal-go-2 for a second widget of the same file.
	used := map[string]int{}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if w, ok := n.(*Widget); ok && entering {
			id := "stepper-" + idRe.ReplaceAllString(strings.ToLower(path.Base(w.File)), "-")
			if used[id]++; used[id] > 1 {
				id += fmt.Sprintf("-%d", used[id])
			}
			w.ID = id
		}
		return ast.WalkContinue, nil
	})
	if fail != nil {
		pc.Set(errKey, fail)
	}
}

// idRe is what an id leaves out of a file's name.
var idRe = regexp.MustCompile(`[^a-z0-9]+`)

func isScenario(nb *notebook.Notebook, file string) bool {
	if nb.Lesson == nil {
		return strings.HasSuffix(file, ".go")
	}
	for _, s := range nb.Lesson.Scenarios {
		if s == file {
			return true
		}
	}
	return false
}

// forScenario is the widget of a lesson's scenario, run with the
// lesson's front matter.
func (e extension) forScenario(nb *notebook.Notebook, file string) (*Widget, error) {
	src, err := e.t.ReadFile(file)
	if err != nil {
		return nil, err
	}
	o := stepper.DefaultOptions()
	if l := nb.Lesson; l != nil {
		o.GOMAXPROCS, o.Seed, o.Layers = l.GOMAXPROCS, l.Seed, l.Layers().String()
	}
	return &Widget{File: file, Source: src, Flags: o.Args()}, nil
}

// forStep is the widget of a step cell: the program and configuration
// gmplab step would open (the lesson's front matter, then the flags), and
// the kinds its break commands name.
func (e extension) forStep(nb *notebook.Notebook, c *notebook.Cell) (*Widget, error) {
	// The target is the one word that is not a flag or a flag's value
	// (every flag of gmplab step takes a value).
	var target string
	var flags []string
	args := nb.ResolveArgs(c.Command)
	for i := 0; i < len(args); i++ {
		a := args[i]
		switch {
		case !strings.HasPrefix(a, "-"):
			if target != "" {
				return nil, fmt.Errorf("%s:%d: the book cannot step %q (two programs)", nb.Name, c.Line, c.Command.Line)
			}
			target = a
		case strings.HasPrefix(a, "--with"):
			return nil, fmt.Errorf("%s:%d: the book cannot step %q (--with runs a learner's functions)", nb.Name, c.Line, c.Command.Line)
		case strings.HasPrefix(a, "--init"):
			if !strings.Contains(a, "=") {
				i++
			}
		default:
			flags = append(flags, a)
			if !strings.Contains(a, "=") && i+1 < len(args) {
				flags = append(flags, args[i+1])
				i++
			}
		}
	}
	if target == "" {
		return nil, fmt.Errorf("%s:%d: the book cannot step %q (no program)", nb.Name, c.Line, c.Command.Line)
	}
	exists := func(p string) bool { _, err := e.t.ReadFile(p); return err == nil }
	t, err := lessons.Resolve(target, exists)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %v", nb.Name, c.Line, err)
	}
	file := t.File
	if file == "" {
		file = t.Lesson.Path(t.Scenario)
	}
	w, err := e.forScenario(&notebook.Notebook{Lesson: t.Lesson, Dir: path.Dir(file)}, file)
	if err != nil {
		return nil, err
	}
	o, _ := stepper.ParseFlags(w.Flags)
	if o, err = o.Parse(flags); err != nil {
		return nil, fmt.Errorf("%s:%d: %q: %v", nb.Name, c.Line, c.Command.Line, err)
	}
	if o.Layers != "all" {
		ls, err := runtime.ParseLayers(o.Layers)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: --layers: %v", nb.Name, c.Line, err)
		}
		o.Layers = ls.String()
	}
	w.Flags = o.Args()
	for _, s := range c.Steps {
		if f := strings.Fields(s); len(f) >= 2 && (f[0] == "break" || f[0] == "b") {
			w.Breaks = append(w.Breaks, f[1])
		}
	}
	return w, nil
}

// forReplay is the widget of a replay cell on a stored trace: the page
// holds the trace (a few kilobytes) and the widget replays it.
func (e extension) forReplay(nb *notebook.Notebook, c *notebook.Cell) (*Widget, error) {
	if len(c.Command.Args) > 1 {
		return nil, fmt.Errorf("%s:%d: the book cannot step %q (a replay cell opens its trace with no flags)", nb.Name, c.Line, c.Command.Line)
	}
	file := c.Command.Args[0]
	data, err := e.t.ReadFile(file)
	if err != nil {
		return nil, fmt.Errorf("%s:%d: %v", nb.Name, c.Line, err)
	}
	return &Widget{File: file, Trace: data}, nil
}

func (e extension) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindWidget, render)
}

func render(wr util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
	if !entering {
		return ast.WalkSkipChildren, nil
	}
	w := n.(*Widget)
	q := html.EscapeString
	flags := strings.Join(w.Flags, " ")
	if w.Trace != nil {
		// A trace's widget: the trace gzipped, in base64 (a trace's
		// varints halve), and gmplab replay's command; an empty source,
		// which it neither shows nor edits.
		var z bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&z, gzip.BestCompression)
		zw.Write(w.Trace)
		zw.Close()
		fmt.Fprintf(wr, "<div class=\"stepper\" id=\"%s\" data-file=\"%s\" data-replay=\"%s\">\n",
			q(w.ID), q(w.File), base64.StdEncoding.EncodeToString(z.Bytes()))
		fmt.Fprintf(wr, "<div class=\"st-head\"><span class=\"st-title\">Step through the trace <code>%s</code></span> <code class=\"st-cmd\">gmplab replay %s</code></div>\n",
			q(path.Base(w.File)), q(w.File))
		wr.WriteString("<textarea class=\"st-src\" hidden></textarea>\n")
		wr.WriteString("<noscript><p>The stepper needs JavaScript.</p></noscript>\n</div>\n")
		return ast.WalkSkipChildren, nil
	}
	fmt.Fprintf(wr, "<div class=\"stepper\" id=\"%s\" data-file=\"%s\" data-flags=\"%s\" data-breaks=\"%s\">\n",
		q(w.ID), q(w.File), q(flags), q(strings.Join(w.Breaks, " ")))
	fmt.Fprintf(wr, "<div class=\"st-head\"><span class=\"st-title\">Step through <code>%s</code></span> <code class=\"st-cmd\">gmplab run %s %s</code></div>\n",
		q(path.Base(w.File)), q(w.File), q(flags))
	fmt.Fprintf(wr, "<textarea class=\"st-src\" hidden spellcheck=\"false\" aria-label=\"the source of %s\">%s</textarea>\n", q(path.Base(w.File)), q(string(w.Source)))
	wr.WriteString("<noscript><p>The stepper needs JavaScript; the cells above show the same run.</p></noscript>\n</div>\n")
	return ast.WalkSkipChildren, nil
}
