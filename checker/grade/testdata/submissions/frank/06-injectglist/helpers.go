package injectglist

import "github.com/gmplab/gmplab/exercises/rt"

// putLocal puts gp at the tail of pp's ring, if it has room.
func putLocal(pp *rt.P, gp rt.Guintptr) bool {
	if pp.Runqtail-pp.Runqhead >= uint32(len(pp.Runq)) {
		return false
	}
	pp.Runq[pp.Runqtail%uint32(len(pp.Runq))] = gp
	pp.Runqtail++
	return true
}
