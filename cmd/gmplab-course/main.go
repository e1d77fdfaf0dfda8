// Command gmplab-course is gmplab with the lesson reader and the book
// built in (package render: glamour, goldmark, chroma), which the gmplab
// binary leaves out so that the README's first command builds sooner (see
// cmd/gmplab/cli's full.go). gmplab runs gmplab lesson, gmplab book build
// and gmplab next (when it opens a lesson) in gmplab-course, which it
// builds from its source on first use and keeps in the user's cache
// folder; `go install ./cmd/...` installs it beside gmplab, which then
// uses that one.
//
// Every other command works in gmplab-course as in gmplab (gmplab real
// and gmplab book serve run gmplab-full from here too).
package main

import (
	"os"

	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/internal/render"
)

func main() {
	os.Exit(cli.RunFull(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, cli.Extras{
		Markdown:  render.Markdown,
		BuildBook: render.Book,
	}))
}
