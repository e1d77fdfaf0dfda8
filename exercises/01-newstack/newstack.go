package newstack

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 01-newstack: write the functions below, then run
// `gmplab check 01-newstack` (or `go test ./exercises/01-newstack`). Delete each
// rt.TODO line as you start on its function.

// newstack returns the size of gp's new stack, for a call to a function
// whose frame is framesize bytes that did not fit, and how many bytes
// copystack copies into it (stack.go: newstack, copystack).
//
// gp.StackSize is the stack's size now; gp.StackUsed the bytes in use.
func newstack(gp *rt.G, framesize int64) (newsize, copied int64) {
	rt.TODO("newstack")
	return 0, 0
}
