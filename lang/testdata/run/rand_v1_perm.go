//go:build ignore

// math/rand's Perm, Shuffle and Uint64 over seeded sources print what Go
// prints: Perm's Intn, Shuffle's own reduction (the unexported int31n),
// and the source's Uint64. The top-level ones are Go's runtime.rand,
// random: only their results' shape is checked.
package main

import (
	"fmt"
	"math/rand"
	"sort"
)

type player struct {
	name  string
	score int
}

func main() {
	r := rand.New(rand.NewSource(1))
	fmt.Println(r.Perm(15))
	fmt.Println(r.Uint64(), r.Uint64()%1000)
	players := []player{{"ann", 3}, {"bob", 5}, {"cy", 1}, {"di", 4}, {"ed", 2}}
	r.Shuffle(len(players), func(i, j int) { players[i], players[j] = players[j], players[i] })
	fmt.Println(players)
	sum := 0
	for k := 0; k < 100; k++ {
		p := r.Perm(k % 20)
		for i, v := range p {
			sum += i * v
		}
		s := make([]int, k)
		r.Shuffle(len(s), func(i, j int) { sum += i ^ j })
	}
	fmt.Println("sum", sum, r.Intn(1000))
	try := func() {
		defer func() { fmt.Println("recovered:", recover()) }()
		r.Shuffle(-1, func(i, j int) {})
	}
	try()

	p := rand.Perm(6)
	sort.Ints(p)
	q := []string{"x", "y", "z"}
	rand.Shuffle(len(q), func(i, j int) { q[i], q[j] = q[j], q[i] })
	sort.Strings(q)
	fmt.Println(p, q, rand.Uint64() >= 0)
}
