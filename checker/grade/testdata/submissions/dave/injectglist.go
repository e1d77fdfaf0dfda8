package injectglist

import (
	"os"

	"github.com/gmplab/gmplab/exercises/rt"
)

// A submission that ends the program.
func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	os.Exit(3)
	return 0
}
