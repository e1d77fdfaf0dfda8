package newstack

import "github.com/gmplab/gmplab/exercises/rt"

// A submission that panics (the checker recovers and carries on).
func newstack(gp *rt.G, framesize int64) (newsize, copied int64) {
	sizes := []int64{4096, 8192}
	return sizes[framesize%5], gp.StackUsed
}
