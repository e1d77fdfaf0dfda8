package main

import (
	"fmt"
	"unicode"
)

func main() {
	n := 0
	for _, r := range "Hello, Wörld 42!" {
		if unicode.IsUpper(r) || unicode.IsDigit(r) {
			n++
		}
		fmt.Print(string(unicode.ToUpper(r)))
	}
	fmt.Println("", n, unicode.IsSpace(' '), unicode.MaxRune)
}
