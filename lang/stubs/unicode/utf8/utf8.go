// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package utf8 as gmplab declares it: computed on the host by the real
// package (vm/host_utf8.go).
package utf8

const (
	RuneError = '\uFFFD'     // the "error" Rune or "Unicode replacement character"
	RuneSelf  = 0x80         // characters below RuneSelf are represented as themselves in a single byte.
	MaxRune   = '\U0010FFFF' // Maximum valid Unicode code point.
	UTFMax    = 4            // maximum number of bytes of a UTF-8 encoded Unicode character.
)

func DecodeLastRuneInString(s string) (r rune, size int)

func DecodeRuneInString(s string) (r rune, size int)

func FullRuneInString(s string) bool

func RuneCountInString(s string) (n int)

func RuneLen(r rune) int

func ValidRune(r rune) bool

func ValidString(s string) bool
