// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package os as gmplab declares it: Exit, Args, and Stdout and Stderr as
// the writers of fmt.Fprint*. A *File is the file descriptor.
package os

type File struct{ fd int }

var (
	Stdout = newFile(1)
	Stderr = newFile(2)
)

// Args hold the command-line arguments, starting with the program name.
var Args = runtime_args()

func newFile(fd int) *File

func runtime_args() []string

func Exit(code int)
