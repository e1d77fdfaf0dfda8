package retake

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 04-retake: write the functions below, then run
// `gmplab check 04-retake` (or `go test ./exercises/04-retake`). Delete each
// rt.TODO line as you start on its function.

// retake decides whether sysmon takes pp from its M, whose G is in a
// system call. pd is sysmon's record of pp (keep it up to date); now is the
// time; sysretake is true when pp's schedtick has not changed for a whole
// time slice (proc.go: retake, the part after "Retake P from syscall").
func retake(pp *rt.P, pd *rt.Sysmontick, sched *rt.Schedt, now int64, sysretake bool) bool {
	rt.TODO("retake")
	return false
}

// handoffp decides what to do with a P taken from a system call: start an
// M for it (spinning or not), or let it go idle (proc.go: handoffp).
func handoffp(pp *rt.P, sched *rt.Schedt) (startM, spinning bool) {
	rt.TODO("handoffp")
	return false, false
}
