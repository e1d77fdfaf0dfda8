// Command gmplab-full is gmplab with every command built in: it adds
// gmplab real (the real runtime under Delve, package real) and gmplab book
// serve (a web server, package book/serve), which the gmplab binary leaves
// out so that it builds in about half the time (see cmd/gmplab/cli's
// full.go), and the lesson reader and the book, as gmplab-course has them.
// gmplab runs those two commands in gmplab-full, which it builds from its
// source on first use and keeps in the user's cache folder; `go install
// ./cmd/...` installs all three, and gmplab then uses the one beside it.
//
// Every other command works in gmplab-full as in gmplab.
package main

import (
	"context"
	"os"

	"github.com/gmplab/gmplab/book/serve"
	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/internal/render"
	"github.com/gmplab/gmplab/real"
)

func main() {
	os.Exit(cli.RunFull(os.Args[1:], os.Stdin, os.Stdout, os.Stderr, cli.Extras{
		OpenReal: func(ctx context.Context, o cli.RealSpec) (cli.RealDebugger, error) {
			d, err := real.Open(ctx, real.Options{File: o.File, Name: o.Name, GOMAXPROCS: o.GOMAXPROCS, Timeout: o.Timeout})
			if err != nil {
				return nil, err
			}
			return d, nil
		},
		NewBookServer: func(files map[string][]byte) cli.BookServer { return serve.New(files) },
		Markdown:      render.Markdown,
		BuildBook:     render.Book,
	}))
}
