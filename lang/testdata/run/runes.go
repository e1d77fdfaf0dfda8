//go:build ignore

// Strings as bytes and runes: range over runes (invalid bytes too),
// []byte and []rune conversions both ways, string(rune), byte indexing.
package main

import "fmt"

func reverse(s string) string {
	r := []rune(s)
	for i, j := 0, len(r)-1; i < j; i, j = i+1, j-1 {
		r[i], r[j] = r[j], r[i]
	}
	return string(r)
}

func main() {
	s := "héllo, 世界\xff!"
	for i, r := range s {
		fmt.Print(i, ":", string(r), " ")
	}
	fmt.Println()
	n := 0
	for range s {
		n++
	}
	fmt.Println(n, len(s), s[1], s[0])
	b := []byte("abc")
	b[0] = 'A'
	b = append(b, 'd')
	fmt.Println(string(b), len(b), cap(b), b)
	rs := []rune("世界")
	fmt.Println(len(rs), rs, string(rs[1]), reverse("Hello, 世界"))
	var x rune = 0x1F600
	fmt.Println(string(x), string(rune(65)))
}
