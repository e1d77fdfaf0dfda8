package main

import (
	"fmt"
	"math"
)

func main() {
	zero := 0.0
	m := map[float64]string{2.5: "a", -1: "b", 1e9: "c"}
	m[-zero] = "minus zero"
	m[zero] = "zero"
	fmt.Println(len(m), m[0], m[-zero], m)
	delete(m, -zero)
	v, ok := m[0]
	fmt.Println(len(m), v == "", ok, m)
	counts := map[float32]int{}
	for _, x := range []float32{0.5, 1.5, 0.5, -2, 0.5} {
		counts[x]++
	}
	fmt.Println(counts, len(counts))
	sum := 0.0
	for k, v := range counts {
		sum += float64(k) * float64(v)
	}
	fmt.Println(sum)
	fmt.Printf("%v %d\n", map[float64]bool{math.Inf(-1): true, math.Inf(1): false, -0.25: true}, len(m))
}
