package checker

import (
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
)

// instrument wraps every hook of h so that *called is set whenever the
// learner's code runs: the checker compares the two runs' queues only
// after such events (State is costly on big runs).
func instrument(h *runtime.Hooks, called *bool) *runtime.Hooks {
	w := *h
	if f := h.Newstack; f != nil {
		w.Newstack = func(gp *rt.G, n int64) (int64, int64) { *called = true; return f(gp, n) }
	}
	if f := h.Runqput; f != nil {
		w.Runqput = func(pp *rt.P, s *rt.Schedt, gp rt.Guintptr, next bool) { *called = true; f(pp, s, gp, next) }
	}
	if f := h.Runqget; f != nil {
		w.Runqget = func(pp *rt.P) (rt.Guintptr, bool) { *called = true; return f(pp) }
	}
	if f := h.FindRunnableQueues; f != nil {
		w.FindRunnableQueues = func(pp *rt.P, s *rt.Schedt) (rt.Guintptr, bool) { *called = true; return f(pp, s) }
	}
	if f := h.Runqgrab; f != nil {
		w.Runqgrab = func(pp *rt.P, b *[256]rt.Guintptr, bh uint32, srn bool) uint32 {
			*called = true
			return f(pp, b, bh, srn)
		}
	}
	if f := h.RetakeSyscall; f != nil {
		w.RetakeSyscall = func(pp *rt.P, pd *rt.Sysmontick, s *rt.Schedt, now int64, sr bool) bool {
			*called = true
			return f(pp, pd, s, now, sr)
		}
	}
	if f := h.Handoffp; f != nil {
		w.Handoffp = func(pp *rt.P, s *rt.Schedt) (bool, bool) { *called = true; return f(pp, s) }
	}
	if f := h.GopreemptM; f != nil {
		w.GopreemptM = func(gp rt.Guintptr, pp *rt.P, s *rt.Schedt) { *called = true; f(gp, pp, s) }
	}
	if f := h.AsyncPreempt; f != nil {
		w.AsyncPreempt = func(gp *rt.G, pp *rt.P) bool { *called = true; return f(gp, pp) }
	}
	if f := h.Injectglist; f != nil {
		w.Injectglist = func(l []rt.Guintptr, pp *rt.P, s *rt.Schedt) int { *called = true; return f(l, pp, s) }
	}
	return &w
}
