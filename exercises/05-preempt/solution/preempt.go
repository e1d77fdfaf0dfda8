// Package solution is the reference for where a preempted G goes and when
// the preemption signal may stop a G (proc.go: gopreempt_m, goschedImpl;
// preempt.go: wantAsyncPreempt, isAsyncSafePoint).
package solution

import "github.com/gmplab/gmplab/exercises/rt"

// GopreemptM puts the preempted G on the global queue's tail: not its P's
// runnext or ring, so that the other Gs of the P run first (without a
// pending stop-the-world, which the model does not have).
func GopreemptM(gp rt.Guintptr, pp *rt.P, sched *rt.Schedt) {
	sched.Runq.PushBack(gp)
}

// WantAsyncPreempt: a preemption was asked for, of the G or of its P, and
// the G is still running.
func WantAsyncPreempt(gp *rt.G, pp *rt.P) bool {
	return (gp.Preempt || pp != nil && pp.Preempt) && gp.Status == rt.Grunning
}

// IsAsyncSafePoint: the G's own code, not a call into the runtime (whose
// functions are never async safe points), or inside sim.Work.
func IsAsyncSafePoint(gp *rt.G) bool {
	return !gp.AtRuntimeCall || gp.InWork
}
