//go:build ignore

// A Tour of Go: Equivalent Binary Trees (own version, with its own tree
// package inlined: New(k) builds a random BST of k, 2k, ..., 10k from a
// seeded generator).
package main

import (
	"fmt"
	"math/rand"
)

type Tree struct {
	Left  *Tree
	Value int
	Right *Tree
}

func insert(t *Tree, v int) *Tree {
	if t == nil {
		return &Tree{nil, v, nil}
	}
	if v < t.Value {
		t.Left = insert(t.Left, v)
	} else {
		t.Right = insert(t.Right, v)
	}
	return t
}

func New(r *rand.Rand, k int) *Tree {
	var t *Tree
	perm := []int{}
	for i := 0; i < 10; i++ {
		perm = append(perm, i)
	}
	for i := len(perm) - 1; i > 0; i-- {
		j := r.Intn(i + 1)
		perm[i], perm[j] = perm[j], perm[i]
	}
	for _, v := range perm {
		t = insert(t, (1+v)*k)
	}
	return t
}

func walk(t *Tree, ch chan int) {
	if t == nil {
		return
	}
	walk(t.Left, ch)
	ch <- t.Value
	walk(t.Right, ch)
}

func Walk(t *Tree, ch chan int) {
	walk(t, ch)
	close(ch)
}

func Same(t1, t2 *Tree) bool {
	c1, c2 := make(chan int), make(chan int)
	go Walk(t1, c1)
	go Walk(t2, c2)
	for {
		v1, ok1 := <-c1
		v2, ok2 := <-c2
		if ok1 != ok2 || v1 != v2 {
			return false
		}
		if !ok1 {
			return true
		}
	}
}

func main() {
	r := rand.New(rand.NewSource(1))
	ch := make(chan int)
	go Walk(New(r, 1), ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Println(Same(New(r, 1), New(r, 1)), Same(New(r, 1), New(r, 2)))
}
