package main

import "fmt"

type Kind int

func main() {
	defer func() {
		r := recover()
		fmt.Println("recovered", r)
		panic(r)
	}()
	panic(Kind(3))
}
