// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package log as gmplab declares it: the standard logger, writing to
// os.Stderr with the simulated clock's date and time (vm/host_log.go). The
// print functions are computed by the VM (lang/ssagen: they need their
// call's file and line); the flags and the prefix are these variables.
package log

const (
	Ldate         = 1 << iota     // the date in the local time zone: 2009/01/23
	Ltime                         // the time in the local time zone: 01:23:23
	Lmicroseconds                 // microsecond resolution: 01:23:23.123123.  assumes Ltime.
	Llongfile                     // full file name and line number: /a/b/c/d.go:23
	Lshortfile                    // final file name element and line number: d.go:23. overrides Llongfile
	LUTC                          // if Ldate or Ltime is set, use UTC rather than the local time zone
	Lmsgprefix                    // move the "prefix" from the beginning of the line to before the message
	LstdFlags     = Ldate | Ltime // initial values for the standard logger
)

var (
	flags  = LstdFlags
	prefix string
)

// SetFlags sets the output flags for the standard logger.
func SetFlags(flag int) { flags = flag }

// Flags returns the output flags for the standard logger.
func Flags() int { return flags }

// SetPrefix sets the output prefix for the standard logger.
func SetPrefix(p string) { prefix = p }

// Prefix returns the output prefix for the standard logger.
func Prefix() string { return prefix }

func Fatal(v ...any)

func Fatalf(format string, v ...any)

func Fatalln(v ...any)

func Panic(v ...any)

func Panicf(format string, v ...any)

func Panicln(v ...any)

func Print(v ...any)

func Printf(format string, v ...any)

func Println(v ...any)
