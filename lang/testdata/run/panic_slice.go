//go:build ignore

package main

import "fmt"

func main() {
	s := "abc"
	i, j := 2, 1
	fmt.Println(s[:j], s[i:])
	fmt.Println(s[i:j])
}
