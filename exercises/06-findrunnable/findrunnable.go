package findrunnable

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 06-findrunnable: write the functions below, then run
// `gmplab check 06-findrunnable` (or `go test ./exercises/06-findrunnable`).
// Delete each rt.TODO line as you start on its function.
//
// sched is the scheduler, live: sched.P() is the calling M's P,
// sched.Runqget(pp) is runqget(pp), sched.Stopm() parks the M, and so on,
// each named as in proc.go (the list is in ../../runtime/hooksched.go).

// findRunnable finds a runnable goroutine for the calling M, in Go 1.26's
// order, and returns it (inheritTime: it shares the current time slice).
// When there is none anywhere it gives its P up, looks once more, and
// parks the M (sched.NetpollBlock or sched.Stopm), returning 0
// (proc.go: findRunnable).
func findRunnable(sched rt.Sched) (gp rt.Guintptr, inheritTime bool) {
	rt.TODO("findRunnable")
	return 0, false
}

// stealWork tries to steal a runnable goroutine or a timer from any other
// P: four passes over allp in a random order, the last one also running
// their timers and taking a runnext. pollUntil is the earliest timer it
// saw not yet due; newWork says a timer ran, so new work may be ready
// (proc.go: stealWork).
func stealWork(sched rt.Sched) (gp rt.Guintptr, inheritTime bool, pollUntil int64, newWork bool) {
	rt.TODO("stealWork")
	return 0, false, 0, false
}

// checkRunqsNoP looks, without a P, for a P that is not idle and has work:
// if there is one, it returns an idle P (pidlegetSpinning) for the caller
// to take and steal into, else 0 (proc.go: checkRunqsNoP).
func checkRunqsNoP(sched rt.Sched) rt.Puintptr {
	rt.TODO("checkRunqsNoP")
	return 0
}

// checkTimersNoP returns the earlier of pollUntil and every P's next timer
// (0: none), without a P: it runs no timer (proc.go: checkTimersNoP).
func checkTimersNoP(sched rt.Sched, pollUntil int64) int64 {
	rt.TODO("checkTimersNoP")
	return 0
}
