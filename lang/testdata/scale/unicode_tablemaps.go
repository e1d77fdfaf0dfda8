package main

import (
	"fmt"
	"os"
	"strconv"
	"unicode"
)

// unicode's maps of tables (Categories, Scripts, Properties, FoldCategory,
// CategoryAliases) and GraphicRanges and PrintRanges, each read once per
// iteration.
func main() {
	n, _ := strconv.Atoi(os.Args[1])
	cats := []string{"Lu", "Ll", "Nd", "P", "S", "Zs"}
	c := 0
	for i := 0; i < n; i++ {
		r := rune(i * 7919 % 0x20000)
		if unicode.IsOneOf(unicode.GraphicRanges, r) || unicode.IsOneOf(unicode.PrintRanges, r) {
			c++
		}
		if unicode.Is(unicode.Categories[cats[i%len(cats)]], r) || unicode.Is(unicode.Scripts["Cyrillic"], r) {
			c += 2
		}
		if unicode.Is(unicode.Properties["White_Space"], r) || unicode.Is(unicode.FoldCategory["L"], r) {
			c += 3
		}
		if unicode.CategoryAliases["Letter"] == "L" {
			c++
		}
	}
	fmt.Println(c)
}
