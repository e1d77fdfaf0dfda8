// Package render holds what gmplab lesson and gmplab book build need and
// the rest of gmplab does not: glamour, which renders a lesson's Markdown
// for a terminal, and the book (goldmark, chroma and html/template under
// it). Together they were about a sixth of a cold build of the gmplab
// binary, which leaves them out so that the README's first command
// (gmplab step) builds sooner: those two commands run in gmplab-course
// (cmd/gmplab-course), which gmplab builds on first use (see
// cmd/gmplab/cli's full.go). cmd/gmplab-course, cmd/gmplab-full and
// cmd/gmplab/cli's tests import this package and hand its functions to
// the command tree as cli.Extras.
package render

import (
	"io"
	"strings"

	"github.com/charmbracelet/glamour"
	"github.com/charmbracelet/glamour/styles"

	"github.com/gmplab/gmplab/book"
	"github.com/gmplab/gmplab/view"
)

// Markdown returns glamour's renderer of Markdown for a terminal in style
// (a style's name, such as dark, light or notty, or a JSON style file's
// path), with its text wrapped at wrap columns.
//
// The dark and light styles pad a code span with a space each side (its
// background colour shows them), which the renderer took for spaces
// between words: it broke a line between "(" and a span, or began one
// with the "," after a span. In the built-in styles the padding is a
// stand-in character (codePad) the wrap cannot break at, put back as a
// space once rendered, so that a span stays with its punctuation; a JSON
// style file is used as it is.
func Markdown(style string, wrap int) (func(md string) (string, error), error) {
	opt := glamour.WithStylePath(style)
	if st, ok := styles.DefaultStyles[style]; ok {
		cfg := *st
		code := &cfg.Code.StylePrimitive
		if code.Prefix == " " {
			code.Prefix = codePad
		}
		if code.Suffix == " " {
			code.Suffix = codePad
		}
		opt = glamour.WithStyles(cfg)
	}
	r, err := glamour.NewTermRenderer(opt, glamour.WithWordWrap(wrap))
	if err != nil {
		return nil, err
	}
	return func(md string) (string, error) {
		out, err := r.Render(md)
		return strings.ReplaceAll(out, codePad, " "), err
	}, nil
}

// codePad stands in for a code span's padding while glamour wraps: a
// character of Unicode's private use area, one column wide, which neither
// glamour's word wrap (reflow's, at spaces and hyphens) nor its block
// wrap (at " ,.;-+|") breaks at.
const codePad = "\ue00f"

// Book builds the book (book.Build) of the clone at root into out ("":
// kept in memory), running its timeline cells with timeline, and returns
// its number of pages and its files.
func Book(root, out string, timeline func(args []string) (*view.Timeline, int, error), noWasm, live bool, log io.Writer) (pages int, files map[string][]byte, err error) {
	site, err := book.Build(book.Options{Root: root, Out: out, Timeline: timeline, NoWasm: noWasm, Live: live, Log: log})
	if err != nil {
		return 0, nil, err
	}
	return len(site.Pages), site.Files, nil
}
