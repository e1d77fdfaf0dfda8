// Copyright 2013 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// sync.Pool as gmplab models it. Go's (src/sync/pool.go) keeps a private
// item and a shared lock-free chain per P, and the garbage collector
// empties it (through a victim cache) at each cycle. gmplab models neither
// per-P caches nor collections (runtime.GC is a no-op): a Pool is one
// last-in first-out stack of the items Put in it, so that on one P a Get
// after a Put returns that item, as Go's private slot does, and an item is
// never dropped. A simplification: docs/assumptions.md.

package sync

// A Pool is a set of temporary objects that may be individually saved and
// retrieved.
//
// A Pool must not be copied after first use.
type Pool struct {
	items []any

	// New optionally specifies a function to generate
	// a value when Get would otherwise return nil.
	// It may not be changed concurrently with calls to Get.
	New func() any
}

// Put adds x to the pool.
func (p *Pool) Put(x any) {
	if x == nil {
		return
	}
	p.items = append(p.items, x)
}

// Get selects an arbitrary item from the [Pool], removes it from the
// Pool, and returns it to the caller.
// Get may choose to ignore the pool and treat it as empty.
// Callers should not assume any relation between values passed to [Pool.Put] and
// the values returned by Get.
//
// If Get would otherwise return nil and p.New is non-nil, Get returns
// the result of calling p.New.
func (p *Pool) Get() any {
	if n := len(p.items); n > 0 {
		x := p.items[n-1]
		p.items[n-1] = nil
		p.items = p.items[:n-1]
		return x
	}
	if p.New != nil {
		return p.New()
	}
	return nil
}
