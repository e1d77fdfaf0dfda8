package injectglist

import "github.com/gmplab/gmplab/exercises/rt"

// A submission in a folder of the exercise's own, with a helper in a
// second file (helpers.go): graded with both files, as go test would.
func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	if pp == nil {
		for _, gp := range glist {
			sched.Runq.PushBack(gp)
		}
		return len(glist)
	}
	n := 0
	for ; n < int(sched.Npidle) && n < len(glist); n++ {
		sched.Runq.PushBack(glist[n])
	}
	for _, gp := range glist[n:] {
		if !putLocal(pp, gp) {
			sched.Runq.PushBack(gp)
		}
	}
	return n
}
