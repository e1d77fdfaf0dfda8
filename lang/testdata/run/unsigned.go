//go:build ignore

// uint64, uint and uintptr: printing, division, remainder, shifts and
// comparisons above 1<<63, wrap-around, conversions.
package main

import "fmt"

func hash(s string) uint64 {
	h := uint64(14695981039346656037)
	for i := 0; i < len(s); i++ {
		h ^= uint64(s[i])
		h *= 1099511628211
	}
	return h
}

func main() {
	var u uint64 = 1<<64 - 1
	fmt.Println(u, u/3, u%1000, u>>60, u > 1<<63, u < 5)
	u++
	fmt.Println(u, u-1)
	var x uint = 1 << 63
	fmt.Println(x, x/2, x >= x/2, int64(x), uint32(x>>32))
	h := hash("gmplab")
	fmt.Println(h, h%97, h>>33)
	fmt.Printf("%d %v|%22d|\n", h, h, h)
	var p uintptr = 4096
	fmt.Println(p*2, p/3)
	n := -1
	fmt.Println(uint64(n), uint32(n), uint8(n))
	var small uint16 = 65535
	small++
	fmt.Println(small)
}
