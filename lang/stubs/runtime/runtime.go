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
