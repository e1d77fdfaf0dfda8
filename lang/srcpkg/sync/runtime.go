// Copyright 2012 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// The runtime functions the sync package calls (src/sync/runtime.go of
// Go 1.26): intrinsics, declared without a body and compiled by
// lang/srcpkg_sync.go to the simulated runtime's semaphores
// (runtime/semaphore.go). The semaphore is a *sema where Go has a *uint32.

package sync

// Semrelease atomically increments *s and notifies a waiting goroutine
// if one is blocked in Semacquire.
// If handoff is true, pass count directly to the first waiter.
func runtime_Semrelease(s *sema, handoff bool, skipframes int)

// SemacquireRWMutexR is like Semacquire, but for profiling contended RWMutexes;
// lifo queues the waiter at the head of the queue.
func runtime_SemacquireRWMutexR(s *sema, lifo bool, skipframes int)

// SemacquireRWMutex is like Semacquire, but for profiling contended RWMutexes.
func runtime_SemacquireRWMutex(s *sema, lifo bool, skipframes int)

// fatal ends the program with "fatal error: " and s (runtime.fatal).
func fatal(s string)

// Approximation of notifyList in runtime/sema.go.
// notifyListAdd adds the caller to a notify list such that it can receive
// notifications. The caller must eventually call notifyListWait to wait for
// such a notification, passing the returned ticket number.
func runtime_notifyListAdd(l *notifyList) uint32

// notifyListWait waits for a notification. If one has been sent since
// notifyListAdd was called, it returns immediately. Otherwise, it blocks.
func runtime_notifyListWait(l *notifyList, t uint32)

// notifyListNotifyAll notifies all entries in the list.
func runtime_notifyListNotifyAll(l *notifyList)

// notifyListNotifyOne notifies one entry in the list.
func runtime_notifyListNotifyOne(l *notifyList)
