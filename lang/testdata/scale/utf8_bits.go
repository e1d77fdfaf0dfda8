package main

import (
	"fmt"
	"math/bits"
	"os"
	"strconv"
	"unicode/utf8"
)

func main() {
	n, _ := strconv.Atoi(os.Args[1])
	buf := make([]byte, 0, 4*n)
	for i := 0; i < n; i++ {
		buf = utf8.AppendRune(buf, rune(0x41+i%0x3000))
	}
	runes, ones := 0, 0
	for len(buf) > 0 {
		r, size := utf8.DecodeRune(buf)
		ones += bits.OnesCount32(uint32(r))
		buf = buf[size:]
		runes++
	}
	fmt.Println(runes, ones)
}
