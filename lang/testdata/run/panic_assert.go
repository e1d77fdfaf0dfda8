package main

import "fmt"

func main() {
	var x any = "hello"
	fmt.Println(x.(string))
	n := x.(int)
	fmt.Println(n)
}
