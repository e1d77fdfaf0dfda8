package main

import (
	"fmt"
	"sync/atomic"
)

var cfg atomic.Value
var head atomic.Pointer[string]

type Box[T any] struct{ p atomic.Pointer[T] }

func (b *Box[T]) Set(v T) { b.p.Store(&v) }
func (b *Box[T]) Get() T  { return *b.p.Load() }

func main() {
	cfg.Store(map[string]int{"a": 1})
	fmt.Println(cfg.Load().(map[string]int)["a"])
	s := "x"
	head.Store(&s)
	fmt.Println(*head.Load())
	var b Box[int]
	b.Set(5)
	fmt.Println(b.Get())
	f := func() any { return cfg.Load() }
	fmt.Println(f() != nil)
	fmt.Printf("%T %T\n", &cfg, &head)
}
