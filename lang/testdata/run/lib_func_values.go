package main

import (
	"fmt"
	"os"
	"strings"
	"unicode"
)

var p = fmt.Println

func apply(f func(rune) rune, s string) string { return strings.Map(f, s) }

func main() {
	p("a", 1, true)
	f := fmt.Println
	n, err := f("x", 2.5)
	fmt.Println(n, err)
	fmt.Println(strings.Map(unicode.ToUpper, "hello, world"))
	fmt.Println(apply(unicode.ToLower, "MiXeD"))
	fmt.Printf("%q\n", strings.FieldsFunc("  a b\tc\n d ", unicode.IsSpace))
	fmt.Println(strings.IndexFunc("abcDef", unicode.IsUpper), strings.TrimFunc("12ab34", unicode.IsDigit))
	preds := []func(rune) bool{unicode.IsDigit, unicode.IsLetter, unicode.IsSpace}
	for _, pr := range preds {
		fmt.Print(pr('7'), " ")
	}
	fmt.Println()
	s := fmt.Sprintln
	fmt.Print(s("via", "Sprintln"))
	up := strings.ToUpper
	fmt.Println(up("up"), strings.Map(func(r rune) rune { return unicode.ToUpper(r) + 1 }, "abc"))
	w := fmt.Fprintln
	w(os.Stdout, "to stdout via a func value")
	n, err = fmt.Println("results")
	fmt.Println(n, err)
}
