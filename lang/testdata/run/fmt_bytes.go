//go:build ignore

// fmt of byte slices and arrays: %s, %q, %x, %X (with the space, sharp and
// plus flags and a width) print their bytes as a string, as fmt's
// printValue and fmtBytes do, at the top level, inside a struct, held in
// an interface, of a named byte type, and as an array; %v and %d print
// the elements. Strings under the same verbs, for comparison.
package main

import "fmt"

type octet uint8

type packet struct {
	Tag  string
	Body []byte
	Sum  [2]byte
}

func main() {
	b := []byte("hi\x00é\"")
	s := string(b)
	for _, f := range []string{"%s", "%q", "%x", "%X", "% x", "% X", "%#x", "%# x", "%+q", "%#q", "%8s", "%-12q|", "%v", "%d"} {
		fmt.Printf(f+" | ", b)
		fmt.Printf(f+" | ", s)
		fmt.Printf(f+"\n", [3]byte{'a', 0, 'z'})
	}
	var x any = b
	fmt.Printf("%q %x %s\n", x, x, x)
	fmt.Printf("%q %x\n", []octet{65, 66}, []octet{65, 66})
	p := packet{"t", []byte("ab"), [2]byte{1, 2}}
	fmt.Printf("%s\n%q\n%x\n%v\n%+v\n", p, p, p, p, p)
	fmt.Printf("%q %x\n", []byte(nil), []byte{})
	fmt.Println(b, fmt.Sprint(b), fmt.Sprintf("%q", b[:2]))
}
