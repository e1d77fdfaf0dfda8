package injectglist

import (
	"os"

	"github.com/gmplab/gmplab/exercises/rt"
)

// A submission that tries to read the reference solution.
func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	b, _ := os.ReadFile("../solution/injectglist.go")
	return len(b)
}
