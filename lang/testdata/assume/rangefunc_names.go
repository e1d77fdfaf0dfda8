// A panic in the bodies of ranges over functions and closures in them:
// Go's traceback numbers the bodies and closures in the function that
// holds the loops (cmd/compile/internal/ir: closureName uses a body's
// RangeParent): main.main-range1, a body nested in it main.main-range2,
// a closure in a body main.main.func2, a body in that closure
// main.main.func2-range1. The iterator and call are not inlined, so that
// Go's names are not the inliner's.
package main

import "fmt"

//go:noinline
func count(n int) func(func(int) bool) {
	return func(yield func(int) bool) {
		for i := 0; i < n; i++ {
			if !yield(i) {
				return
			}
		}
	}
}

//go:noinline
func call(f func()) { f() }

func main() {
	call(func() { fmt.Println("first") })
	for i := range count(2) {
		for j := range count(2) {
			call(func() {
				for k := range count(1) {
					call(func() {
						fmt.Println(i, j, k)
						if i == 1 && j == 1 {
							panic("in the innermost body")
						}
					})
				}
			})
		}
	}
}
