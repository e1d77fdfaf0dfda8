package runqput

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 02-runqput: write the functions below, then run
// `gmplab check 02-runqput` (or `go test ./exercises/02-runqput`). Delete each
// rt.TODO line as you start on its function.

// runqput tries to put gp on pp's local run queue. If next is true, it
// puts gp in pp.Runnext, and the G that was there goes to the ring's tail.
// If the ring is full, runqputslow moves half of it to the global queue
// (proc.go: runqput).
func runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {
	rt.TODO("runqput")
}

// runqputslow puts gp and a batch of work from pp's full ring on the
// global queue (proc.go: runqputslow).
func runqputslow(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, h, t uint32) {
	rt.TODO("runqputslow")
}
