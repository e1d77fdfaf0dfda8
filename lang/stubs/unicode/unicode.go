// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package unicode as gmplab declares it: computed on the host by the real
// package (vm/host_unicode.go).
package unicode

const (
	MaxRune         = '\U0010FFFF' // Maximum valid Unicode code point.
	ReplacementChar = '\uFFFD'     // Represents invalid code points.
	MaxASCII        = '\u007F'     // maximum ASCII value.
	MaxLatin1       = '\u00FF'     // maximum Latin-1 value.
)

func IsControl(r rune) bool

func IsDigit(r rune) bool

func IsGraphic(r rune) bool

func IsLetter(r rune) bool

func IsLower(r rune) bool

func IsMark(r rune) bool

func IsNumber(r rune) bool

func IsPrint(r rune) bool

func IsPunct(r rune) bool

func IsSpace(r rune) bool

func IsSymbol(r rune) bool

func IsTitle(r rune) bool

func IsUpper(r rune) bool

func ToLower(r rune) rune

func ToTitle(r rune) rune

func ToUpper(r rune) rune

// SimpleFold iterates over Unicode code points equivalent under
// the Unicode-defined simple case folding (the host's tables).
func SimpleFold(r rune) rune
