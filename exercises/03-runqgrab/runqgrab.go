package runqgrab

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 03-runqgrab: write the functions below, then run
// `gmplab check 03-runqgrab` (or `go test ./exercises/03-runqgrab`). Delete each
// rt.TODO line as you start on its function.

// runqgrab grabs a batch of Gs from pp's run queue into batch, starting at
// batch[batchHead%len(batch)], and returns how many it took. If the ring is
// empty and stealRunNext is true, it may take pp.Runnext (proc.go: runqgrab).
func runqgrab(pp *rt.P, batch *[256]rt.Guintptr, batchHead uint32, stealRunNext bool) uint32 {
	rt.TODO("runqgrab")
	return 0
}
