// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package strings as gmplab declares it: the functions without a body are
// computed on the host by the real package (vm/strings.go,
// vm/host_strings.go); the others are Go's source (lang/srcpkg/strings).
//
// A Builder is the text so far and the address it was first written at
// (vm/host_strings.go: copyCheck).
package strings

type Builder struct {
	buf  string
	addr *Builder
}

// Write appends the contents of p to b's buffer: a Builder is an
// io.Writer, as Go's is.
func (b *Builder) Write(p []byte) (int, error) {
	return b.WriteString(string(p))
}

func (b *Builder) WriteString(s string) (int, error)

func (b *Builder) WriteByte(c byte) error

func (b *Builder) WriteRune(r rune) (int, error)

func (b *Builder) String() string

func (b *Builder) Len() int

func (b *Builder) Reset()

func (b *Builder) Grow(n int)

func Compare(a, b string) int

func Contains(s, substr string) bool

func ContainsAny(s, chars string) bool

func ContainsRune(s string, r rune) bool

func Count(s, substr string) int

func Cut(s, sep string) (before, after string, found bool)

func CutPrefix(s, prefix string) (after string, found bool)

func CutSuffix(s, suffix string) (before string, found bool)

func EqualFold(s, t string) bool

func Fields(s string) []string

func HasPrefix(s, prefix string) bool

func HasSuffix(s, suffix string) bool

func Index(s, substr string) int

func IndexAny(s, chars string) int

func IndexByte(s string, c byte) int

func IndexRune(s string, r rune) int

func Join(elems []string, sep string) string

func LastIndex(s, substr string) int

func LastIndexAny(s, chars string) int

func LastIndexByte(s string, c byte) int

func Repeat(s string, count int) string

func Replace(s, old, new string, n int) string

func ReplaceAll(s, old, new string) string

func Split(s, sep string) []string

func SplitAfter(s, sep string) []string

func SplitAfterN(s, sep string, n int) []string

func SplitN(s, sep string, n int) []string

func ToLower(s string) string

func ToTitle(s string) string

func ToUpper(s string) string

func Trim(s, cutset string) string

func TrimLeft(s, cutset string) string

func TrimPrefix(s, prefix string) string

func TrimRight(s, cutset string) string

func TrimSpace(s string) string

func TrimSuffix(s, suffix string) string
