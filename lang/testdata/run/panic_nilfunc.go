//go:build ignore

package main

import "fmt"

func main() {
	var f func(int) int
	fmt.Println("calling a nil func")
	fmt.Println(f(1))
}
