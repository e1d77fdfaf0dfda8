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

import "sync/atomic"

type Mutex struct{ state int64 }

func (m *Mutex) Lock()

func (m *Mutex) Unlock()

func (m *Mutex) TryLock() bool

// Once runs f once; a second caller does not wait for the first's f to
// return (a simplification of Go's, which does).
type Once struct{ done int64 }

func (o *Once) Do(f func()) {
	if atomic.CompareAndSwapInt64(&o.done, 0, 1) {
		f()
	}
}

type WaitGroup struct{ state int64 }

func (wg *WaitGroup) Add(delta int)

func (wg *WaitGroup) Done() {
	wg.Add(-1)
}

func (wg *WaitGroup) Wait()

func (wg *WaitGroup) Go(f func()) {
	wg.Add(1)
	go func() {
		defer func() {
			if x := recover(); x != nil {
				// f panicked, which will be fatal because
				// this is a new goroutine.
				//
				// Calling Done will unblock Wait in the main goroutine,
				// allowing it to race with the fatal panic and
				// possibly even exit the process (os.Exit(0))
				// before the panic completes.
				//
				// This is almost certainly undesirable,
				// so instead avoid calling Done and simply panic.
				panic(x)
			}

			// f completed normally, or abruptly using goexit.
			// Either way, decrement the semaphore.
			wg.Done()
		}()
		f()
	}()
}

// sema is a runtime semaphore (Go's is a uint32 the runtime's semtable
// keys by address).
type sema struct{ n uint32 }

// notifyList is a runtime notifyList (Cond's).
type notifyList struct{ n uint32 }
