package preemptone

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 05-preemptone: write the functions below, then run
// `gmplab check 05-preemptone` (or `go test ./exercises/05-preemptone`).
// Delete each rt.TODO line as you start on its function.
//
// sched is the scheduler, live, as sysmon sees it: sched.Allp(i) is
// allp[i], sched.Sysmontick(pp) is &pp.sysmontick, sched.PM(pp) is pp.m,
// each named as in proc.go (../../runtime/hooksched.go lists them).

// retake is sysmon's look at every running P (proc.go: retake): a G that
// has run for 10 ms on one schedtick is asked to stop (preemptone); a P
// whose M is in a system call is taken and handed off when the call has
// lasted long enough. It returns how many Ps it took.
func retake(sched rt.Sched, now int64) uint32 {
	rt.TODO("retake")
	return 0
}

// preemptone asks the G running on pp to stop, cooperatively and, unless
// async preemption is off, with a signal to its M. It reports whether it
// asked (proc.go: preemptone).
func preemptone(sched rt.Sched, pp rt.Puintptr) bool {
	rt.TODO("preemptone")
	return false
}
