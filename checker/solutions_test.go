package checker

import (
	"testing"

	newstackref "github.com/gmplab/gmplab/exercises/01-newstack/solution"
	runqgetref "github.com/gmplab/gmplab/exercises/02-runqget/solution"
	runqputref "github.com/gmplab/gmplab/exercises/02-runqput/solution"
	runqgrabref "github.com/gmplab/gmplab/exercises/03-runqgrab/solution"
	retakeref "github.com/gmplab/gmplab/exercises/04-retake/solution"
	preemptref "github.com/gmplab/gmplab/exercises/05-preempt/solution"
	injectref "github.com/gmplab/gmplab/exercises/06-injectglist/solution"
)

// references are the exercises with their reference solutions in place.
func references() []*Exercise {
	return []*Exercise{
		Newstack(newstackref.Newstack),
		Runqput(runqputref.Runqput),
		Runqget(runqgetref.Runqget, runqgetref.FindRunnable),
		Runqgrab(runqgrabref.Runqgrab),
		Retake(retakeref.Retake, retakeref.Handoffp),
		Preempt(preemptref.GopreemptM, preemptref.WantAsyncPreempt, preemptref.IsAsyncSafePoint),
		Injectglist(injectref.Injectglist),
	}
}

// TestSolutionsPass: every reference solution, put in through the hooks,
// makes the same decisions as the engine's own rules (which also checks
// that each hook's call site reproduces the engine's events).
func TestSolutionsPass(t *testing.T) {
	for _, ex := range references() {
		t.Run(ex.Name, func(t *testing.T) {
			r := ex.Run()
			if r.Status != StatusPass {
				for _, tr := range r.Tests {
					if tr.Status != StatusPass {
						t.Errorf("%s:\n%s", tr.Name, tr.Message)
						break
					}
				}
				t.Fatalf("%s: %d/%d", r.Status, r.Score, r.Total)
			}
			t.Logf("%d tests", r.Total)
		})
	}
}
