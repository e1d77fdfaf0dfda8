package main

import (
	"fmt"
	"slices"
	"strings"
	"unicode"
)

func main() {
	for line := range strings.Lines("one\ntwo\n\nthree") {
		fmt.Printf("%q ", line)
	}
	fmt.Println()
	fmt.Printf("%q\n", slices.Collect(strings.SplitSeq("a,b,,c", ",")))
	fmt.Printf("%q\n", slices.Collect(strings.SplitSeq("héllo", "")))
	fmt.Printf("%q\n", slices.Collect(strings.SplitAfterSeq("a--b--c", "--")))
	fmt.Printf("%q\n", slices.Collect(strings.FieldsSeq("  go\tby \u00a0example\u2003ok  ")))
	fmt.Printf("%q\n", slices.Collect(strings.FieldsFuncSeq("a1b22c333", unicode.IsDigit)))
	for part := range strings.SplitSeq("x y z w", " ") {
		if part == "z" {
			break
		}
		fmt.Println("part", part)
	}
	n := 0
	for range strings.FieldsSeq("") {
		n++
	}
	fmt.Println(n)
}
