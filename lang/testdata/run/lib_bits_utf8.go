package main

// math/bits and unicode/utf8, compiled from Go's own source (lang/ssasrc),
// with unicode's classification.

import (
	"fmt"
	"math/bits"
	"unicode"
	"unicode/utf8"
)

func main() {
	fmt.Println(bits.OnesCount(255), bits.OnesCount64(1<<40-1), bits.LeadingZeros64(1), bits.TrailingZeros(8), bits.Len(5))
	fmt.Println(bits.Reverse8(1), bits.ReverseBytes16(0x1234), bits.RotateLeft32(1, -1))
	hi, lo := bits.Mul64(1<<63, 6)
	fmt.Println(hi, lo)
	sum, carry := bits.Add64(1<<63, 1<<63, 1)
	fmt.Println(sum, carry)
	q, r := bits.Div64(1, 0, 3)
	fmt.Println(q, r)

	s := "héllo, 世界"
	fmt.Println(len(s), utf8.RuneCountInString(s), utf8.ValidString(s), utf8.Valid([]byte{0xff}))
	buf := make([]byte, 0, 16)
	for _, r := range "a€𝄞" {
		buf = utf8.AppendRune(buf, r)
	}
	for len(buf) > 0 {
		r, n := utf8.DecodeRune(buf)
		fmt.Print(string(r), n, " ")
		buf = buf[n:]
	}
	fmt.Println()
	p := make([]byte, 4)
	fmt.Println(utf8.EncodeRune(p, '世'), p[:3], utf8.RuneStart(p[1]), utf8.FullRune(p[:2]))
	r2, n2 := utf8.DecodeLastRuneInString(s)
	fmt.Println(string(r2), n2)

	n := 0
	for _, r := range "Hello, World 42!" {
		if unicode.IsUpper(r) || unicode.IsDigit(r) {
			n++
		}
	}
	fmt.Println(n, string(unicode.ToUpper('é')), unicode.SimpleFold('A'), unicode.SimpleFold('k'))

	defer func() { fmt.Println("recovered:", recover()) }()
	bits.Div64(2, 0, 1)
}
