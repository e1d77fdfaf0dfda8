//go:build ignore

// Slices: nil and empty slices, make, literals (keyed too), append with
// Go's capacities, copy, slicing with 2 and 3 indices sharing the array,
// range, slices of strings, structs and slices, slices in structs and
// channels, printing, and a worker pool writing results into a slice.
package main

import (
	"fmt"
	"sync"
)

type Point struct{ X, Y int }

type Bag struct {
	Name  string
	Items []string
}

func sum(xs []int) int {
	t := 0
	for _, x := range xs {
		t += x
	}
	return t
}

func double(xs []int) {
	for i := range xs {
		xs[i] *= 2
	}
}

func main() {
	var s []int
	fmt.Println(s, len(s), cap(s), s == nil)
	for i := 0; i < 10; i++ {
		s = append(s, i)
		fmt.Print(cap(s), " ")
	}
	fmt.Println()
	fmt.Println(s, sum(s))

	strs := make([]string, 3)
	strs[0], strs[2] = "a", "c"
	strs = append(strs, "d", "e")
	fmt.Println(strs, len(strs), cap(strs))
	fmt.Printf("%v|%q|%d\n", strs, strs[1], len(strs[0]))

	t := s[2:5]
	t[0] = 100
	fmt.Println(t, len(t), cap(t), s[2])
	u := s[2:4:6]
	fmt.Println(u, len(u), cap(u))
	u = append(u, -1)
	fmt.Println(s[4], u)
	u = append(u, -2, -3)
	u[0] = 7
	fmt.Println(s[2], u, cap(u))

	c := make([]int, 3, 10)
	n := copy(c, s)
	fmt.Println(n, c, len(c), cap(c))
	double(c)
	fmt.Println(c, s[:3])

	lit := []int{5: 1, 2, 0: 9}
	fmt.Println(lit, len(lit))

	pts := []Point{{1, 2}, {3, 4}}
	pts[0].X = 10
	p := pts[1]
	p.Y = 40
	pts = append(pts, Point{5, 6})
	for i, q := range pts {
		q.X = -1
		fmt.Print(i, ":", pts[i].X, " ")
	}
	fmt.Println(pts, p)

	grid := make([][]int, 3)
	for i := range grid {
		grid[i] = make([]int, i+1)
		for j := range grid[i] {
			grid[i][j] = i * j
		}
	}
	fmt.Println(grid, len(grid[2]))

	b := Bag{Name: "b"}
	b.Items = append(b.Items, "x", "y")
	fmt.Printf("%v %+v\n", b, b)

	ch := make(chan []int, 1)
	ch <- []int{1, 2, 3}
	fmt.Println(<-ch)

	big := []int{}
	for i := 0; i < 2000; i++ {
		big = append(big, i)
	}
	fmt.Println(len(big), cap(big), big[1999])
	bs := []string{}
	for i := 0; i < 300; i++ {
		bs = append(bs, "x")
	}
	fmt.Println(cap(bs))
	bs = append(bs, bs...)
	fmt.Println(len(bs), cap(bs))

	results := make([]int, 8)
	var wg sync.WaitGroup
	for w := 0; w < 8; w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[w] = w * w
		}()
	}
	wg.Wait()
	fmt.Println(results)

	e := s[len(s):]
	fmt.Println(e, len(e), e == nil, s[:0] == nil)
}
