package injectglist

import "github.com/gmplab/gmplab/exercises/rt"

// A wrong submission: every G to the global queue, even with a P.
func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	for _, gp := range glist {
		sched.Runq.PushBack(gp)
	}
	if pp == nil {
		return len(glist)
	}
	return min(len(glist), int(sched.Npidle))
}
