// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

package sync

import "sync/atomic"

// Once runs f once; a second caller does not wait for the first's f to
// return (a simplification of Go's, which does).
type Once struct{ done int64 }

func (o *Once) Do(f func()) {
	if atomic.CompareAndSwapInt64(&o.done, 0, 1) {
		f()
	}
}
