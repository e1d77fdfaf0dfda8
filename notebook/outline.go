package notebook

import (
	"bytes"
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/extension"
	"github.com/yuin/goldmark/text"
)

// Heading is one heading of a lesson.
type Heading struct {
	Level  int
	Text   string // plain text: code spans as their code
	Anchor string // GitHub's id for it: "the-fix", "retake-when-is-a-p-taken"
	Line   int
}

// Link is one link or image of a lesson's Markdown.
type Link struct {
	Dest string
	Line int
}

// Section is the stretch under a level-2 heading, up to the next one.
type Section struct {
	Heading    Heading
	Cells      []*Cell
	Lists      int      // top-level lists in it
	Paragraphs []string // its paragraphs' plain text
}

// Outline is a lesson's structure, from its Markdown (cells and outputs
// are code blocks there, so nothing inside them counts).
type Outline struct {
	Headings []Heading
	Links    []Link
	Sections []*Section // level-2 sections, in order
}

// markdown is the parser: CommonMark with GitHub's tables (the book and
// the terminal reader render with the same extensions).
var markdown = goldmark.New(goldmark.WithExtensions(extension.Table, extension.Strikethrough))

// Outline reads the lesson's headings, links and level-2 sections.
func (nb *Notebook) Outline() *Outline {
	src := []byte(nb.Markdown())
	offset := strings.Count(nb.Front, "\n")
	doc := markdown.Parser().Parse(text.NewReader(src))
	o := &Outline{}
	lineOf := func(n ast.Node) int {
		for ; n != nil; n = n.Parent() {
			if n.Type() == ast.TypeBlock && n.Lines().Len() > 0 {
				return bytes.Count(src[:n.Lines().At(0).Start], []byte("\n")) + 1 + offset
			}
			if n.Type() == ast.TypeBlock && n.FirstChild() != nil && n.FirstChild().Type() == ast.TypeBlock {
				if l := firstLine(n, src); l > 0 {
					return l + offset
				}
			}
		}
		return 0
	}
	ids := map[string]int{}
	var sec *Section
	for n := doc.FirstChild(); n != nil; n = n.NextSibling() {
		switch n := n.(type) {
		case *ast.Heading:
			h := Heading{Level: n.Level, Text: plain(n, src), Line: lineOf(n)}
			h.Anchor = slug(h.Text)
			if k := ids[h.Anchor]; k > 0 {
				ids[h.Anchor] = k + 1
				h.Anchor += "-" + strconv.Itoa(k)
			} else {
				ids[h.Anchor] = 1
			}
			o.Headings = append(o.Headings, h)
			if h.Level == 2 {
				sec = &Section{Heading: h}
				o.Sections = append(o.Sections, sec)
			}
		case *ast.List:
			if sec != nil {
				sec.Lists++
			}
		case *ast.Paragraph:
			if sec != nil {
				sec.Paragraphs = append(sec.Paragraphs, plain(n, src))
			}
		}
	}
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch l := n.(type) {
		case *ast.Link:
			o.Links = append(o.Links, Link{Dest: string(l.Destination), Line: lineOf(n)})
		case *ast.Image:
			o.Links = append(o.Links, Link{Dest: string(l.Destination), Line: lineOf(n)})
		case *ast.AutoLink:
			o.Links = append(o.Links, Link{Dest: string(l.URL(src)), Line: lineOf(n)})
		}
		return ast.WalkContinue, nil
	})
	for _, c := range nb.Cells() {
		for i := len(o.Sections) - 1; i >= 0; i-- {
			if o.Sections[i].Heading.Line < c.Line {
				o.Sections[i].Cells = append(o.Sections[i].Cells, c)
				break
			}
		}
	}
	return o
}

// firstLine is the line of n's first descendant block that has lines.
func firstLine(n ast.Node, src []byte) int {
	for c := n.FirstChild(); c != nil; c = c.NextSibling() {
		if c.Type() != ast.TypeBlock {
			continue
		}
		if c.Lines().Len() > 0 {
			return bytes.Count(src[:c.Lines().At(0).Start], []byte("\n")) + 1
		}
		if l := firstLine(c, src); l > 0 {
			return l
		}
	}
	return 0
}

// plain is a node's text without its markup.
func plain(n ast.Node, src []byte) string {
	var b strings.Builder
	ast.Walk(n, func(c ast.Node, entering bool) (ast.WalkStatus, error) {
		if !entering {
			return ast.WalkContinue, nil
		}
		switch t := c.(type) {
		case *ast.Text:
			b.Write(t.Segment.Value(src))
			if t.SoftLineBreak() || t.HardLineBreak() {
				b.WriteByte(' ')
			}
		case *ast.String:
			b.Write(t.Value)
		}
		return ast.WalkContinue, nil
	})
	return strings.TrimSpace(b.String())
}

// slug is GitHub's anchor for a heading: lower case, letters, digits,
// spaces (as -), - and _ kept, everything else dropped.
func slug(s string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
			b.WriteRune(r)
		case r == ' ':
			b.WriteByte('-')
		}
	}
	return b.String()
}

// Anchors returns the anchors of a Markdown document's headings (for links
// into another file).
func Anchors(md string) []string {
	nb := &Notebook{Parts: []Part{{Markdown: md}}}
	var out []string
	for _, h := range nb.Outline().Headings {
		out = append(out, h.Anchor)
	}
	return out
}
