// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package os as gmplab declares it: Exit, Args, Stdin (gmplab's standard
// input) as an io.Reader, and Stdout and Stderr as io.Writers (fmt.Fprint*,
// io.Copy, log.SetOutput). A *File is the file descriptor.
package os

type File struct{ fd int }

// Stdin is descriptor 0: a *File is its descriptor, so the zero value
// is Stdin already, with no initialiser to run (a simplification:
// os.Stdin == nil holds in gmplab, docs/assumptions.md).
var Stdin *File

var (
	Stdout = newFile(1)
	Stderr = newFile(2)
)

// Args hold the command-line arguments, starting with the program name.
var Args = runtime_args()

func newFile(fd int) *File

// Write writes len(b) bytes from b to the File. os.Stdout and os.Stderr
// are written whole; another File writes nothing.
func (f *File) Write(b []byte) (n int, err error) {
	return f.WriteString(string(b))
}

// Read reads up to len(b) bytes from the File and stores them in b.
// It returns the number of bytes read and any error encountered.
// At end of file, Read returns 0, io.EOF. os.Stdin reads gmplab's
// standard input; another File reads nothing.
func (f *File) Read(b []byte) (n int, err error) {
	if f != Stdin {
		return 0, eof()
	}
	if len(b) == 0 {
		return 0, nil
	}
	s := readStdin(len(b))
	if s == "" {
		return 0, eof()
	}
	return copy(b, s), nil
}

func readStdin(n int) string

// eof is io.EOF (lang/ssagen reads it, where the program has package io;
// without it, an error of the same text). os does not import io, so
// that a program that only prints does not run io's initialisers
// (lang/stubs/fmt).
func eof() error

// WriteString is like Write, but writes the contents of string s rather than
// a slice of bytes.
func (f *File) WriteString(s string) (n int, err error)

func runtime_args() []string

func Exit(code int)
