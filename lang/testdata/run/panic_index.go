//go:build ignore

package main

import "fmt"

func main() {
	s := "abc"
	i := 5
	defer func() { fmt.Println("deferred", s[1:]) }()
	fmt.Println(s[i])
}
