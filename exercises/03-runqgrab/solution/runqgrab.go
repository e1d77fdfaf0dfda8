// Package solution is the reference runqgrab (proc.go: runqgrab).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// Runqgrab grabs ceil(half) of pp's ring from its head (its oldest Gs)
// into batch at batchHead; if the ring is empty and stealRunNext, it takes
// pp's runnext.
func Runqgrab(pp *rt.P, batch *[256]rt.Guintptr, batchHead uint32, stealRunNext bool) uint32 {
	h, t := pp.Runqhead, pp.Runqtail
	n := t - h
	n = n - n/2
	if n == 0 {
		if stealRunNext {
			if next := pp.Runnext; next != 0 {
				batch[batchHead%uint32(len(batch))] = next
				pp.Runnext = 0
				return 1
			}
		}
		return 0
	}
	if n > uint32(len(pp.Runq)/2) { // read inconsistent h and t
		panic("runqgrab: n > len(runq)/2")
	}
	for i := uint32(0); i < n; i++ {
		g := pp.Runq[(h+i)%uint32(len(pp.Runq))]
		batch[(batchHead+i)%uint32(len(batch))] = g
	}
	pp.Runqhead = h + n
	return n
}
