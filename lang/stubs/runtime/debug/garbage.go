// Copyright 2013 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package debug as gmplab declares it: the collector's two settings, which
// set GOGC and GOMEMLIMIT for the gc layer's collector (runtime/mgc.go:
// setGCPercent, setMemoryLimit).
package debug

// SetGCPercent sets the collector's target percentage (GOGC) and returns
// the previous setting; a negative percentage turns the collector off.
func SetGCPercent(percent int) int

// SetMemoryLimit sets the soft memory limit (GOMEMLIMIT) in bytes and
// returns the previous limit; a negative limit only reads it.
func SetMemoryLimit(limit int64) int64
