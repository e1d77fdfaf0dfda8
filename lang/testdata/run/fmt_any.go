package main

import (
	"errors"
	"fmt"
	"time"
)

type P struct {
	X, Y int
	Tag  string
}

type Temp int

func (t Temp) String() string { return fmt.Sprintf("%d degrees", int(t)) }

type Box struct {
	V    any
	Name string
}

func main() {
	vals := []any{1, "s", true, uint8(200), int8(-3), P{1, 2, "a"}, &P{3, 4, "b"}, []int{1, 2}, map[string]int{"b": 2, "a": 1}, nil, Temp(5), errors.New("bad"), time.Second, []string{"x", "y"}, struct{}{}}
	for _, v := range vals {
		fmt.Printf("%v|%+v|%T\n", v, v, v)
	}
	fmt.Println(vals...)
	fmt.Printf("%#v %#v %#v %#v\n", vals[0], vals[1], vals[5], vals[7])
	fmt.Printf("%#v %#v\n", vals[8], vals[9])
	fmt.Printf("[%5v] [%-4v] [%05d] [%x] [%q] [%d]\n", vals[0], vals[1], vals[0], vals[1], vals[1], vals[1])
	b := Box{V: 7, Name: "seven"}
	fmt.Println(b)
	fmt.Printf("%+v\n", b)
	m := map[string]any{"n": 1, "s": "x", "l": []any{1, "a", nil}}
	fmt.Println(m)
	var e error
	fmt.Println(e)
	fmt.Printf("%v %d %s\n", e, vals[9], vals[9])
	fmt.Println(Temp(3), any(Temp(4)))
	var keys = map[int]any{3: "c", 1: "a", 2: P{}}
	fmt.Println(keys)
}

func init() {
	var s, t any = "a", "b"
	var n any = 1
	fmt.Print(s, t, n, n, s, 2, n, "\n")
	fmt.Println(fmt.Sprint(n, 2, s) + "|")
}
