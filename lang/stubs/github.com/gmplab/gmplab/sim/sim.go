// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package sim is gmplab's own: what a scenario does that the simulated
// runtime sees but Go code cannot express without files and networks.
package sim

import "time"

// Work runs on the CPU for d without a call (no preemption point).
func Work(d time.Duration)

// Syscall makes a blocking system call that lasts d.
func Syscall(d time.Duration)

// A Conn is a simulated network connection.
type Conn struct{ c int64 }

// Dial opens a connection whose next Read is ready after d.
func Dial(d time.Duration) *Conn

// Read blocks in the netpoller until the connection is ready.
func (c *Conn) Read()

// Breakpoint stops the debugger here.
func Breakpoint()
