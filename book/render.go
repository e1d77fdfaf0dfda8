package book

import (
	"bytes"
	"fmt"
	"html"
	"strings"

	"github.com/yuin/goldmark"
	highlighting "github.com/yuin/goldmark-highlighting/v2"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	gast "github.com/yuin/goldmark/extension/ast"
	"github.com/yuin/goldmark/parser"
	gmhtml "github.com/yuin/goldmark/renderer/html"
	"github.com/yuin/goldmark/text"

	chromahtml "github.com/alecthomas/chroma/v2/formatters/html"

	"github.com/gmplab/gmplab/book/asides"
	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/links"
	"github.com/gmplab/gmplab/book/pairs"
	"github.com/gmplab/gmplab/book/quizzes"
	"github.com/gmplab/gmplab/book/steppers"
	"github.com/gmplab/gmplab/book/timelines"
)

// NewMarkdown is the book's goldmark: CommonMark with GitHub's tables,
// strikethrough and autolinks, highlighted code, and the book's
// extensions. run draws timelines, f reads the steppers' scenarios, res
// rewrites links.
func NewMarkdown(run timelines.Runner, f steppers.Files, res links.Resolver) goldmark.Markdown {
	return goldmark.New(
		goldmark.WithExtensions(
			extension.GFM,
			highlighting.NewHighlighting(
				highlighting.WithFormatOptions(chromahtml.WithClasses(true)),
				highlighting.WithGuessLanguage(false),
			),
			cells.New(),
			timelines.New(run),
			quizzes.New(),
			steppers.New(f),
			asides.New(),
			links.New(res),
			pairs.New(),
		),
		goldmark.WithParserOptions(parser.WithAutoHeadingID()),
		goldmark.WithRendererOptions(gmhtml.WithUnsafe()),
	)
}

// rendered is a page turned into HTML, with what the table of contents
// and the search need.
type rendered struct {
	HTML     string
	Sections []*section // the page's ## and ### headings, with the prose under them
	Stepper  bool       // the page has a stepper widget
	Summary  string     // its first paragraph, at most about 160 characters
}

type section struct {
	ID, Title string
	Level     int
	Text      strings.Builder
}

// render converts a page.
func render(md goldmark.Markdown, pg *Page) (*rendered, error) {
	if pg.code != "" || pg.lang != "" {
		return &rendered{HTML: fmt.Sprintf("<h1><code>%s</code></h1>\n<figure class=\"cell source\">\n%s</figure>\n",
			html.EscapeString(pg.Src), cells.Highlight(pg.code, pg.lang, 0))}, nil
	}
	src := []byte(pg.text)
	pc := parser.NewContext(parser.WithIDs(links.NewIDs()))
	links.SetPage(pc, pg.Src)
	if pg.nb != nil {
		cells.SetNotebook(pc, pg.nb)
	}
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	if err := cells.Err(pc); err != nil {
		return nil, err
	}
	if err := steppers.Err(pc); err != nil {
		return nil, err
	}
	r := &rendered{}
	var cur *section
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch n := n.(type) {
		case *ast.Heading:
			id, _ := n.AttributeString("id")
			title := plain(n, src)
			if n.Level == 1 && pg.Part != partLessons && pg.Part != "" && pg.Title == "" {
				pg.Title = title
			}
			r.Sections = append(r.Sections, &section{ID: string(asBytes(id)), Title: title, Level: n.Level})
			cur = r.Sections[len(r.Sections)-1]
			return ast.WalkSkipChildren, nil
		case *steppers.Widget:
			r.Stepper = true
		case *ast.Paragraph, *gast.TableCell:
			if _, ok := n.(*ast.Paragraph); ok && r.Summary == "" && n.Parent() == doc {
				r.Summary = shorten(plain(n, src), 160)
			}
			if cur != nil {
				cur.Text.WriteString(plain(n, src) + " ")
			}
			return ast.WalkSkipChildren, nil
		}
		return ast.WalkContinue, nil
	})
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, src, doc); err != nil {
		return nil, fmt.Errorf("%s: %v", pg.Src, err)
	}
	r.HTML = b.String()
	return r, nil
}

// shorten cuts s at a word boundary to at most n bytes, with an ellipsis.
func shorten(s string, n int) string {
	if len(s) <= n {
		return s
	}
	cut := strings.LastIndexByte(s[:n], ' ')
	if cut < n/2 {
		cut = n
	}
	return strings.TrimRight(s[:cut], " ,;:") + "…"
}

func asBytes(v any) []byte {
	switch v := v.(type) {
	case []byte:
		return v
	case string:
		return []byte(v)
	}
	return nil
}

// plain is a node's text without markup.
func plain(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch c := c.(type) {
		case *ast.Text:
			b.Write(c.Segment.Value(src))
			if c.SoftLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(c.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}
