// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package strconv as gmplab declares it: computed on the host by the real
// package (vm/strings.go, vm/host_strings.go).
package strconv

// IntSize is the size in bits of an int or uint value: gmplab models
// amd64, as it does everywhere (atoi.go).
const IntSize = 64

func Atoi(s string) (int, error)

func CanBackquote(s string) bool

func FormatBool(b bool) string

func FormatFloat(f float64, fmt byte, prec, bitSize int) string

func FormatInt(i int64, base int) string

func FormatUint(i uint64, base int) string

func IsGraphic(r rune) bool

func IsPrint(r rune) bool

func Itoa(i int) string

func ParseBool(str string) (bool, error)

func ParseFloat(s string, bitSize int) (float64, error)

func ParseInt(s string, base int, bitSize int) (i int64, err error)

func ParseUint(s string, base int, bitSize int) (uint64, error)

func Quote(s string) string

func QuoteRune(r rune) string

func QuoteRuneToASCII(r rune) string

func QuoteToASCII(s string) string

func QuoteToGraphic(s string) string

func Unquote(s string) (string, error)
