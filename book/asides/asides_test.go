package asides_test

import (
	"os"
	"testing"

	"github.com/yuin/goldmark"

	"github.com/gmplab/gmplab/book/asides"
	"github.com/gmplab/gmplab/book/internal/golden"
)

// TestAsides renders GitHub alert block quotes as asides, and leaves plain
// and unknown ones as quotes; the HTML is compared byte for byte.
func TestAsides(t *testing.T) {
	src, err := os.ReadFile("testdata/page.md")
	if err != nil {
		t.Fatal(err)
	}
	got, _ := golden.Render(t, goldmark.New(goldmark.WithExtensions(asides.New())), src, nil)
	golden.Check(t, "page", got)
}
