//go:build ignore

// Methods of an embedded non-struct type: a pointer receiver reached
// through the embedding struct (its field's address), a value receiver
// through an embedded pointer, and a method value.
package main

import "fmt"

type C int

func (c *C) Inc()    { *c++ }
func (c C) Get() int { return int(c) }

type W struct {
	C
	name string
}

type PW struct {
	*C
}

func main() {
	var w W
	w.Inc()
	w.Inc()
	pw := &w
	pw.Inc()
	fmt.Println(w.C, w.Get(), pw.Get())
	var c C = 10
	p := PW{&c}
	p.Inc()
	fmt.Println(c, p.Get())
	f := w.Inc
	f()
	fmt.Println(w.C)
}
