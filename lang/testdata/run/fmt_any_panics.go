package main

import (
	"errors"
	"fmt"
)

type Node struct {
	Val  int
	Next *Node
}

func (n *Node) String() string {
	if n == nil {
		return "end"
	}
	return fmt.Sprintf("%d -> %v", n.Val, n.Next)
}

type inner struct{ n int }

type Bad struct{ p *inner }

func (b *Bad) String() string { return fmt.Sprint(b.p.n) }

type Boom struct{}

func (Boom) Error() string { panic(errors.New("inner")) }

type V struct{ A int }

func (v V) String() string { return fmt.Sprint("V", v.A) }

func main() {
	list := &Node{1, &Node{2, nil}}
	var x any = list
	fmt.Println(x)
	var none *Node
	fmt.Println(any(none), []any{none, list})
	var b any = &Bad{}
	fmt.Println(b, "after")
	var nb *Bad
	fmt.Println(any(nb))
	fmt.Printf("%v|%s|%d\n", any(Boom{}), any(Boom{}), any(Boom{}))
	var nv *V
	fmt.Println(any(nv), any(V{3}))
}
