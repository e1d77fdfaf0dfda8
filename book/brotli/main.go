// Command brotli compresses one file with brotli: the book's WebAssembly
// module, once per engine (book's compressOnce runs it with go run).
//
//	go run ./book/brotli -quality 9 -window 24 IN OUT
//
// It is a command of its own, not a call in package book, because the
// brotli package imports net/http (for its HTTP helpers), and package book
// is in the gmplab binary, which leaves net/http out so that its first
// build is quick (see cmd/gmplab-full).
package main

import (
	"flag"
	"fmt"
	"os"

	"github.com/andybalholm/brotli"
)

func main() {
	quality := flag.Int("quality", 9, "brotli's quality, 0 to 11")
	window := flag.Int("window", 24, "the log2 of the window, 10 to 24")
	flag.Usage = func() {
		fmt.Fprintln(os.Stderr, "usage: go run ./book/brotli [-quality N] [-window N] IN OUT")
		flag.PrintDefaults()
	}
	flag.Parse()
	if flag.NArg() != 2 {
		flag.Usage()
		os.Exit(2)
	}
	if err := compress(flag.Arg(0), flag.Arg(1), *quality, *window); err != nil {
		fmt.Fprintln(os.Stderr, "brotli:", err)
		os.Exit(1)
	}
}

// compress writes in's bytes, brotli-encoded, to out.
func compress(in, out string, quality, window int) error {
	data, err := os.ReadFile(in)
	if err != nil {
		return err
	}
	f, err := os.Create(out)
	if err != nil {
		return err
	}
	w := brotli.NewWriterOptions(f, brotli.WriterOptions{Quality: quality, LGWin: window})
	if _, err := w.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := w.Close(); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}
