package main

import (
	"fmt"
	"math"
)

type F struct{ X float64 }

func main() {
	m := map[F]int{}
	m[F{math.Copysign(0, -1)}] = 1
	m[F{0}]++
	fmt.Println(len(m), m)
	a := map[[2]float64]int{{math.Copysign(0, -1), 1}: 1}
	fmt.Println(a[[2]float64{0, 1}], a)
}
