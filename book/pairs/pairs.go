// Package pairs is the book's goldmark extension that sets a paragraph
// beside the cell it introduces, as Go by Example sets its explanation
// beside its code: a source, run or step cell right after a paragraph, at
// the top level of the page, is wrapped with that paragraph in a <div
// class="pair">. The stylesheet puts the two side by side on wide screens
// and leaves them one under the other elsewhere (and in print).
package pairs

import (
	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/renderer"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"

	"github.com/gmplab/gmplab/book/cells"
)

// Pair is a paragraph and the cell after it.
type Pair struct{ ast.BaseBlock }

// KindPair is the node kind of Pair.
var KindPair = ast.NewNodeKind("Pair")

// Kind implements ast.Node.
func (p *Pair) Kind() ast.NodeKind { return KindPair }

// Dump implements ast.Node.
func (p *Pair) Dump(source []byte, level int) { ast.DumpHelper(p, source, level, nil, nil) }

type extension struct{}

// New returns the extension.
func New() goldmark.Extender { return extension{} }

// Extend runs the transformer after book/cells (10) and book/steppers (50).
func (e extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(e, 60)))
	m.Renderer().AddOptions(renderer.WithNodeRenderers(util.Prioritized(e, 100)))
}

// paired are the cells a paragraph can stand beside: code and what it
// prints. Timelines, quizzes and guides keep the whole width.
var paired = map[ast.NodeKind]bool{cells.KindSource: true, cells.KindRun: true, cells.KindStep: true}

// Transform wraps each paragraph and the cell after it.
func (extension) Transform(doc *ast.Document, _ text.Reader, _ parser.Context) {
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		c, ok := n.(*cells.Node)
		if !ok || !paired[c.Kind()] {
			continue
		}
		p, ok := c.PreviousSibling().(*ast.Paragraph)
		if !ok {
			continue
		}
		pair := &Pair{}
		doc.InsertBefore(doc, p, pair)
		doc.RemoveChild(doc, p)
		doc.RemoveChild(doc, c)
		pair.AppendChild(pair, p)
		pair.AppendChild(pair, c)
		n = pair
	}
}

func (extension) RegisterFuncs(reg renderer.NodeRendererFuncRegisterer) {
	reg.Register(KindPair, func(w util.BufWriter, _ []byte, n ast.Node, entering bool) (ast.WalkStatus, error) {
		if entering {
			w.WriteString("<div class=\"pair\">\n")
		} else {
			w.WriteString("</div>\n")
		}
		return ast.WalkContinue, nil
	})
}
