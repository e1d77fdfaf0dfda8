// Package links is the book's goldmark extension for links and heading
// ids. Links in the course are written for a repository host (relative
// paths to .md files, folders and sources); Resolver turns each into the
// book's URL for it. Headings get GitHub's ids (lowercase, punctuation
// dropped, spaces as hyphens, -1, -2 … for repeats), so that an anchor
// written for the repository host works in the book too.
package links

import (
	"strconv"
	"strings"
	"unicode"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/ast"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
	"github.com/yuin/goldmark/util"
)

// Resolver maps a link's destination, written in the page from (a path
// from the repository's root), to the URL the book uses; ok false leaves
// it as written.
type Resolver func(from, dest string) (url string, ok bool)

var pageKey = parser.NewContextKey()

// SetPage tells the extension which file the parsed Markdown is.
func SetPage(pc parser.Context, path string) { pc.Set(pageKey, path) }

type extension struct{ r Resolver }

// New returns the extension.
func New(r Resolver) goldmark.Extender { return extension{r} }

func (e extension) Extend(m goldmark.Markdown) {
	m.Parser().AddOptions(parser.WithASTTransformers(util.Prioritized(e, 300)))
}

// Transform rewrites the links' destinations.
func (e extension) Transform(doc *ast.Document, _ text.Reader, pc parser.Context) {
	from, _ := pc.Get(pageKey).(string)
	ast.Walk(doc, func(n ast.Node, entering bool) (ast.WalkStatus, error) {
		if l, ok := n.(*ast.Link); ok && entering {
			if u, ok := e.r(from, string(l.Destination)); ok {
				l.Destination = []byte(u)
			}
		}
		return ast.WalkContinue, nil
	})
}

// IDs generates GitHub's heading ids; give NewContext(parser.WithIDs(NewIDs())).
type IDs struct{ seen map[string]int }

// NewIDs returns a fresh id generator for one page.
func NewIDs() *IDs { return &IDs{seen: map[string]int{}} }

// Slug is GitHub's anchor for a heading's text.
func Slug(s string) string {
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

// Generate implements parser.IDs.
func (ids *IDs) Generate(value []byte, _ ast.NodeKind) []byte {
	s := Slug(string(value))
	if s == "" {
		s = "section"
	}
	id := s
	if n, ok := ids.seen[s]; ok {
		id = s + "-" + strconv.Itoa(n)
		ids.seen[s] = n + 1
	} else {
		ids.seen[s] = 1
	}
	ids.seen[id] = max(ids.seen[id], 1)
	return []byte(id)
}

// Put implements parser.IDs.
func (ids *IDs) Put(value []byte) { ids.seen[string(value)] = max(ids.seen[string(value)], 1) }
