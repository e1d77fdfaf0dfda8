// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package unicode as gmplab declares it: the predicates and case mappings
// are computed on the host by Go 1.26's package (vm/host_unicode.go); the
// range tables are declared in tables.go, their types and Is, In and
// IsOneOf are Go's source (lang/ssasrc/unicode).
package unicode

// Version is the Unicode edition of Go 1.26's tables (tables.go), which
// gmplab's unicode follows whichever toolchain built it.
const Version = "15.0.0"

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

// To maps the rune to the specified case: UpperCase, LowerCase, or
// TitleCase (Go 1.26's CaseRanges, on the host).
func To(_case int, r rune) rune

func ToTitle(r rune) rune

func ToUpper(r rune) rune

// SimpleFold iterates over Unicode code points equivalent under
// the Unicode-defined simple case folding (the host's tables).
func SimpleFold(r rune) rune
