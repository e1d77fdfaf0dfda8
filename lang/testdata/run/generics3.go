//go:build ignore

// Generics with library types: a constraint method of a library type
// argument (time.Duration.String), promoted methods of an embedded generic
// type, and a generic function started by a go statement.
package main

import (
	"fmt"
	"time"
)

type S interface{ String() string }

func Show[T S](xs ...T) {
	for _, x := range xs {
		fmt.Println(x.String())
	}
}

type Named[T any] struct {
	Stack[T]
	name string
}

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }
func (s Stack[T]) Top() T    { return s.items[len(s.items)-1] }

func main() {
	Show(time.Second, 1500*time.Millisecond)
	var n Named[string]
	n.Push("x")
	n.Push("y")
	fmt.Println(n.Top(), len(n.items), n.name == "")
	go Show[time.Duration](time.Minute)
	time.Sleep(time.Millisecond)
}
