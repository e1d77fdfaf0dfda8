package preempt

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 05-preempt: write the functions below, then run
// `gmplab check 05-preempt` (or `go test ./exercises/05-preempt`). Delete each
// rt.TODO line as you start on its function.

// gopreempt_m puts gp, just preempted on pp, back on a run queue
// (proc.go: gopreempt_m, goschedImpl).
func gopreempt_m(gp rt.Guintptr, pp *rt.P, sched *rt.Schedt) {
	rt.TODO("gopreempt_m")
}

// wantAsyncPreempt reports whether a preemption of gp is wanted: asked
// for, of the G or its P, and gp still running (preempt.go: wantAsyncPreempt).
func wantAsyncPreempt(gp *rt.G, pp *rt.P) bool {
	rt.TODO("wantAsyncPreempt")
	return false
}

// isAsyncSafePoint reports whether gp, interrupted by the preemption
// signal, is at a point where it may be stopped (preempt.go: isAsyncSafePoint).
func isAsyncSafePoint(gp *rt.G) bool {
	rt.TODO("isAsyncSafePoint")
	return false
}
