package main

import (
	"fmt"
	"unicode/utf8"
)

func main() {
	const s = "สวัสดี, Gophers"
	fmt.Println("Len:", len(s), "Runes:", utf8.RuneCountInString(s), utf8.ValidString(s), utf8.ValidString("\xff"))
	for i, w := 0, 0; i < len(s); i += w {
		r, width := utf8.DecodeRuneInString(s[i:])
		fmt.Printf("%s starts at %d\n", string(r), i)
		w = width
	}
	r, n := utf8.DecodeLastRuneInString(s)
	fmt.Println(r, n, utf8.RuneLen('ส'), utf8.RuneLen(utf8.RuneError), utf8.ValidRune(0xD800), utf8.UTFMax, utf8.RuneSelf)
}
