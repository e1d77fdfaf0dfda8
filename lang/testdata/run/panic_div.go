//go:build ignore

package main

import "fmt"

func div(a, b int) int {
	defer fmt.Println("div's deferred call")
	return a / b
}

func main() {
	defer fmt.Println("main's deferred call")
	fmt.Println(div(6, 3))
	fmt.Println(div(1, 0))
}
