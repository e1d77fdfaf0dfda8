// steady: steady allocation with a small live set. Each iteration makes
// a 1 KB array that replaces the last; the heap never holds more than a
// few of them, so cycles come every heap minimum (4 MB at GOGC=100).
package main

import "fmt"

var sink []int

func main() {
	n := 0
	for i := 0; i < 100_000; i++ {
		sink = make([]int, 128)
		n += len(sink)
	}
	fmt.Println(n)
}
