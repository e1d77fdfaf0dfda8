// A right newstack: graded on its merits although the same submission's
// injectglist.go does not initialise.
package newstack

import "github.com/gmplab/gmplab/exercises/rt"

// newstack doubles the stack until the frame fits with StackGuard bytes to
// spare (stack.go: newstack), and copies the used part (copystack).
func newstack(gp *rt.G, framesize int64) (newsize, copied int64) {
	oldsize := gp.StackSize
	newsize = oldsize * 2
	// Make sure we grow at least as much as needed to fit the new frame.
	needed := framesize + rt.StackGuard
	used := gp.StackUsed
	for newsize-used < needed {
		newsize *= 2
	}
	return newsize, used
}
