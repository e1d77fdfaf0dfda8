// loop: a counted loop of integer additions (issue 17's 1e8 loop).
// Usage: loop [n] (default 100,000,000 iterations).
package main

import (
	"fmt"
	"os"
	"strconv"
)

func main() {
	n := 100_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	s := 0
	for i := 0; i < n; i++ {
		s += i
	}
	fmt.Println(s)
}
