// Copyright 2019 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// In Go, src/math/bits/bits_errors.go linknames these two to the runtime's
// runtime.overflowError and runtime.divideError. gmplab declares them
// here with the same messages, as values of a runtime.Error type of the
// package's own: a panic prints and recovers as Go's does, but
// errors.Is(err, <the runtime's value>) cannot be asked of them (the
// program cannot name the runtime's values either).

package bits

type runtimeError string

func (e runtimeError) RuntimeError() {}

func (e runtimeError) Error() string { return "runtime error: " + string(e) }

var overflowError error = runtimeError("integer overflow")

var divideError error = runtimeError("integer divide by zero")
