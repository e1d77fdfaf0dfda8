// Copyright 2009 The Go Authors. All rights reserved.
// Use of this source code is governed by a BSD-style
// license that can be found in the LICENSE file.

//go:build ignore

// From src/math/rand/rand.go of Go 1.26, compiled by gmplab with the
// program (lang/srcpkg.go). The hand-made part of the package
// (lang/librand.go) declares Rand, whose methods the VM computes; a
// method cannot be declared here on it, so (*Rand).Perm and
// (*Rand).Shuffle are perm and shuffle, which the methods' calls call
// (lang/librand_v1.go), and the unexported (*Rand).int31n is int31n,
// computed by the VM. A nil *Rand is the runtime source, globalRand()'s.

package rand

// int31n is (*Rand).int31n, Lemire's reduction (vm/rand.go).
func int31n(r *Rand, n int32) int32

// perm is (*Rand).Perm.
func perm(r *Rand, n int) []int {
	m := make([]int, n)
	// In the following loop, the iteration when i=0 always swaps m[0] with m[0].
	// A change to remove this useless iteration is to assign 1 to i in the init
	// statement. But Perm also effects r. Making this change will affect
	// the final state of r. So this change can't be made for compatibility
	// reasons for Go 1.
	for i := 0; i < n; i++ {
		j := r.Intn(i + 1)
		m[i] = m[j]
		m[j] = i
	}
	return m
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
	i := n - 1
	for ; i > 1<<31-1-1; i-- {
		j := int(r.Int63n(int64(i + 1)))
		swap(i, j)
	}
	for ; i > 0; i-- {
		j := int(int31n(r, int32(i+1)))
		swap(i, j)
	}
}

// Perm returns, as a slice of n ints, a pseudo-random permutation of the integers
// in the half-open interval [0,n) from the default [Source].
func Perm(n int) []int { return perm(nil, n) }

// Shuffle pseudo-randomizes the order of elements using the default [Source].
// n is the number of elements. Shuffle panics if n < 0.
// swap swaps the elements with indexes i and j.
func Shuffle(n int, swap func(i, j int)) { shuffle(nil, n, swap) }
