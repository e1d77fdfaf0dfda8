// Operands of many kinds under formats the run-time formatter takes
// (a precision with %#v, verbs on errors, durations, Stringers, nil maps,
// slices and pointers, runes), compared with the real fmt.
package main

import (
	"errors"
	"fmt"
	"time"
)

type P struct {
	X, Y int
	S    string
}

type C float64

func (c C) String() string { return fmt.Sprintf("%.1fC", float64(c)) }

func main() {
	p := P{1, 2, "ab"}
	var e error = errors.New("boom")
	d := 1500 * time.Millisecond
	fmt.Printf("%#.2v|%#v|%+v|%10.1v|\n", p, p, &p, p)
	fmt.Printf("%.1v|%5.2s|%-8q|%x|\n", e, e, e, e)
	fmt.Printf("%+v|%v|%.3v|%s|%d|\n", d, d, d, d, d)
	fmt.Printf("%6.2f|%v|%s|%.3v|%x|\n", C(3.14159), C(2), C(1), C(5), C(1))
	fmt.Printf("%t|%v|%08b|\n", []bool{true}, [2]P{}, []uint8{1, 2})
	ff := "%v|%d|%s\n"
	fmt.Printf(ff, map[P]int{{1, 2, "a"}: 1}, map[string]P{"k": p}, []error{e, nil})
	fmt.Printf("%[1]v %[1]T %[1]q\n", p)
	fmt.Printf(ff[:0]+"%5t|%-5v|%05d|\n", true, nil, p)
	fmt.Printf("%v %v\n", struct{}{}, [0]int{})
	var ip *P
	var m map[string]int
	var sl []P
	fmt.Printf(ff[:0]+"%v|%+v|%#v|%v|%#v|%d\n", ip, ip, ip, m, m, sl)
	fmt.Printf("%U|%c|%q\n", []rune("ab"), []int32{65}, []rune("x"))
	fmt.Printf("%3c|%-4q|%#q|%+q\n", 'x', 'y', "a`b", "é")
}
