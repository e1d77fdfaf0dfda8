// Package asides is the book's goldmark extension for asides: a block
// quote that opens with a GitHub alert marker ([!NOTE], [!TIP],
// [!IMPORTANT], [!WARNING], [!CAUTION]) becomes an <aside> with a title,
// so that the same Markdown reads as a call-out on a repository host and
// in the book. Other block quotes stay block quotes.
package asides

import (
	"bytes"
	"fmt"
	"strings"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Aside is a block quote that opened with an alert marker.
type Aside struct {
	ast.BaseBlock
	Alert string // note, tip, important, warning, caution
}

// KindAside is the node kind of Aside.
var KindAside = ast.NewNodeKind("Aside")

// Kind implements ast.Node.
func (a *Aside) Kind() ast.NodeKind { return KindAside }

// Dump implements ast.Node.
func (a *Aside) Dump(source []byte, level int) {
	ast.DumpHelper(a, source, level, map[string]string{"Alert": a.Alert}, nil)
}

var titles = map[string]string{
	"note": "Note", "tip": "Tip", "important": "Important", "warning": "Warning", "caution": "Caution",
}

type extension struct{}

// New returns the extension.
func New() goldmark.Extender { return extension{} }

func (extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(extension{}, 200)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(extension{}, 100)))
}

// Transform turns marked block quotes into asides.
func (extension) Transform(doc *ast.Document, reader text.Reader, _ parser.Context) {
	src := reader.Source()
	var quotes []*ast.Blockquote
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if q, ok := n.(*ast.Blockquote); ok && entering {
			quotes = append(quotes, q)
		}
		return ast.WalkContinue, nil
	})
	for _, q := range quotes {
		para, ok := q.FirstChild().(*ast.Paragraph)
		if !ok || para.Lines().Len() == 0 {
			continue
		}
		first := para.Lines().At(0)
		line := bytes.TrimSpace(first.Value(src))
		typ, ok := marker(line)
		if !ok {
			continue
		}
		// Drop the inline nodes that hold the marker, and the line break
		// after it.
		end := first.Start + bytes.Index(first.Value(src), []byte("]")) + 1
		for c := para.FirstChild(); c != nil; {
			next := c.NextSibling()
			t, isText := c.(*ast.Text)
			switch {
			case isText && t.Segment.Stop <= end:
				para.RemoveChild(para, c)
			case isText && t.Segment.Start < end:
				t.Segment = t.Segment.WithStart(end)
			case !isText && c.Kind() != ast.KindText && nodeEnds(c) <= end:
				para.RemoveChild(para, c)
			default:
				next = nil
			}
			c = next
		}
		if t, ok := para.FirstChild().(*ast.Text); ok && len(bytes.TrimSpace(t.Segment.Value(src))) == 0 {
			para.RemoveChild(para, t)
		}
		a := &Aside{Alert: typ}
		if para.ChildCount() == 0 {
			q.RemoveChild(q, para)
		}
		for c := q.FirstChild(); c != nil; {
			next := c.NextSibling()
			a.AppendChild(a, c)
			c = next
		}
		q.Parent().ReplaceChild(q.Parent(), q, a)
	}
}

// nodeEnds is where an inline node's last text ends in the source.
func nodeEnds(n ast.Node) int {
	end := 0
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if t, ok := c.(*ast.Text); ok && entering {
			end = max(end, t.Segment.Stop)
		}
		return ast.WalkContinue, nil
	})
	return end
}

// marker reads [!TYPE] at the start of a line.
func marker(line []byte) (string, bool) {
	s := string(line)
	if !strings.HasPrefix(s, "[!") {
		return "", false
	}
	word, _, ok := strings.Cut(s[2:], "]")
	typ := strings.ToLower(word)
	if _, known := titles[typ]; !ok || !known {
		return "", false
	}
	return typ, true
}

func (extension) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindAside, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		a := n.(*Aside)
		if entering {
			fmt.Fprintf(w, "<aside class=\"aside %s\">\n<p class=\"aside-title\">%s</p>\n", a.Alert, titles[a.Alert])
		} else {
			w.WriteString("</aside>\n")
		}
		return ast.WalkContinue, nil
	})
}
