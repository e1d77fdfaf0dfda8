// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package sort as gmplab declares it: Ints, Strings and Float64s sort on the
// host (vm/host_sort.go); the rest is Go's source (lang/srcpkg/sort).
package sort

func Float64s(x []float64)

func Float64sAreSorted(x []float64) bool

func Ints(x []int)

func Strings(x []string)
