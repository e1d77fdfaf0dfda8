// The strings functions that call back into the program (compiled from
// Go's own source): their results, and the runes the callback sees, in
// order.
package main

import (
	"fmt"
	"strings"
	"unicode"
)

func main() {
	var seen []rune
	isSpace := func(r rune) bool {
		seen = append(seen, r)
		return unicode.IsSpace(r)
	}
	f := strings.FieldsFunc("  a bc\tdéf  ", isSpace)
	fmt.Println(len(f), cap(f), f, string(seen))
	fmt.Println(strings.FieldsFunc("", isSpace), len(strings.FieldsFunc("   ", isSpace)))

	seen = nil
	upper := func(r rune) rune {
		seen = append(seen, r)
		if r == 'x' {
			return -1
		}
		return unicode.ToUpper(r)
	}
	fmt.Println(strings.Map(upper, "héllo wxrld"), string(seen))
	fmt.Println(strings.Map(func(r rune) rune { return r }, "same"))
	fmt.Printf("%q\n", strings.Map(func(r rune) rune { return r }, "bad\xffbyte"))
	fmt.Printf("%q\n", strings.Map(func(r rune) rune { return r + 1 }, "abc\u00e9"))

	seen = nil
	digit := func(r rune) bool {
		seen = append(seen, r)
		return unicode.IsDigit(r)
	}
	fmt.Println(strings.TrimFunc("123abc456", digit), string(seen))
	seen = nil
	fmt.Println(strings.TrimLeftFunc("12ab34", digit), strings.TrimRightFunc("12ab34", digit), string(seen))
	fmt.Println(strings.TrimFunc("9999", digit) == "", strings.TrimRightFunc("ab€", func(r rune) bool { return r == '€' }))
	seen = nil
	fmt.Println(strings.IndexFunc("abc1d2", digit), strings.LastIndexFunc("abc1d2x", digit), string(seen))
	fmt.Println(strings.IndexFunc("héllo", func(r rune) bool { return r == 'l' }), strings.LastIndexFunc("héllo", func(r rune) bool { return r == 'é' }))
	fmt.Println(strings.ContainsFunc("abc", digit), strings.ContainsFunc("a1", digit), strings.IndexFunc("", digit))
	fmt.Printf("%q %q\n", strings.TrimRightFunc("ok\xff\xfe", func(r rune) bool { return r == unicode.ReplacementChar }), strings.TrimRightFunc("x\u00e9", func(r rune) bool { return unicode.IsLetter(r) }))
}
