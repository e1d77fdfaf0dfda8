package main

import (
	"fmt"
	"os"
	"strconv"
	"unicode"
)

// unicode's Is, In and IsOneOf over range tables (a category, scripts,
// a property), each once per iteration.
func main() {
	n, _ := strconv.Atoi(os.Args[1])
	c := 0
	for i := 0; i < n; i++ {
		r := rune(i * 7919 % 0x20000)
		if unicode.Is(unicode.Letter, r) {
			c++
		}
		if unicode.In(r, unicode.Latin, unicode.Greek, unicode.Han) {
			c += 2
		}
		if unicode.IsOneOf([]*unicode.RangeTable{unicode.Nd, unicode.White_Space}, r) {
			c += 3
		}
	}
	fmt.Println(c)
}
