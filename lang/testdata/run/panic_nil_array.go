//go:build ignore

// range over a nil pointer to an array: with only the index, the
// pointer is not dereferenced (len of an array type is a constant); with
// a value, it panics as Go does.
package main

import "fmt"

func main() {
	var p *[3]int
	for i := range p {
		fmt.Print(i)
	}
	fmt.Println(len(p))
	for i, v := range p {
		fmt.Println(i, v)
	}
}
