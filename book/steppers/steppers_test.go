package steppers_test

import (
	"bytes"
	"compress/gzip"
	"encoding/base64"
	"io"
	"os"
	"regexp"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/internal/golden"
	"github.com/gmplab/gmplab/book/steppers"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

// files reads the scenarios from the testdata folder.
type files struct{}

func (files) ReadFile(p string) ([]byte, error) { return os.ReadFile(p) }

// TestSteppers: a widget under the scenario's source cell (the lesson's
// front matter), one under the step cell (its flags over the front
// matter, its break commands as breakpoints), one under the replay cell
// on a stored trace (the trace in base64), none under the replay cell on
// a trace a cell writes, and the scenario no cell shows in a closing
// section; compared byte for byte, but for the gzip of a trace, whose
// bytes compress/flate's encoder may change from one Go release to the
// next (go1.27's differ from go1.26's): it must decompress, and the golden
// holds what it decompresses to (ungzipReplays).
func TestSteppers(t *testing.T) {
	l, err := lessons.LoadDir("testdata/09-yield")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Load(l)
	if err != nil {
		t.Fatal(err)
	}
	md := goldmark.New(goldmark.WithExtensions(cells.New(), steppers.New(files{})))
	pc := parser.NewContext()
	cells.SetNotebook(pc, nb)
	got, _ := golden.Render(t, md, []byte(nb.Markdown()), pc)
	if err := steppers.Err(pc); err != nil {
		t.Fatal(err)
	}
	golden.Check(t, "lesson", ungzipReplays(t, got))
}

var reReplay = regexp.MustCompile(`data-replay="([^"]*)"`)

// ungzipReplays replaces each widget's gzipped trace with the trace, in
// base64.
func ungzipReplays(t *testing.T, page []byte) []byte {
	return reReplay.ReplaceAllFunc(page, func(m []byte) []byte {
		z, err := base64.StdEncoding.DecodeString(string(reReplay.FindSubmatch(m)[1]))
		if err != nil {
			t.Fatalf("a widget's trace is not base64: %v", err)
		}
		zr, err := gzip.NewReader(bytes.NewReader(z))
		if err != nil {
			t.Fatalf("a widget's trace is not gzipped: %v", err)
		}
		trace, err := io.ReadAll(zr)
		if err != nil {
			t.Fatalf("a widget's trace does not decompress: %v", err)
		}
		return []byte(`data-replay-ungzipped="` + base64.StdEncoding.EncodeToString(trace) + `"`)
	})
}
