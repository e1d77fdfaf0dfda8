// sieve: the sieve of Eratosthenes over a []bool: slice indexing with its
// bounds checks in tight loops.
// Usage: sieve [n] (default 30,000,000).
package main

import (
	"fmt"
	"os"
	"strconv"
)

func sieve(n int) int {
	composite := make([]bool, n+1)
	count := 0
	for i := 2; i <= n; i++ {
		if composite[i] {
			continue
		}
		count++
		for j := i * i; j <= n; j += i {
			composite[j] = true
		}
	}
	return count
}

func main() {
	n := 30_000_000
	if len(os.Args) > 1 {
		n, _ = strconv.Atoi(os.Args[1])
	}
	fmt.Println(sieve(n))
}
