package links_test

import (
	"os"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/gmplab/gmplab/book/internal/golden"
	"github.com/gmplab/gmplab/book/links"
)

// TestLinks rewrites relative links through the resolver and gives
// headings GitHub's ids (repeats numbered); the HTML is compared byte for
// byte.
func TestLinks(t *testing.T) {
	src, err := os.ReadFile("testdata/page.md")
	if err != nil {
		t.Fatal(err)
	}
	res := func(from, dest string) (string, bool) {
		if strings.HasPrefix(dest, "#") || strings.Contains(dest, "://") {
			return "", false
		}
		return "resolved:" + from + ":" + dest, true
	}
	md := goldmark.New(goldmark.WithExtensions(links.New(res)), goldmark.WithParserOptions(parser.WithAutoHeadingID()))
	pc := parser.NewContext(parser.WithIDs(links.NewIDs()))
	links.SetPage(pc, "docs/page.md")
	got, _ := golden.Render(t, md, src, pc)
	golden.Check(t, "page", got)
}
