package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestBookServeAddr: the book is served on the loopback interface only.
func TestBookServeAddr(t *testing.T) {
	var out bytes.Buffer
	code := Run([]string{"book", "serve", "--addr", "0.0.0.0:8000"}, strings.NewReader(""), &out, &out)
	if code != 2 || !strings.Contains(out.String(), "the book serves on 127.0.0.1 only") {
		t.Fatalf("exit %d: %s", code, out.String())
	}
}

// TestBookBuild: gmplab book build renders the repository's course and
// says where.
func TestBookBuild(t *testing.T) {
	dir := t.TempDir()
	var out, errb bytes.Buffer
	if code := Run([]string{"book", "build", "-o", dir, "--no-wasm"}, strings.NewReader(""), &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s%s", code, out.String(), errb.String())
	}
	if !strings.HasPrefix(out.String(), "book: ") || !strings.Contains(out.String(), " pages in "+dir) {
		t.Errorf("gmplab book build said %q", out.String())
	}
	for _, f := range []string{"index.html", "lessons/04-sysmon.html", "docs/glossary.html", "search-index.js", "assets/style.css"} {
		if _, err := os.Stat(filepath.Join(dir, f)); err != nil {
			t.Error(err)
		}
	}
}
