//go:build ignore

// math/rand and math/rand/v2 with explicit seeds print what Go prints: the
// real generators (rngSource with its cooked table, PCG-DXSM) and the
// real reductions to a range. Unseeded draws are only checked for range:
// Go's are random, the simulator's come from --seed.
package main

import (
	"fmt"
	"math/rand"
	v2 "math/rand/v2"
	"time"
)

type Dice struct {
	r     *rand.Rand
	rolls int
}

func (d *Dice) Roll() int {
	d.rolls++
	return d.r.Intn(6) + 1
}

func main() {
	r := rand.New(rand.NewSource(42))
	for i := 0; i < 5; i++ {
		fmt.Print(r.Intn(100), " ")
	}
	fmt.Println()
	fmt.Println(r.Int63(), r.Int31(), r.Int31n(1000), r.Int63n(1<<40), r.Int(), r.Uint32())
	r.Seed(42)
	fmt.Println(r.Intn(100))

	src := rand.NewSource(-3)
	fmt.Println(src.Int63())
	src.Seed(0)
	fmt.Println(src.Int63())

	d := &Dice{r: rand.New(rand.NewSource(2024))}
	sum := 0
	for i := 0; i < 1000; i++ {
		sum += d.Roll()
	}
	fmt.Println(d.rolls, sum)

	delay := time.Duration(r.Intn(500)) * time.Millisecond
	fmt.Println(delay)

	p := v2.New(v2.NewPCG(1, 2))
	fmt.Println(p.IntN(10), p.IntN(1000), p.Int64(), p.Int32(), p.Int64N(1e12), p.Int32N(7), p.Int(), p.Uint32(), p.Uint64())
	q := v2.NewPCG(7, 7)
	fmt.Println(q.Uint64(), q.Uint64()%10)

	rand.Seed(1) // a no-op since Go 1.24
	ok := true
	for i := 0; i < 100; i++ {
		n := rand.Intn(10) + v2.IntN(10) + int(rand.Int63n(3)) + rand.Int()%2 + int(v2.Int64N(4))
		ok = ok && n >= 0 && n < 10+10+3+2+4
	}
	fmt.Println(ok)
}
