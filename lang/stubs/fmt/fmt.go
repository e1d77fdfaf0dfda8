// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package fmt as gmplab declares it: every function formats with Go's own
// doPrintf, doPrint and doPrintln ported into the VM (vm/fmt_runtime.go,
// vm/format_dynamic.go), the String and Error methods of the operands
// running as ordinary calls; operands that are numbers, strings and bools
// only take a fast path on the host's fmt, chosen inside the VM. The
// writer of Fprint, Fprintf and Fprintln is os.Stdout or os.Stderr.
package fmt

import (
	"errors"
	"os"
)

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

func Fprint(w *os.File, a ...any) (n int, err error)

func Fprintf(w *os.File, format string, a ...any) (n int, err error)

func Fprintln(w *os.File, a ...any) (n int, err error)

func Print(a ...any) (n int, err error)

func Printf(format string, a ...any) (n int, err error)

func Println(a ...any) (n int, err error)

func Sprint(a ...any) string

func Sprintf(format string, a ...any) string

func Sprintln(a ...any) string
