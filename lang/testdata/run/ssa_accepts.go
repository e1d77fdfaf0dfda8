//go:build ignore

// What the go/ssa front end compiles that the syntax-tree one refused:
// errors.As with a target held in an interface, a variadic library
// function called with xs... or used as a value, a method value of a
// library type, and fmt with operands a format does not use or lacks
// (Go's %!s(MISSING) and %!(EXTRA …)).
package main

import (
	"cmp"
	"errors"
	"fmt"
	"log"
	"slices"
	"sync"
)

type codeErr struct{ code int }

func (e codeErr) Error() string { return fmt.Sprint("code ", e.code) }

func main() {
	log.SetFlags(0)
	var t any
	fmt.Println(errors.As(nil, t))
	var target codeErr
	var p any = &target
	fmt.Println(errors.As(fmt.Errorf("wrapped: %w", codeErr{7}), p), target.code)

	xs := []any{"a", 1, true}
	log.Print(xs...)
	f := log.Printf
	f("%s-%d\n", "f", 2)

	var wg sync.WaitGroup
	wg.Add(1)
	done := wg.Done
	go done()
	wait := wg.Wait
	wait()

	fmt.Printf("%v %s\n", map[int]int{})
	fmt.Printf("%d\n", 1, map[int]int{})
	s := map[int]int{1: 2}
	fmt.Printf("%d\n", s)

	ys := []float64{3, 1, 2}
	slices.SortFunc(ys, cmp.Compare[float64])
	fmt.Println(ys)
}
