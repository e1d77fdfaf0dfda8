// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package runtime as gmplab declares it: the calls into the simulated
// runtime (package github.com/gmplab/gmplab/runtime).
package runtime

func GC()

func GOMAXPROCS(n int) int

func Goexit()

func Gosched()

func KeepAlive(x any)

func LockOSThread()

func NumCPU() int

func NumGoroutine() int

func UnlockOSThread()

// Caller reports the file and line of the call in the function skip
// frames above the caller of Caller (vm/host_caller.go).
func Caller(skip int) (pc uintptr, file string, line int, ok bool)
