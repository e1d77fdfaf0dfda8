// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package sync as gmplab declares it: a Mutex and a WaitGroup (and the
// semaphores and notify lists of the source part, lang/srcpkg/sync) hold
// the id of the simulated runtime's record, made with the zero value, so
// that &mu is the id too; their methods are scheduler operations.
// RWMutex, Cond, Map and OnceFunc are Go's source.
package sync

type Mutex struct{ state int64 }

func (m *Mutex) Lock()

func (m *Mutex) Unlock()

func (m *Mutex) TryLock() bool

// sema is a runtime semaphore (Go's is a uint32 the runtime's semtable
// keys by address).
type sema struct{ n uint32 }

// notifyList is a runtime notifyList (Cond's).
type notifyList struct{ n uint32 }
