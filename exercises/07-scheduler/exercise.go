package scheduler

import "github.com/gmplab/gmplab/checker"

// Exercise is this folder's exercise with your functions in place: the
// test below, gmplab check and gmplab step --with use it. You do not need
// to edit this file.
func Exercise() *checker.Exercise {
	return checker.Scheduler(checker.SchedulerFuncs{
		Schedule: schedule, FindRunnable: findRunnable, StealWork: stealWork,
		CheckRunqsNoP: checkRunqsNoP, CheckTimersNoP: checkTimersNoP,
		Wakep: wakep, Resetspinning: resetspinning, BecomeSpinning: becomeSpinning, PidlegetSpinning: pidlegetSpinning,
		Runqput: runqput, Runqget: runqget, Runqgrab: runqgrab,
		Retake: retake, Preemptone: preemptone, Handoffp: handoffp,
		Exitsyscall: exitsyscall, Injectglist: injectglist, GopreemptM: gopreempt_m,
	})
}
