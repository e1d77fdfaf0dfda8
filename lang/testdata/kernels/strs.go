// strs: building strings: strings.Builder, concatenation, conversions
// between strings, bytes, runes and integers, indexing.
// Usage: strs [n] (default 2,000,000).
package main

import (
	"fmt"
	"os"
	"strconv"
	"strings"
)

func main() {
	n := 2_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	var b strings.Builder
	for i := 0; i < n; i++ {
		b.WriteString(strconv.Itoa(i))
		b.WriteByte(' ')
	}
	s := b.String()
	digits := 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			digits++
		}
	}
	words := 0
	for i := 0; i < n; i++ {
		w := "k" + strconv.Itoa(i%1000) + "-" + string(rune('a'+i%26))
		bs := []byte(w)
		bs[0] = 'K'
		if string(bs) != w {
			words += len(w)
		}
		v, _ := strconv.Atoi(w[1 : len(w)-2])
		words += v & 1
	}
	fmt.Println(len(s), digits, words)
}
