package main

import "fmt"

type T struct{ A int }

func (t T) Get() int { return t.A }

type Getter interface{ Get() int }

func main() {
	var p *T
	var g Getter = p
	fmt.Println(g != nil)
	fmt.Println(g.Get())
}
