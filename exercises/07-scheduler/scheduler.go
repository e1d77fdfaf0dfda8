package scheduler

import "github.com/gmplab/gmplab/exercises/rt"

// Exercise 07-scheduler, the capstone: a scheduler of your own. Write
// schedule, and put here your functions of the earlier exercises (copy
// them from their folders: the exercise of each is named above it), then
// run `gmplab check 07-scheduler` (or `go test ./exercises/07-scheduler`).
// Delete each rt.TODO line as you fill its function in. The engine then
// runs whole programs, lesson 07's among them, on these functions alone
// (see README.md).

// schedule is one round of the scheduler for the calling M: find a
// runnable goroutine and run it (sched.Execute), or let the M park
// (proc.go: schedule).
func schedule(sched rt.Sched) {
	rt.TODO("schedule")
}

// ---- 06-findrunnable ----

func findRunnable(sched rt.Sched) (gp rt.Guintptr, inheritTime bool) {
	rt.TODO("findRunnable")
	return 0, false
}

func stealWork(sched rt.Sched) (gp rt.Guintptr, inheritTime bool, pollUntil int64, newWork bool) {
	rt.TODO("stealWork")
	return 0, false, 0, false
}

func checkRunqsNoP(sched rt.Sched) rt.Puintptr {
	rt.TODO("checkRunqsNoP")
	return 0
}

func checkTimersNoP(sched rt.Sched, pollUntil int64) int64 {
	rt.TODO("checkTimersNoP")
	return 0
}

// ---- 03-wakep ----

func wakep(sched rt.Sched) {
	rt.TODO("wakep")
}

func resetspinning(sched rt.Sched) {
	rt.TODO("resetspinning")
}

func becomeSpinning(sched rt.Sched) {
	rt.TODO("becomeSpinning")
}

func pidlegetSpinning(sched rt.Sched) rt.Puintptr {
	rt.TODO("pidlegetSpinning")
	return 0
}

// ---- 02-runqput, 02-runqget, 03-runqgrab ----

func runqput(pp *rt.P, sched *rt.Schedt, gp rt.Guintptr, next bool) {
	rt.TODO("runqput")
}

func runqget(pp *rt.P) (gp rt.Guintptr, inheritTime bool) {
	rt.TODO("runqget")
	return 0, false
}

func runqgrab(pp *rt.P, batch *[256]rt.Guintptr, batchHead uint32, stealRunNext bool) uint32 {
	rt.TODO("runqgrab")
	return 0
}

// ---- 05-preemptone, 04-retake's handoffp ----

func retake(sched rt.Sched, now int64) uint32 {
	rt.TODO("retake")
	return 0
}

func preemptone(sched rt.Sched, pp rt.Puintptr) bool {
	rt.TODO("preemptone")
	return false
}

func handoffp(pp *rt.P, sched *rt.Schedt) (startM, spinning bool) {
	rt.TODO("handoffp")
	return false, false
}

// ---- 04-exitsyscall ----

func exitsyscall(sched rt.Sched) {
	rt.TODO("exitsyscall")
}

func exitsyscallTryGetP(sched rt.Sched, oldp rt.Puintptr) rt.Puintptr {
	rt.TODO("exitsyscallTryGetP")
	return 0
}

func exitsyscallNoP(sched rt.Sched, gp rt.Guintptr) {
	rt.TODO("exitsyscallNoP")
}

// ---- 06-injectglist, 05-preempt ----

func injectglist(glist []rt.Guintptr, pp *rt.P, sched *rt.Schedt) (startIdle int) {
	rt.TODO("injectglist")
	return 0
}

func gopreempt_m(gp rt.Guintptr, pp *rt.P, sched *rt.Schedt) {
	rt.TODO("gopreempt_m")
}
