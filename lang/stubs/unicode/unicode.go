// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package unicode as gmplab declares it: the predicates and case mappings
// are computed on the host by Go 1.26's package (vm/host_unicode.go); the
// range tables are declared in tables.go, their types, Is, In, IsOneOf
// and SpecialCase's methods are Go's source (lang/ssasrc/unicode).
package unicode

// Version is the Unicode edition of Go 1.26's tables (tables.go), which
// gmplab's unicode follows whichever toolchain built it.
const Version = "15.0.0"

// The variables of Go 1.26's tables.go, casetables.go and graphic.go
// that hold range tables or case tables. Each is built where the
// program's code refers to it, before package initialisation, its tables
// being the range-table variables' (lang/ssagen: unicodeTables,
// vm/host_unicode_vars.go): the maps by MakeMap and MapStore as unicode's
// outlined map initialisation builds them, the rest as static data.
var (
	Categories      map[string]*RangeTable
	CategoryAliases map[string]string
	Scripts         map[string]*RangeTable
	Properties      map[string]*RangeTable
	FoldCategory    map[string]*RangeTable
	FoldScript      map[string]*RangeTable
	GraphicRanges   []*RangeTable
	PrintRanges     []*RangeTable
	CaseRanges      []CaseRange
	TurkishCase     SpecialCase
	AzeriCase       SpecialCase
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

// To maps the rune to the specified case: UpperCase, LowerCase, or
// TitleCase (Go 1.26's CaseRanges, on the host).
func To(_case int, r rune) rune

func ToTitle(r rune) rune

func ToUpper(r rune) rune

// SimpleFold iterates over Unicode code points equivalent under
// the Unicode-defined simple case folding (the host's tables).
func SimpleFold(r rune) rune
