// Package solution is the reference runqget and findRunnable's look at the
// run queues (proc.go: runqget, findRunnable, globrunqget, globrunqgetbatch).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Runqget takes runnext first (inheritTime: it shares the current time
// slice), then the ring's head.
func Runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {
	if next := pp.Runnext; next != 0 {
		pp.Runnext = 0
		return next, true
	}
	if pp.Runqhead == pp.Runqtail {
		return 0, false
	}
	gp = pp.Runq[pp.Runqhead%uint32(len(pp.Runq))]
	pp.Runqhead++
	return gp, false
}

// FindRunnable looks at the queues in Go 1.26's order: every 61st
// schedtick one G from the global queue first (fairness), then runnext and
// the ring, then a batch from the global queue.
func FindRunnable(pp *rt.P, sched *rt.Schedt) (gp rt.Guintptr, inheritTime bool) {
	if pp.Schedtick%61 == 0 && !sched.Runq.Empty() {
		return sched.Runq.Pop(), false
	}
	if gp, inheritTime := Runqget(pp); gp != 0 {
		return gp, inheritTime
	}
	if !sched.Runq.Empty() {
		gp, batch := globrunqgetbatch(sched, int32(len(pp.Runq))/2)
		for _, g := range batch {
			pp.Runq[pp.Runqtail%uint32(len(pp.Runq))] = g
			pp.Runqtail++
		}
		return gp, false
	}
	return 0, false
}

// globrunqgetbatch takes n = min(max, size, size/gomaxprocs+1) Gs from the
// global queue's head: the first to run, the rest for the local ring.
func globrunqgetbatch(sched *rt.Schedt, max int32) (gp rt.Guintptr, batch []rt.Guintptr) {
	n := min(max, sched.Runq.Size(), sched.Runq.Size()/sched.Gomaxprocs+1)
	gp = sched.Runq.Pop()
	for i := int32(1); i < n; i++ {
		batch = append(batch, sched.Runq.Pop())
	}
	return gp, batch
}
