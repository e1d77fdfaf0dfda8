// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package rand (math/rand) as gmplab declares it: the VM draws from the
// real generators (vm/rand.go). A Source and a *Rand hold the id of the
// generator's object; the top-level functions draw from the runtime
// source, which the run's --seed seeds. Perm and Shuffle are Go's source
// (lang/srcpkg/math/rand).
//
// A Source is a struct here, where Go has an interface: rand.New takes
// only a Source from rand.NewSource.
package rand

type Source struct{ src int64 }

func (s Source) Int63() int64

func (s Source) Seed(seed int64)

func ExpFloat64() float64

func Float32() float32 {
again:
	f := float32(Float64())
	if f == 1 {
		goto again // resample; this branch is taken O(very rarely)
	}
	return f
}

func Float64() float64 {
again:
	f := float64(Int63()) / (1 << 63)
	if f == 1 {
		goto again // resample; this branch is taken O(never)
	}
	return f
}

func Int() int

func Int31() int32

func Int31n(n int32) int32

func Int63() int64

func Int63n(n int64) int64

func Intn(n int) int

func New(src Source) *Rand

func NewSource(seed int64) Source

func NormFloat64() float64

type Rand struct{ src int64 }

func (r *Rand) Int() int

func (r *Rand) Intn(n int) int

func (r *Rand) Int63() int64

func (r *Rand) Int31() int32

func (r *Rand) Int31n(n int32) int32

func (r *Rand) Int63n(n int64) int64

func (r *Rand) Uint32() uint32

func (r *Rand) Seed(seed int64)

func (r *Rand) Uint64() uint64

func (r *Rand) Perm(n int) []int { return perm(r, n) }

func (r *Rand) Shuffle(n int, swap func(i, j int)) { shuffle(r, n, swap) }

func (r *Rand) NormFloat64() float64

func (r *Rand) ExpFloat64() float64

func (r *Rand) Float64() float64 {
again:
	f := float64(r.Int63()) / (1 << 63)
	if f == 1 {
		goto again // resample; this branch is taken O(never)
	}
	return f
}

func (r *Rand) Float32() float32 {
again:
	f := float32(r.Float64())
	if f == 1 {
		goto again // resample; this branch is taken O(very rarely)
	}
	return f
}

func Seed(seed int64)

func Uint32() uint32

func Uint64() uint64
