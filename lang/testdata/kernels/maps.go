// maps: a map[int]int filled, read and updated, and a small map read in a
// loop: hashing, probing and growth.
// Usage: maps [n] (default 1,000,000 keys).
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	n := 1_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	m := make(map[int]int)
	for i := 0; i < n; i++ {
		m[i*7] = i
	}
	hits := 0
	for i := 0; i < 2*n; i++ {
		if v, ok := m[i*3]; ok {
			hits += v & 1
		}
	}
	for i := 0; i < n; i += 2 {
		m[i*7]++
	}
	small := map[int]int{1: 10, 2: 20, 3: 30, 4: 40, 5: 50, 6: 60, 7: 70, 8: 80}
	s := 0
	for i := 0; i < 4*n; i++ {
		s += small[i&7]
	}
	fmt.Println(len(m), hits, s, m[14])
}
