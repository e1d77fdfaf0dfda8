//go:build ignore

// math/rand/v2 as programs use it: a ChaCha8 seeded with a [32]byte
// filled by copy from a string, kept in a struct, held in a rand.Source,
// shared by a Rand; Perm, Shuffle and N (the real bodies, calling back
// into the program) over seeded generators, PCG.Seed, and the argument
// panics.
// The top-level functions are Go's runtime.rand, random: only their
// ranges are checked.
package main

import (
	"fmt"
	"math/rand/v2"
	"sort"
)

type deck struct {
	rng   *rand.Rand
	src   *rand.ChaCha8
	cards []string
}

func newDeck(name string) *deck {
	var seed [32]byte
	copy(seed[:], name)
	c := rand.NewChaCha8(seed)
	d := &deck{rng: rand.New(c), src: c}
	for _, s := range []string{"♠", "♥", "♦", "♣"} {
		for _, v := range []string{"A", "K", "Q", "J", "10"} {
			d.cards = append(d.cards, v+s)
		}
	}
	return d
}

func (d *deck) shuffle() {
	d.rng.Shuffle(len(d.cards), func(i, j int) { d.cards[i], d.cards[j] = d.cards[j], d.cards[i] })
}

func draw(s rand.Source, n int) []uint64 {
	var out []uint64
	for i := 0; i < n; i++ {
		out = append(out, s.Uint64()%100)
	}
	return out
}

func try(name string, f func()) {
	defer func() { fmt.Println(name+":", recover()) }()
	f()
}

func main() {
	d := newDeck("poker night")
	d.shuffle()
	fmt.Println(d.cards[:5])
	d.shuffle()
	fmt.Println(d.cards[:5])
	fmt.Printf("%T %T\n", d.src, d.rng)
	fmt.Println(draw(d.src, 10))

	p := rand.New(rand.NewPCG(42, 1024))
	fmt.Println(p.Perm(10), p.Uint64N(1e15), p.UintN(3), p.Uint32N(1<<31+5), p.Uint())
	fmt.Println(draw(rand.NewPCG(1, 1), 5))
	hist := make([]int, 6)
	for i := 0; i < 6000; i++ {
		hist[p.IntN(6)]++
	}
	fmt.Println(hist)
	sum := 0
	for i := 0; i < 200; i++ {
		for j, v := range p.Perm(7) {
			sum += j * v
		}
	}
	fmt.Println("perm sum", sum)

	pcg := rand.NewPCG(5, 6)
	first := pcg.Uint64()
	pcg.Seed(5, 6)
	fmt.Println(first, pcg.Uint64() == first)

	try("Shuffle(-1)", func() { p.Shuffle(-1, func(i, j int) {}) })
	try("N(0)", func() { rand.N(0) })
	try("N(-2)", func() { rand.N(int8(-2)) })
	try("Uint64N(0)", func() { p.Uint64N(0) })
	try("IntN(0)", func() { p.IntN(0) })
	try("Perm(-1)", func() { p.Perm(-1) })

	ok := true
	for i := 0; i < 100; i++ {
		perm := rand.Perm(5)
		sort.Ints(perm)
		s := []int{1, 2, 3}
		rand.Shuffle(len(s), func(i, j int) { s[i], s[j] = s[j], s[i] })
		ok = ok && perm[0] == 0 && perm[4] == 4 && s[0]+s[1]+s[2] == 6
		ok = ok && rand.N(10) < 10 && rand.N(uint8(3)) < 3 && rand.N(int64(1e12)) < 1e12
		ok = ok && rand.Uint64N(5) < 5 && rand.UintN(5) < 5 && rand.Uint32N(5) < 5 && rand.Uint() >= 0
	}
	fmt.Println(ok)
}
