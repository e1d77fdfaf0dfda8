package injectglist

import "github.com/gmplab/gmplab/exercises/rt"

// A submission whose initialisation panics: it runs when the grading
// program starts, before any test, in every process.
var first = pick()

func pick() rt.Guintptr {
	var seen map[rt.Guintptr]bool
	seen[1] = true
	return 1
}

func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	for _, gp := range glist {
		sched.Runq.PushBack(gp)
	}
	return len(glist)
}
