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
