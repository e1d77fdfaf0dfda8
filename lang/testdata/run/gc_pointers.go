//go:build ignore

// The collector keeps what pointers reach: boxes of variables whose
// address is taken, new(T)s, elements of arrays and of slices' backing
// arrays, while much garbage around them is freed (enough allocation for
// several collections).
package main

import "fmt"

type cell struct {
	vals [4]int
	next *cell
}

func main() {
	var keep []*int
	var elems []*int
	var head *cell
	for i := range 30000 {
		x := i
		p := &x
		if i%1000 == 0 {
			keep = append(keep, p)
		}
		q := new(int)
		*q = i * 2
		if i%1500 == 0 {
			keep = append(keep, q)
		}
		garbage := make([]int, 3)
		garbage[0] = i
		if i%2000 == 0 {
			elems = append(elems, &garbage[1])
			*elems[len(elems)-1] = i
			c := &cell{next: head}
			c.vals[i%4] = i
			head = c
			elems = append(elems, &c.vals[i%4])
		}
	}
	sum := 0
	for _, p := range keep {
		sum += *p
	}
	esum := 0
	for _, p := range elems {
		esum += *p
	}
	n := 0
	for c := head; c != nil; c = c.next {
		n++
	}
	fmt.Println(len(keep), sum, len(elems), esum, n)
}
