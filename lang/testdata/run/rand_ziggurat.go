//go:build ignore

// NormFloat64 and ExpFloat64 of math/rand and math/rand/v2 over seeded
// generators print Go's values: the real ziggurat algorithms and tables.
// Thousands of draws are summed (the tails and wedges are drawn too).
package main

import (
	"fmt"
	"math/rand"
	v2 "math/rand/v2"
)

func main() {
	r := rand.New(rand.NewSource(2009))
	fmt.Println(r.NormFloat64(), r.ExpFloat64())
	p := v2.New(v2.NewPCG(11, 13))
	fmt.Println(p.NormFloat64(), p.ExpFloat64())
	c := v2.New(v2.NewChaCha8([32]byte([]byte("the ziggurat method, 2000 paper."))))
	fmt.Println(c.NormFloat64(), c.ExpFloat64())

	var sn, se, tn, te, un, ue float64
	for i := 0; i < 4000; i++ {
		sn += r.NormFloat64()
		se += r.ExpFloat64()
		tn += p.NormFloat64()
		te += p.ExpFloat64()
		un += c.NormFloat64()
		ue += c.ExpFloat64()
	}
	fmt.Println(sn, se)
	fmt.Println(tn, te)
	fmt.Println(un, ue)
	// Latencies as a simulation might draw them.
	for i := 0; i < 5; i++ {
		fmt.Printf("%.3fms ", 10+2*c.NormFloat64())
	}
	fmt.Println()
	x := rand.NormFloat64() + rand.ExpFloat64() + v2.NormFloat64() + v2.ExpFloat64()
	fmt.Println(x == x)
}
