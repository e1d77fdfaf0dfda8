package main

import (
	"fmt"
	"os"
	"strconv"
	"unicode"
)

// unicode.SpecialCase's ToUpper, ToLower and ToTitle (TurkishCase,
// AzeriCase) and To over CaseRanges, each once per iteration.
func main() {
	n, _ := strconv.Atoi(os.Args[1])
	c := 0
	for i := 0; i < n; i++ {
		r := rune(i * 7919 % 0x20000)
		c += int(unicode.TurkishCase.ToUpper(r)-r) + int(unicode.AzeriCase.ToLower(r)-r) + int(unicode.TurkishCase.ToTitle(r)-r)
		c += int(unicode.To(unicode.UpperCase, r)-r) + len(unicode.CaseRanges)%3
	}
	fmt.Println(c)
}
