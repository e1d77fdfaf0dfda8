package runqget

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 02-runqget: write the functions below, then run
// `gmplab check 02-runqget` (or `go test ./exercises/02-runqget`). Delete each
// rt.TODO line as you start on its function.

// runqget takes a G from pp's local queue: runnext first, then the ring's
// head. inheritTime is true when the G comes from runnext: it shares the
// current time slice (proc.go: runqget).
func runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {
	rt.TODO("runqget")
	return 0, false
}

// findRunnable is findRunnable's look at the run queues, in Go 1.26's
// order: the 1-in-61 fairness check of the global queue, the local queue,
// then a batch from the global queue into pp's ring (proc.go: findRunnable).
func findRunnable(pp *rt.P, sched *rt.Schedt) (gp rt.Guintptr, inheritTime bool) {
	rt.TODO("findRunnable")
	return 0, false
}

// globrunqgetbatch takes a batch of at most max Gs from the global queue's
// head: the first to run, the rest for the local ring (proc.go:
// globrunqgetbatch).
func globrunqgetbatch(sched *rt.Schedt, max int32) (gp rt.Guintptr, batch []rt.Guintptr) {
	rt.TODO("globrunqgetbatch")
	return 0, nil
}
