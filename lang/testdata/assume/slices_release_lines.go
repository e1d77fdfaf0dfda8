// A panic in the function slices.DeleteFunc calls: the traceback names
// DeleteFunc at the line of the building toolchain's slices.go (Go 1.27's
// comments move it two lines down from 1.26's: lang/srcpkg-go1.27).
package main

import (
	"fmt"
	"slices"
)

func main() {
	s := []int{1, 2, 3}
	s = slices.DeleteFunc(s, func(v int) bool {
		if v == 3 {
			panic("three")
		}
		return v == 1
	})
	fmt.Println(s)
}
