//go:build ignore

// fmt and the program's own types: String methods (value and pointer
// receivers, on struct and non-struct types), structs with %v and %+v,
// nested structs, pointers to structs (&{...}, <nil>), anonymous structs.
package main

import (
	"fmt"
	"time"
)

type State int

const (
	Idle State = iota
	Running
	Done
)

func (s State) String() string {
	switch s {
	case Idle:
		return "idle"
	case Running:
		return "running"
	}
	return "done"
}

type Inner struct {
	A int
	B string
}

type Job struct {
	ID    int
	Name  string
	In    Inner
	State State
	D     time.Duration
	ok    bool
}

type P struct{ X, Y int }

func (p *P) String() string { return fmt.Sprintf("P(%d,%d)", p.X, p.Y) }

func main() {
	j := Job{ID: 1, Name: "a", In: Inner{2, "b"}, State: Running, D: 1500 * time.Millisecond, ok: true}
	fmt.Println(j)
	fmt.Printf("%v|%+v\n", j, j)
	fmt.Println(&j, Idle, Done)
	fmt.Printf("%s %q %5s|\n", Running, Idle, Done)
	var np *Job
	fmt.Println(np)
	p := P{1, 2}
	fmt.Println(p, &p)
	fmt.Println([]State{Idle, Done}, []Inner{{1, "x"}}, map[State]int{Running: 2})
	s := fmt.Sprint(j.In, " ", struct{ A, B int }{3, 4})
	fmt.Println(s, len(s))
}
