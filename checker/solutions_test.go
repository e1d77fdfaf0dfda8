package checker

import (
	"testing"

	newstackref "github.com/gmplab/gmplab/exercises/01-newstack/solution"
	gfreeref "github.com/gmplab/gmplab/exercises/02-gfree/solution"
	runqgetref "github.com/gmplab/gmplab/exercises/02-runqget/solution"
	runqputref "github.com/gmplab/gmplab/exercises/02-runqput/solution"
	runqgrabref "github.com/gmplab/gmplab/exercises/03-runqgrab/solution"
	wakepref "github.com/gmplab/gmplab/exercises/03-wakep/solution"
	exitref "github.com/gmplab/gmplab/exercises/04-exitsyscall/solution"
	retakeref "github.com/gmplab/gmplab/exercises/04-retake/solution"
	sysmonref "github.com/gmplab/gmplab/exercises/04-sysmon/solution"
	preemptref "github.com/gmplab/gmplab/exercises/05-preempt/solution"
	preoneref "github.com/gmplab/gmplab/exercises/05-preemptone/solution"
	frref "github.com/gmplab/gmplab/exercises/06-findrunnable/solution"
	injectref "github.com/gmplab/gmplab/exercises/06-injectglist/solution"
	startcycleref "github.com/gmplab/gmplab/exercises/09-startcycle/solution"
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
		Gfree(gfreeref.Gfput, gfreeref.Gfget),
		Sysmon(sysmonref.SysmonBackoff, sysmonref.SysmonDeepSleep),
		Findrunnable(frref.FindRunnable, frref.StealWork, frref.CheckRunqsNoP, frref.CheckTimersNoP),
		Wakep(wakepref.Wakep, wakepref.Resetspinning, wakepref.BecomeSpinning, wakepref.PidlegetSpinning),
		Exitsyscall(exitref.Exitsyscall, exitref.ExitsyscallTryGetP, exitref.ExitsyscallNoP),
		Preemptone(preoneref.Retake, preoneref.Preemptone),
		Scheduler(capstoneRef()),
		StartCycle(startcycleref.StartCycle),
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

// TestEveryPropertyHasARule: each exercise's properties belong to the
// rules of ruleTable (a property left out would be scored as a rule of its
// own), and every rule of the table has a test.
func TestEveryPropertyHasARule(t *testing.T) {
	for _, ex := range references() {
		used := map[string]bool{}
		for _, b := range ex.batteries {
			for _, tc := range b.tests {
				name := b.name + "/" + tc.name
				r := ruleOf(ex.Name, name)
				used[r] = true
				inTable := false
				for _, d := range ruleTable[ex.Name] {
					inTable = inTable || d.name == r
				}
				if b.name == "properties" && !inTable {
					t.Errorf("%s: %s is in no rule of ruleTable", ex.Name, name)
				}
			}
		}
		for _, r := range ruleTable[ex.Name] {
			if !used[r.name] {
				t.Errorf("%s: rule %q has no test", ex.Name, r.name)
			}
		}
		t.Logf("%s: %d rules: %v", ex.Name, len(ex.Rules()), ex.Rules())
	}
}

// TestScoreByRule: a wrong rule costs its share of the rules, however
// many tests it fails (04-retake: one wrong handoffp decision).
func TestScoreByRule(t *testing.T) {
	for _, w := range wrongSolutions() {
		if w.name != "04-handoffp-no-spinner" {
			continue
		}
		r := w.ex.Run()
		if got := r.FailedRules(); len(got) == 0 || r.Score != r.Total-len(got) {
			t.Fatalf("score %d/%d with failed rules %v", r.Score, r.Total, got)
		}
		if !contains(r.FailedRules(), "handoffp: a spinning M when nobody looks for work") {
			t.Errorf("failed rules %v do not name handoffp's spinning M", r.FailedRules())
		}
		t.Logf("%d/%d rules hold (%d/%d tests); failed: %v", r.Score, r.Total, r.TestsPassed(), len(r.Tests), r.FailedRules())
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
