package main

import (
	"errors"
	"fmt"
)

type Result struct {
	Val any
	Err error
}

func main() {
	e := errors.New("e")
	a := Result{Val: 1, Err: e}
	b := Result{Val: 1, Err: e}
	c := Result{Val: "1", Err: e}
	d := Result{Val: 1, Err: errors.New("e")}
	fmt.Println(a == b, a == c, a == d, a != b)
	var x, y any = a, b
	fmt.Println(x == y)
	s1 := Result{Val: []int{1}}
	s2 := Result{Val: []int{1}}
	fmt.Println(s1 == s2)
}
