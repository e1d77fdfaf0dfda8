//go:build ignore

// defer x.f.Store(v) on an atomic field takes &x.f when the defer statement
// runs, so the deferred call stores into the field, not into a copy.
package main

import (
	"fmt"
	"sync/atomic"
)

type T struct {
	done atomic.Bool
	n    int
}

func (t *T) f() {
	defer t.done.Store(true)
	panic("x")
}

func (t *T) g() {
	defer t.done.Store(true)
}

func main() {
	var t T
	t.g()
	fmt.Println(t.done.Load())
	var u T
	func() {
		defer func() { recover() }()
		u.f()
	}()
	fmt.Println(u.done.Load())
}
