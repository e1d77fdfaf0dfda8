//go:build ignore

// sync.Once in arrays, slice elements and structs behind a map: each is
// its own Once, from its zero value.
package main

import (
	"fmt"
	"sync"
)

type lazy struct {
	once sync.Once
	v    int
}

func main() {
	var onces [3]sync.Once
	for i := range onces {
		onces[i].Do(func() { fmt.Println("once", i) })
		onces[i].Do(func() { fmt.Println("again", i) })
	}
	ls := make([]lazy, 2)
	for i := range ls {
		ls[i].once.Do(func() { ls[i].v = i + 10 })
	}
	fmt.Println(ls[0].v, ls[1].v)
	m := map[string]*lazy{"a": {}}
	m["a"].once.Do(func() { fmt.Println("map") })
}
