// growing: a live set that grows. Each iteration keeps a 64-byte node
// of pointers in a list and makes a 1 KB array that is garbage at once;
// the live heap grows to 20 MB, so the goal grows with it (GOGC=100: the
// goal is twice the marked heap) and cycles come further and further
// apart.
package main

import "fmt"

type node struct {
	next *node
	a, b *node
	pad  [5]int
}

var list *node
var sink []int

func main() {
	n := 0
	for i := 0; i < 300_000; i++ {
		list = &node{next: list}
		sink = make([]int, 128)
		n++
	}
	fmt.Println(n)
}
