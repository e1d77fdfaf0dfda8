// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// From src/math/rand/v2/rand.go of Go 1.26, compiled by gmplab with the
// program (lang/srcpkg.go). The hand-made part of the package
// (lang/librand.go) declares Rand, whose methods the VM computes; a
// method cannot be declared here on it, so (*Rand).Perm and
// (*Rand).Shuffle are perm and shuffle, which the methods' calls call
// (lang/librand_v2.go). A nil *Rand is the runtime source, globalRand's.
// r.Uint64N(n) is r.uint64n(n) for the n > 0 these pass.

package rand

// perm is (*Rand).Perm.
func perm(r *Rand, n int) []int {
	p := make([]int, n)
	for i := range p {
		p[i] = i
	}
	shuffle(r, len(p), func(i, j int) { p[i], p[j] = p[j], p[i] })
	return p
}

// shuffle is (*Rand).Shuffle.
func shuffle(r *Rand, n int, swap func(i, j int)) {
	if n < 0 {
		panic("invalid argument to Shuffle")
	}

	// Fisher-Yates shuffle: https://en.wikipedia.org/wiki/Fisher%E2%80%93Yates_shuffle
	// Shuffle really ought not be called with n that doesn't fit in 32 bits.
	// Not only will it take a very long time, but with 2³¹! possible permutations,
	// there's no way that any PRNG can have a big enough internal state to
	// generate even a minuscule percentage of the possible permutations.
	// Nevertheless, the right API signature accepts an int n, so handle it as best we can.
	for i := n - 1; i > 0; i-- {
		j := int(r.Uint64N(uint64(i + 1)))
		swap(i, j)
	}
}

// N returns a pseudo-random number in the half-open interval [0,n) from the default Source.
// The type parameter Int can be any integer type.
// It panics if n <= 0.
func N[Int intType](n Int) Int {
	if n <= 0 {
		panic("invalid argument to N")
	}
	var globalRand *Rand
	return Int(globalRand.Uint64N(uint64(n)))
}

type intType interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 |
		~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64 | ~uintptr
}

// Perm returns, as a slice of n ints, a pseudo-random permutation of the integers
// in the half-open interval [0,n) from the default Source.
func Perm(n int) []int { return perm(nil, n) }

// Shuffle pseudo-randomizes the order of elements using the default Source.
// n is the number of elements. Shuffle panics if n < 0.
// swap swaps the elements with indexes i and j.
func Shuffle(n int, swap func(i, j int)) { shuffle(nil, n, swap) }
