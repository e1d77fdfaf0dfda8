package injectglist

import "github.com/gmplab/gmplab/exercises/rt"

// A submission that never returns.
func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	for {
		startIdle++
	}
}
