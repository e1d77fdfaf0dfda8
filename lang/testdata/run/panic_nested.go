//go:build ignore

package main

import "fmt"

func main() {
	defer fmt.Println("last")
	defer func() {
		panic("second")
	}()
	panic("first")
}
