// Copyright 2011 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// src/sync/cond.go of Go 1.26, compiled by gmplab with the program
// (lang/srcpkg.go), and Locker (src/sync/mutex.go). The notifyList is the
// hand-made type notifyList (lang/srcpkg_sync.go), a runtime notifyList
// (runtime/semaphore.go). Left out: noCopy and the copyChecker, whose
// check panics "sync.Cond is copied" (a Cond here holds its notifyList's
// id, so a copy shares it).

package sync

// A Locker represents an object that can be locked and unlocked.
type Locker interface {
	Lock()
	Unlock()
}

// Cond implements a condition variable, a rendezvous point
// for goroutines waiting for or announcing the occurrence
// of an event.
//
// Each Cond has an associated Locker L (often a [*Mutex] or [*RWMutex]),
// which must be held when changing the condition and
// when calling the [Cond.Wait] method.
type Cond struct {
	// L is held while observing or changing the condition
	L Locker

	notify notifyList
}

// NewCond returns a new Cond with Locker l.
func NewCond(l Locker) *Cond {
	return &Cond{L: l}
}

// Wait atomically unlocks c.L and suspends execution
// of the calling goroutine. After later resuming execution,
// Wait locks c.L before returning. Unlike in other systems,
// Wait cannot return unless awoken by [Cond.Broadcast] or [Cond.Signal].
func (c *Cond) Wait() {
	t := runtime_notifyListAdd(&c.notify)
	c.L.Unlock()
	runtime_notifyListWait(&c.notify, t)
	c.L.Lock()
}

// Signal wakes one goroutine waiting on c, if there is any.
func (c *Cond) Signal() {
	runtime_notifyListNotifyOne(&c.notify)
}

// Broadcast wakes all goroutines waiting on c.
func (c *Cond) Broadcast() {
	runtime_notifyListNotifyAll(&c.notify)
}
