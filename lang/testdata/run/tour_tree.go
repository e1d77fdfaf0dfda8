package main

// A Tour of Go's "Equivalent Binary Trees" exercise, solved: the trees'
// shapes are random (tree.New draws from math/rand), what Walk sends is
// not.

import (
	"fmt"
	"strings"

	"golang.org/x/tour/tree"
)

// Walk walks the tree t sending all values
// from the tree to the channel ch.
func Walk(t *tree.Tree, ch chan int) {
	var walk func(t *tree.Tree)
	walk = func(t *tree.Tree) {
		if t == nil {
			return
		}
		walk(t.Left)
		ch <- t.Value
		walk(t.Right)
	}
	walk(t)
	close(ch)
}

// Same determines whether the trees
// t1 and t2 contain the same values.
func Same(t1, t2 *tree.Tree) bool {
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
	ch := make(chan int)
	go Walk(tree.New(1), ch)
	for v := range ch {
		fmt.Print(v, " ")
	}
	fmt.Println()
	fmt.Println(Same(tree.New(1), tree.New(1)))
	fmt.Println(Same(tree.New(1), tree.New(2)))
	t := tree.New(3)
	s := t.String()
	fmt.Println(strings.Count(s, "("), strings.Count(s, ")"), len(strings.Fields(strings.ReplaceAll(strings.ReplaceAll(s, "(", " "), ")", " "))))
	fmt.Println((*tree.Tree)(nil), &tree.Tree{Value: 7}, &tree.Tree{Left: &tree.Tree{Value: 1}, Value: 2})
	fmt.Printf("%v %d\n", tree.Tree{Value: 4}, t.Value%3)
}
