// Package solution is the reference runqput (proc.go: runqput, runqputslow).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Runqput tries to put gp on the local runnable queue. If next, it puts gp
// in pp.Runnext and kicks the old runnext to the ring's tail. If the ring
// is full, runqputslow puts half of it on the global queue.
func Runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {
	if next {
		oldnext := pp.Runnext
		pp.Runnext = gp
		if oldnext == 0 {
			return
		}
		// Kick the old runnext out to the regular run queue.
		gp = oldnext
	}
	h, t := pp.Runqhead, pp.Runqtail
	if t-h < uint32(len(pp.Runq)) {
		pp.Runq[t%uint32(len(pp.Runq))] = gp
		pp.Runqtail = t + 1
		return
	}
	runqputslow(pp, sched, gp, h, t)
}

// runqputslow moves the ring's oldest half plus gp (128+1) to the global
// queue's tail, in order.
func runqputslow(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, h, t uint32) {
	n := (t - h) / 2
	if n != uint32(len(pp.Runq)/2) {
		panic("runqputslow: queue is not full")
	}
	for i := uint32(0); i < n; i++ {
		sched.Runq.PushBack(pp.Runq[(h+i)%uint32(len(pp.Runq))])
	}
	pp.Runqhead = h + n
	sched.Runq.PushBack(gp)
}
