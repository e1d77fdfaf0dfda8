// Types that contain themselves, through a slice, a map, a func, a channel
// and a pointer (kindOf classifies each once: shapeKind).
package main

import (
	"fmt"
	"strings"
)

type Tree struct {
	Name string
	Kids []Tree
}

func (t Tree) String() string {
	var parts []string
	for _, k := range t.Kids {
		parts = append(parts, k.String())
	}
	if len(parts) == 0 {
		return t.Name
	}
	return t.Name + "(" + strings.Join(parts, " ") + ")"
}

func (t Tree) Size() int {
	n := 1
	for _, k := range t.Kids {
		n += k.Size()
	}
	return n
}

type Dir map[string]Dir

type State func(n int) State

type Relay chan Relay

type List struct {
	V    int
	Next *List
}

type Pair[T any] struct {
	V    T
	Rest []Pair[T]
}

func count(n int) State {
	if n == 0 {
		return nil
	}
	fmt.Println("state", n)
	return count
}

func main() {
	t := Tree{"a", []Tree{{"b", nil}, {"c", []Tree{{"d", nil}}}}}
	fmt.Println(t, t.Size())
	fmt.Printf("%v %d\n", t.Kids[1], len(t.Kids[1].Kids))

	d := Dir{"usr": Dir{"bin": Dir{}, "lib": nil}, "etc": Dir{}}
	fmt.Println(len(d), len(d["usr"]), d["usr"]["lib"] == nil, d)

	s := count(3)
	for i := 2; s != nil; i-- {
		s = s(i)
	}

	r := make(Relay, 1)
	r <- r
	back := <-r
	fmt.Println(back == r, cap(back))

	l := &List{1, &List{2, &List{3, nil}}}
	sum := 0
	for p := l; p != nil; p = p.Next {
		sum += p.V
	}
	fmt.Println(sum)

	p := Pair[string]{"x", []Pair[string]{{"y", nil}}}
	fmt.Println(p.V, p.Rest[0].V, len(p.Rest[0].Rest))
	fmt.Printf("%v %+v\n", p, p)
	fmt.Println(p, Dir{"a": nil})
}
