//go:build ignore

// Integer arithmetic: int, sized ints that wrap, shifts, constants, min/max.
package main

import "fmt"

const big = 1 << 40

func divmod(a, b int) (int, int) { return a / b, a % b }

func main() {
	a, b := 17, 5
	fmt.Println(a+b, a-b, a*b, a/b, a%b, -a/b, -a%b, a&b, a|b, a^b, a&^b, a<<3, a>>1, -a>>1)
	q, r := divmod(-17, 5)
	fmt.Println(q, r, big, big>>38)
	var i8 int8 = 127
	i8++
	var u8 uint8 = 200
	u8 += 100
	var i32 int32 = 1 << 30
	i32 *= 4
	var u16 uint16 = 1
	u16 -= 2
	var by byte = 'a'
	fmt.Println(i8, u8, i32, u16, by, ^u8, -i8, int8(200+a), uint32(a)<<28, uint16(a)*5000)
	x := 1
	for i := 0; i < 70; i++ {
		x = x*3 + 1
	}
	fmt.Println(x, x<<63>>63, 1<<b, min(3, a, b), max(b, a, 9), min("b", "a", "c"))
	n := 10
	n <<= 2
	n -= 3
	n %= 7
	n |= 8
	n &^= 1
	n ^= 3
	fmt.Println(n, n == 13, n != 13, n < 13, n <= 13, n > 13, n >= 13, !(n > 1) || n < 100 && n > 0)
	var m int64 = -9223372036854775808
	fmt.Println(m/-1, m%-1, m-1)
}
