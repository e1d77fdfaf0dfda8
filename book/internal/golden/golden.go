// Package golden compares the book's rendered HTML with golden files:
// exact bytes, regenerated with go test ./book/... -update.
package golden

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"
	"github.com/yuin/goldmark/text"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// Render converts src with md in the parser context pc (nil: a new one).
func Render(t *testing.T, md goldmark.Markdown, src []byte, pc parser.Context) ([]byte, parser.Context) {
	t.Helper()
	if pc == nil {
		pc = parser.NewContext()
	}
	doc := md.Parser().Parse(text.NewReader(src), parser.WithContext(pc))
	var b bytes.Buffer
	if err := md.Renderer().Render(&b, src, doc); err != nil {
		t.Fatal(err)
	}
	return b.Bytes(), pc
}

// Check compares got with testdata/NAME.golden.html.
func Check(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden.html")
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (create it with go test -update)", err)
	}
	if !bytes.Equal(got, want) {
		t.Errorf("%s differs from the golden file (go test -update rewrites it; read the diff):\n--- got\n%s\n--- want\n%s", path, got, want)
	}
}
