// %T of func types names no parameters, as reflect does (rtypeName).
package main

import (
	"fmt"
	"strings"
)

type H func(name string, n int) error

func main() {
	fmt.Printf("%T\n", fmt.Sprintln)
	fmt.Printf("%T\n", fmt.Printf)
	fmt.Printf("%T\n", strings.Map)
	f := func(a, b int) (s string) { return "" }
	fmt.Printf("%T\n", f)
	fmt.Printf("%T\n", []func(x int) bool{})
	fmt.Printf("%T\n", map[string]func(ch chan<- int){})
	var h H
	fmt.Printf("%T %v\n", h, h == nil)
	var x any = f
	fmt.Printf("%T\n", x)
}
