// Copyright 2017 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// src/sort/slice.go of Go 1.26, compiled by gmplab with the program
// (lang/srcpkg.go). internal/reflectlite's ValueOf(x).Len() and Swapper(x)
// are reflectSliceLen and reflectSliceSwap, computed by the VM
// (vm/host_sort.go), and swapper below, reflectlite's Swapper around them.

package sort

// Slice sorts the slice x given the provided less function.
// It panics if x is not a slice.
//
// The sort is not guaranteed to be stable: equal elements
// may be reversed from their original order.
// For a stable sort, use [SliceStable].
//
// The less function must satisfy the same requirements as
// the Interface type's Less method.
func Slice(x any, less func(i, j int) bool) {
	swap := swapper(x)
	length := reflectSliceLen(x, "reflect.Value.Len")
	limit := bitsLen(uint(length))
	pdqsort_func(lessSwap{less, swap}, 0, length, limit)
}

// SliceStable sorts the slice x using the provided less
// function, keeping equal elements in their original order.
// It panics if x is not a slice.
//
// The less function must satisfy the same requirements as
// the Interface type's Less method.
func SliceStable(x any, less func(i, j int) bool) {
	swap := swapper(x)
	stable_func(lessSwap{less, swap}, reflectSliceLen(x, "reflect.Value.Len"))
}

// SliceIsSorted reports whether the slice x is sorted according to the provided less function.
// It panics if x is not a slice.
func SliceIsSorted(x any, less func(i, j int) bool) bool {
	n := reflectSliceLen(x, "reflect.Value.Len")
	for i := n - 1; i > 0; i-- {
		if less(i, i-1) {
			return false
		}
	}
	return true
}

// swapper is internal/reflectlite.Swapper: a function that swaps the
// elements in the provided slice. It panics if x is not a slice.
func swapper(x any) func(i, j int) {
	n := reflectSliceLen(x, "Swapper")
	// Fast path for slices of size 0 and 1. Nothing to swap.
	switch n {
	case 0:
		return func(i, j int) { panic("reflect: slice index out of range") }
	case 1:
		return func(i, j int) {
			if i != 0 || j != 0 {
				panic("reflect: slice index out of range")
			}
		}
	}
	return func(i, j int) { reflectSliceSwap(x, i, j) }
}

// reflectSliceLen is reflectlite.ValueOf(x).Len(), or the panic of
// method on a Value that holds no slice (an intrinsic).
func reflectSliceLen(x any, method string) int

// reflectSliceSwap swaps elements i and j of the slice x holds, or panics
// if either is out of range (an intrinsic).
func reflectSliceSwap(x any, i, j int)
