//go:build ignore

// fmt of pointers, channels and funcs, as Go by Example's pointers prints
// &i: Go prints an address, which differs from run to run (and gmplab
// makes one up), so this program prints only what does not depend on it:
// nil pointers, &[...] and &map[...] at the top level, that one pointer
// prints the same each time and two differ, and that %v, %p, %x and %d
// agree.
package main

import (
	"fmt"
	"strconv"
	"strings"
)

func zeroptr(iptr *int) { *iptr = 0 }

func main() {
	i := 1
	p, q := &i, new(int)
	zeroptr(p)
	fmt.Println("zeroptr:", i)
	var np *int
	var nch chan int
	var nf func()
	fmt.Println(np, nch, nf == nil, []*int{nil}, &[]int{1, 2}, &map[string]int{"a": 1}, &[2]string{"x", "y"})
	fmt.Printf("%v %+v %#v %p\n", np, nch, np, np)
	a, b := fmt.Sprint(p), fmt.Sprint(q)
	fmt.Println(a == fmt.Sprint(p), a == b, strings.HasPrefix(a, "0x"), a == fmt.Sprintf("%p", p))
	d, _ := strconv.ParseUint(fmt.Sprintf("%d", p), 10, 64)
	x, _ := strconv.ParseUint(fmt.Sprintf("%x", p), 16, 64)
	fmt.Println(d == x, fmt.Sprintf("%#x", d) == a, fmt.Sprintf("%#p", p) == a[2:])
	ch := make(chan int)
	s := []*int{p, q, p}
	fmt.Println(fmt.Sprint(ch) == fmt.Sprint(ch), fmt.Sprint(s[0]) == fmt.Sprint(s[2]), fmt.Sprint(s[0]) == fmt.Sprint(s[1]))
	type node struct {
		v    int
		next *node
	}
	n := &node{1, &node{2, nil}}
	fmt.Println(strings.HasPrefix(fmt.Sprint(n), "&{1 0x"), fmt.Sprint(*n.next), fmt.Sprintf("%+v", node{3, nil}))
}
