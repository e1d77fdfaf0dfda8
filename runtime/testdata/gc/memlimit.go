// memlimit: a GOMEMLIMIT squeeze. With GOGC=off and GOMEMLIMIT=40MiB, a
// live set of 24 MB leaves the heap a little room under the limit, so
// cycles come far more often than GOGC=100 would make them: the goal is
// the limit less what the runtime holds besides the heap.
package main

import "fmt"

type node struct {
	next *node
	pad  [7]int
}

var list *node
var sink []int

func main() {
	for i := 0; i < 375_000; i++ { // 375,000 × 64 B = 24 MB live
		list = &node{next: list}
	}
	n := 0
	for i := 0; i < 150_000; i++ { // 150 MB of garbage
		sink = make([]int, 128)
		n++
	}
	fmt.Println(n)
}
