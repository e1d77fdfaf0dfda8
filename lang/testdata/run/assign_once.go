//go:build ignore

// s[f()]++, m[f()] += v and g()[i] op= v evaluate the slice, the map and
// the index once, as Go does (counts[rand.IntN(6)]++ counts one draw).
package main

import "fmt"

var n int

func f() int { n++; return n % 3 }

var calls int

func g(s []int) []int { calls++; return s }

func main() {
	h := make([]int, 3)
	for i := 0; i < 6; i++ {
		h[f()]++
	}
	m := map[int]int{}
	for i := 0; i < 6; i++ {
		m[f()] += 2
	}
	a := [3]int{}
	a[f()]++
	a[f()] -= 5
	fl := []float64{0.5, 1.5}
	fl[f()%2] *= 3
	fl[f()%2]--
	for i := 0; i < 4; i++ {
		g(h)[f()] <<= 1
	}
	ch := make(chan int, 1)
	ch <- 2
	h[<-ch] += 100
	fmt.Println(h, n, m, a, fl, calls)
}
