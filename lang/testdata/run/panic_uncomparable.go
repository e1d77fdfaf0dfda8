package main

import "fmt"

func main() {
	var a, b any = []int{1}, []int{1}
	fmt.Println(a == nil)
	fmt.Println(a == b)
}
