// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package fmt as gmplab declares it: every function formats with Go's own
// doPrintf, doPrint and doPrintln ported into the VM (vm/fmt_runtime.go,
// vm/format_dynamic.go), the String and Error methods of the operands
// running as ordinary calls; operands that are numbers, strings and bools
// only take a fast path on the host's fmt, chosen inside the VM. Fprint,
// Fprintf and Fprintln write the text with one call of the writer's Write
// (fprintWriter), as Go's do; to os.Stdout and os.Stderr, the VM writes
// it at the call.
package fmt

import (
	"errors"
	_ "os" // Print and Println write to os.Stdout, as Go's fmt imports os
)

// writer is io.Writer's method set. Go's fmt declares Fprint's writer as
// an io.Writer; gmplab's declares the same interface without importing io,
// so that a program that only prints does not run io's initialisers,
// which cost virtual time in the model where the real compiler makes them
// static data (docs/assumptions.md). Any io.Writer is one and assigns to
// one; only go/types' wording of an error about it, and the identity of
// fmt.Fprint's type as a func value, differ from Go's.
type writer = interface {
	Write(p []byte) (n int, err error)
}

// Stringer is implemented by any value that has a String method, which
// defines the “native” format for that value.
type Stringer interface {
	String() string
}

// Errorf formats according to a format specifier and returns the string as a
// value that satisfies error. Its %w verbs wrap their operands as Go's do
// (fmt/errors.go): which it wraps the VM tells (errorfWrap).
func Errorf(format string, a ...any) error {
	s := errorfText(format, a)
	switch kind, w := errorfWrap(format, a); kind {
	case 0:
		return errors.New(s)
	case 1:
		return &wrapError{msg: s, err: w}
	}
	_, ws := errorfWraps(format, a)
	return &wrapErrors{msg: s, errs: ws}
}

// errorfText is Sprintf with %w taking an error operand.
func errorfText(format string, a []any) string

// errorfWrap is which errors Errorf wraps: kind 0 none, 1 one (w), 2
// several (errorfWraps).
func errorfWrap(format string, a []any) (kind int, w error)

func errorfWraps(format string, a []any) (kind int, ws []error)

type wrapError struct {
	msg string
	err error
}

func (e *wrapError) Error() string {
	return e.msg
}

func (e *wrapError) Unwrap() error {
	return e.err
}

type wrapErrors struct {
	msg  string
	errs []error
}

func (e *wrapErrors) Error() string {
	return e.msg
}

func (e *wrapErrors) Unwrap() []error {
	return e.errs
}

func Fprint(w writer, a ...any) (n int, err error)

func Fprintf(w writer, format string, a ...any) (n int, err error)

func Fprintln(w writer, a ...any) (n int, err error)

// fprintWriter writes the text s of a Fprint, Fprintf or Fprintln to w
// with one call of its Write, as Go's do: for any writer but os.Stdout
// and os.Stderr, which the VM writes itself at the call (lang/ssagen).
func fprintWriter(w writer, s string) (n int, err error) {
	return w.Write([]byte(s))
}

func Print(a ...any) (n int, err error)

func Printf(format string, a ...any) (n int, err error)

func Println(a ...any) (n int, err error)

func Sprint(a ...any) string

func Sprintf(format string, a ...any) string

func Sprintln(a ...any) string

// Append formats using the default formats for its operands, appends the
// result to the byte slice, and returns the updated slice.
func Append(b []byte, a ...any) []byte { return append(b, Sprint(a...)...) }

// Appendf formats according to a format specifier, appends the result to
// the byte slice, and returns the updated slice.
func Appendf(b []byte, format string, a ...any) []byte {
	return append(b, Sprintf(format, a...)...)
}

// Appendln formats using the default formats for its operands, appends
// the result to the byte slice, and returns the updated slice. Spaces are
// always added between operands and a newline is appended.
func Appendln(b []byte, a ...any) []byte { return append(b, Sprintln(a...)...) }
