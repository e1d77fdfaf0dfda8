//go:build ignore

// math/rand/v2's ChaCha8 prints what Go prints: the real generator
// (internal/chacha8rand's block layout, re-keyed every 16 blocks), its
// Read and Seed, and every Rand method over it. Thousands of draws are
// summed, so that a difference anywhere in a long sequence shows, and a
// few hundred are printed, across several re-keyings (one every 124
// Uint64s). The seeds are written as programs write them.
package main

import (
	"fmt"
	"math/rand/v2"
)

func main() {
	seed := [32]byte([]byte("ChaCha8 seed for the example...."))
	c := rand.NewChaCha8(seed)
	for i := 0; i < 300; i++ {
		fmt.Print(c.Uint64()%1000, " ")
		if i%30 == 29 {
			fmt.Println()
		}
	}
	var sum, xor uint64
	for i := 0; i < 5000; i++ {
		x := c.Uint64()
		sum += x
		xor ^= x * uint64(i+1)
	}
	fmt.Println("sum", sum, "xor", xor)

	var s2 [32]byte
	copy(s2[:], "gmplab")
	r := rand.New(rand.NewChaCha8(s2))
	fmt.Println(r.IntN(100), r.Int64N(1e12), r.Int32N(7), r.Int(), r.Int64(), r.Int32())
	fmt.Println(r.Uint32(), r.Uint64(), r.Uint(), r.UintN(10), r.Uint64N(1<<40+3), r.Uint32N(1000))
	fmt.Println(r.Float64(), r.Float32())
	fmt.Println(r.Perm(12))
	words := []string{"go", "chan", "select", "defer", "panic", "recover", "map", "slice"}
	r.Shuffle(len(words), func(i, j int) { words[i], words[j] = words[j], words[i] })
	fmt.Println(words)
	total := 0
	for i := 0; i < 3000; i++ {
		total += r.IntN(1000) + int(r.Int32N(50)) + int(r.Uint64N(9))
	}
	f := 0.0
	for i := 0; i < 1000; i++ {
		f += r.Float64()
	}
	fmt.Println("total", total, "floats", f)

	// Read: whole words, the rest of a word kept for the next Read.
	var zero [32]byte
	z := rand.NewChaCha8(zero)
	for _, n := range []int{3, 8, 1, 13, 0, 7, 2} {
		b := make([]byte, n)
		k, err := z.Read(b)
		fmt.Println(k, err, b)
	}
	fmt.Println(z.Uint64())
	big := make([]byte, 4000)
	z.Read(big)
	bs := 0
	for i, b := range big {
		bs += int(b) * (i%7 + 1)
	}
	fmt.Println("bytes", bs)

	// Seed starts the sequence again.
	z.Seed(zero)
	b := make([]byte, 3)
	z.Read(b)
	fmt.Println(b, z.Uint64())
	z.Seed(seed)
	fmt.Println(z.Uint64() == rand.NewChaCha8(seed).Uint64())
}
