//go:build ignore

// switch on an array and on a struct compares by value; a method
// expression of a generic type.
package main

import "fmt"

type P struct{ X, Y int }

type Stack[T any] struct{ items []T }

func (s *Stack[T]) Push(v T) { s.items = append(s.items, v) }

func main() {
	for _, a := range [][2]int{{1, 2}, {3, 4}, {5, 6}} {
		switch a {
		case [2]int{1, 2}:
			fmt.Println("one-two")
		case [2]int{3, 4}:
			fmt.Println("three-four")
		default:
			fmt.Println("other", a)
		}
	}
	switch (P{1, 2}) {
	case P{1, 2}:
		fmt.Println("P12")
	}
	push := (*Stack[int]).Push
	var s Stack[int]
	push(&s, 4)
	fmt.Println(s.items)
}
