//go:build ignore

// strings' and bytes' ToUpperSpecial, ToLowerSpecial and ToTitleSpecial
// with unicode.TurkishCase, AzeriCase and a SpecialCase of the program's
// own: Map with the special case's methods, Go's source in both
// packages (dotted and dotless i).
package main

import (
	"bytes"
	"fmt"
	"strings"
	"unicode"
)

func main() {
	s := "Istanbul ıi İI diyarbakır"
	fmt.Println(strings.ToUpperSpecial(unicode.TurkishCase, s))
	fmt.Println(strings.ToLowerSpecial(unicode.TurkishCase, s))
	fmt.Println(strings.ToTitleSpecial(unicode.AzeriCase, s))
	fmt.Println(strings.ToUpper(s), strings.ToLower(s))
	fmt.Println(string(bytes.ToUpperSpecial(unicode.TurkishCase, []byte(s))))
	fmt.Println(string(bytes.ToLowerSpecial(unicode.AzeriCase, []byte(s))))
	fmt.Println(string(bytes.ToTitleSpecial(unicode.TurkishCase, []byte("iyi"))))
	rot := unicode.SpecialCase{{Lo: 'a', Hi: 'm', Delta: [unicode.MaxCase]rune{13, 0, 13}}, {Lo: 'n', Hi: 'z', Delta: [unicode.MaxCase]rune{-13, 0, -13}}}
	fmt.Println(strings.ToUpperSpecial(rot, "hello, world"), strings.ToLowerSpecial(rot, "Hello"))
}
