// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// Package rand (math/rand/v2) as gmplab declares it: the VM draws from the
// real generators (vm/rand.go, vm/rand_chacha8.go). A *Rand, a *PCG and a
// *ChaCha8 hold the id of the generator's object; the top-level functions
// draw from the runtime source, which the run's --seed seeds. N, Perm and
// Shuffle are Go's source (lang/srcpkg/math/rand/v2).
package rand

type ChaCha8 struct{ src int64 }

func (c *ChaCha8) Uint64() uint64

func (c *ChaCha8) Read(p []byte) (n int, err error)

func (c *ChaCha8) Seed(seed [32]byte)

func ExpFloat64() float64

func Float32() float32 {
	// There are exactly 1<<24 float32s in [0,1). Use Intn(1<<24) / (1<<24).
	return float32(Uint32()<<8>>8) / (1 << 24)
}

func Float64() float64 {
	// There are exactly 1<<53 float64s in [0,1). Use Intn(1<<53) / (1<<53).
	return float64(Uint64()<<11>>11) / (1 << 53)
}

func Int() int

func Int32() int32

func Int32N(n int32) int32

func Int64() int64

func Int64N(n int64) int64

func IntN(n int) int

func New(src Source) *Rand

func NewChaCha8(seed [32]byte) *ChaCha8

func NewPCG(seed1, seed2 uint64) *PCG

func NormFloat64() float64

type PCG struct{ src int64 }

func (p *PCG) Uint64() uint64

func (p *PCG) Seed(seed1, seed2 uint64)

type Rand struct{ src int64 }

func (r *Rand) Int() int

func (r *Rand) IntN(n int) int

func (r *Rand) Int64() int64

func (r *Rand) Int32() int32

func (r *Rand) Int64N(n int64) int64

func (r *Rand) Int32N(n int32) int32

func (r *Rand) Uint64() uint64

func (r *Rand) Uint32() uint32

func (r *Rand) Uint() uint

func (r *Rand) UintN(n uint) uint

func (r *Rand) Uint64N(n uint64) uint64

func (r *Rand) Uint32N(n uint32) uint32

func (r *Rand) Perm(n int) []int { return perm(r, n) }

func (r *Rand) Shuffle(n int, swap func(i, j int)) { shuffle(r, n, swap) }

func (r *Rand) NormFloat64() float64

func (r *Rand) ExpFloat64() float64

func (r *Rand) Float64() float64 {
	// There are exactly 1<<53 float64s in [0,1). Use Intn(1<<53) / (1<<53).
	return float64(r.Uint64()<<11>>11) / (1 << 53)
}

func (r *Rand) Float32() float32 {
	// There are exactly 1<<24 float32s in [0,1). Use Intn(1<<24) / (1<<24).
	return float32(r.Uint32()<<8>>8) / (1 << 24)
}

type Source interface{ Uint64() uint64 }

func Uint() uint

func Uint32() uint32

func Uint32N(n uint32) uint32

func Uint64() uint64

func Uint64N(n uint64) uint64

func UintN(n uint) uint
