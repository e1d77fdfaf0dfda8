// A right submission that prints a lot while it works: its output goes
// nowhere near the result.
package injectglist

import (
	"fmt"

	"github.com/gmplab/gmplab/exercises/rt"
)

// Injectglist puts the ready Gs of glist on run queues and returns how many
// idle Ps to start. Without a P (sysmon, an M blocked in netpoll) they all
// go to the global queue, with as many idle Ps started. With a P, the first
// min(npidle, n) go to the global queue for the idle Ps to take, and the
// rest to this P's ring (the global queue when it is full).
func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	for i := 0; i < 50; i++ {
		fmt.Println("injectglist:", glist, i)
		println("injectglist:", len(glist), i)
	}
	if pp == nil {
		for _, gp := range glist {
			sched.Runq.PushBack(gp)
		}
		return len(glist)
	}
	npidle := int(sched.Npidle)
	n := 0
	for ; n < npidle && n < len(glist); n++ {
		sched.Runq.PushBack(glist[n])
	}
	for _, gp := range glist[n:] {
		if pp.Runqtail-pp.Runqhead < uint32(len(pp.Runq)) {
			pp.Runq[pp.Runqtail%uint32(len(pp.Runq))] = gp
			pp.Runqtail++
		} else {
			sched.Runq.PushBack(gp)
		}
	}
	return n
}
