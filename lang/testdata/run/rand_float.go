package main

import (
	"fmt"
	"math/rand"
	randv2 "math/rand/v2"
)

func main() {
	r := rand.New(rand.NewSource(42))
	for range 3 {
		fmt.Println(r.Float64(), r.Float32(), r.Intn(10))
	}
	fmt.Printf("%.3f\n", (r.Float64()*5)+5)
	p := randv2.New(randv2.NewPCG(1, 2))
	for range 3 {
		fmt.Println(p.Float64(), p.Float32(), p.IntN(10))
	}
	f := rand.Float64()
	g := randv2.Float32()
	fmt.Println(f >= 0 && f < 1, g >= 0 && g < 1)
}
