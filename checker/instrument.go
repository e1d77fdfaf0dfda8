package checker

import (
	"sync/atomic"

	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// calls records the learner's last call: the checker compares the two
// runs' queues only after an engine step in which the learner's code ran,
// and names the function and the event it ran after.
type calls struct {
	called     bool
	everCalled bool // the learner's code has run in this run
	fn         string
	after      int64 // the machine's last event when it was called
	m          *runtime.Machine
}

// note records a call of fn, and has the learner's machine record its
// queues from here to the end of the step (compareRun compares them event
// by event in the steps where the learner's code ran).
func (c *calls) note(fn string) {
	c.called, c.everCalled, c.fn = true, true, fn
	if c.m != nil {
		c.after = c.m.Seq()
		c.m.RecordQueues(true)
		c.m.CheckThisStep()
	}
	inLearner.fn.Store(&c.fn)
	inLearner.seq.Add(1)
	inLearner.depth.Add(1)
}

// leave marks the return (or panic) of the learner's function that note
// recorded.
func (c *calls) leave() { inLearner.depth.Add(-1) }

// inLearner tells the guard, from its own goroutine, whether the test's
// goroutine is inside a learner's function the engine called (depth),
// which call (seq, one more per call), and its name. A call that does not
// return within HangBudget of CPU time is an endless loop: the engine
// itself is bounded by steps, and the learner's functions are called
// once per decision.
var inLearner struct {
	depth atomic.Int32
	seq   atomic.Int64
	fn    atomic.Pointer[string]
}

// instrument wraps every hook of h so that c records each call.
func instrument(h *runtime.Hooks, c *calls) *runtime.Hooks {
	w := *h
	if f := h.Newstack; f != nil {
		w.Newstack = func(gp *rt.G, n int64) (int64, int64) { c.note("newstack"); defer c.leave(); return f(gp, n) }
	}
	if f := h.Runqput; f != nil {
		w.Runqput = func(pp *rt.P, s *rt.Schedt, gp rt.Guintptr, next bool) {
			c.note("runqput")
			defer c.leave()
			f(pp, s, gp, next)
		}
	}
	if f := h.Runqget; f != nil {
		w.Runqget = func(pp *rt.P) (rt.Guintptr, bool) { c.note("runqget"); defer c.leave(); return f(pp) }
	}
	if f := h.FindRunnableQueues; f != nil {
		w.FindRunnableQueues = func(pp *rt.P, s *rt.Schedt) (rt.Guintptr, bool) {
			c.note("findRunnable")
			defer c.leave()
			return f(pp, s)
		}
	}
	if f := h.Runqgrab; f != nil {
		w.Runqgrab = func(pp *rt.P, b *[256]rt.Guintptr, bh uint32, srn bool) uint32 {
			c.note("runqgrab")
			defer c.leave()
			return f(pp, b, bh, srn)
		}
	}
	if f := h.RetakeSyscall; f != nil {
		w.RetakeSyscall = func(pp *rt.P, pd *rt.Sysmontick, s *rt.Schedt, now int64, sr bool) bool {
			c.note("retake")
			defer c.leave()
			return f(pp, pd, s, now, sr)
		}
	}
	if f := h.Handoffp; f != nil {
		w.Handoffp = func(pp *rt.P, s *rt.Schedt) (bool, bool) { c.note("handoffp"); defer c.leave(); return f(pp, s) }
	}
	if f := h.GopreemptM; f != nil {
		w.GopreemptM = func(gp rt.Guintptr, pp *rt.P, s *rt.Schedt) { c.note("gopreempt_m"); defer c.leave(); f(gp, pp, s) }
	}
	if f := h.AsyncPreempt; f != nil {
		w.AsyncPreempt = func(gp *rt.G, pp *rt.P) bool {
			c.note("wantAsyncPreempt/isAsyncSafePoint")
			defer c.leave()
			return f(gp, pp)
		}
	}
	if f := h.Injectglist; f != nil {
		w.Injectglist = func(l []rt.Guintptr, pp *rt.P, s *rt.Schedt) int {
			c.note("injectglist")
			defer c.leave()
			return f(l, pp, s)
		}
	}
	if f := h.Gfput; f != nil {
		w.Gfput = func(pp *rt.PFree, q *rt.GQueue, gp rt.Guintptr) { c.note("gfput"); defer c.leave(); f(pp, q, gp) }
	}
	if f := h.Gfget; f != nil {
		w.Gfget = func(pp *rt.PFree, q *rt.GQueue) rt.Guintptr { c.note("gfget"); defer c.leave(); return f(pp, q) }
	}
	if f := h.SysmonBackoff; f != nil {
		w.SysmonBackoff = func(st *rt.SysmonState, r int) { c.note("sysmonBackoff"); defer c.leave(); f(st, r) }
	}
	if f := h.SysmonDeepSleep; f != nil {
		w.SysmonDeepSleep = func(npidle, procs int32, next, now int64) (int64, bool) {
			c.note("sysmonDeepSleep")
			defer c.leave()
			return f(npidle, procs, next, now)
		}
	}
	if f := h.FindRunnable; f != nil {
		w.FindRunnable = func(s rt.Sched) (rt.Guintptr, bool) { c.note("findRunnable"); defer c.leave(); return f(s) }
	}
	if f := h.Wakep; f != nil {
		w.Wakep = func(s rt.Sched) { c.note("wakep"); defer c.leave(); f(s) }
	}
	if f := h.Resetspinning; f != nil {
		w.Resetspinning = func(s rt.Sched) { c.note("resetspinning"); defer c.leave(); f(s) }
	}
	if f := h.BecomeSpinning; f != nil {
		w.BecomeSpinning = func(s rt.Sched) { c.note("becomeSpinning"); defer c.leave(); f(s) }
	}
	if f := h.PidlegetSpinning; f != nil {
		w.PidlegetSpinning = func(s rt.Sched) rt.Puintptr { c.note("pidlegetSpinning"); defer c.leave(); return f(s) }
	}
	if f := h.Retake; f != nil {
		w.Retake = func(s rt.Sched, now int64) uint32 { c.note("retake"); defer c.leave(); return f(s, now) }
	}
	if f := h.Exitsyscall; f != nil {
		w.Exitsyscall = func(s rt.Sched) { c.note("exitsyscall"); defer c.leave(); f(s) }
	}
	if f := h.Schedule; f != nil {
		w.Schedule = func(s rt.Sched) { c.note("schedule"); defer c.leave(); f(s) }
	}
	return &w
}
