package checker_test

import (
	"os"
	"strings"
	"testing"

	newstack "github.com/gmplab/gmplab/exercises/01-newstack"
	gfree "github.com/gmplab/gmplab/exercises/02-gfree"
	runqget "github.com/gmplab/gmplab/exercises/02-runqget"
	runqput "github.com/gmplab/gmplab/exercises/02-runqput"
	runqgrab "github.com/gmplab/gmplab/exercises/03-runqgrab"
	wakep "github.com/gmplab/gmplab/exercises/03-wakep"
	exitsyscall "github.com/gmplab/gmplab/exercises/04-exitsyscall"
	retake "github.com/gmplab/gmplab/exercises/04-retake"
	sysmon "github.com/gmplab/gmplab/exercises/04-sysmon"
	preempt "github.com/gmplab/gmplab/exercises/05-preempt"
	preemptone "github.com/gmplab/gmplab/exercises/05-preemptone"
	findrunnable "github.com/gmplab/gmplab/exercises/06-findrunnable"
	injectglist "github.com/gmplab/gmplab/exercises/06-injectglist"
	scheduler "github.com/gmplab/gmplab/exercises/07-scheduler"
	startcycle "github.com/gmplab/gmplab/exercises/09-startcycle"

	"github.com/gmplab/gmplab/checker"
)

// TestStubsNotStarted checks, as rustlings' dev check does, that every
// exercise whose file still has its TODO marker is reported as not
// started (so a fresh clone's go test ./exercises/... skips them all),
// and that every scenario exercise's reference scenario passes.
func TestStubsNotStarted(t *testing.T) {
	stubs := []struct {
		ex   *checker.Exercise
		file string
	}{
		{newstack.Exercise(), "newstack.go"},
		{runqput.Exercise(), "runqput.go"},
		{runqget.Exercise(), "runqget.go"},
		{runqgrab.Exercise(), "runqgrab.go"},
		{retake.Exercise(), "retake.go"},
		{preempt.Exercise(), "preempt.go"},
		{injectglist.Exercise(), "injectglist.go"},
		{gfree.Exercise(), "gfree.go"},
		{sysmon.Exercise(), "sysmon.go"},
		{findrunnable.Exercise(), "findrunnable.go"},
		{wakep.Exercise(), "wakep.go"},
		{exitsyscall.Exercise(), "exitsyscall.go"},
		{preemptone.Exercise(), "preemptone.go"},
		{scheduler.Exercise(), "scheduler.go"},
		{startcycle.Exercise(), "startcycle.go"},
		{checker.ScenarioSteal("../exercises/03-scenario-steal/scenario.go"), "../03-scenario-steal/scenario.go"},
		{checker.ScenarioHandoff("../exercises/04-scenario-handoff/scenario.go"), "../04-scenario-handoff/scenario.go"},
	}
	for _, s := range stubs {
		src, err := os.ReadFile("../exercises/" + s.ex.Name + "/" + s.file)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(string(src), "rt.TODO(") && !strings.Contains(string(src), "// NOT STARTED") {
			t.Logf("%s: started (no TODO marker): not checked", s.ex.Name)
			continue
		}
		if r := s.ex.Run(); r.Status != checker.StatusNotStarted {
			t.Errorf("%s: the stub is reported %s (%s), want not-started", s.ex.Name, r.Status, r.Message)
		}
	}
	for _, ex := range []*checker.Exercise{
		checker.ScenarioSteal("../exercises/03-scenario-steal/solution/scenario.go"),
		checker.ScenarioHandoff("../exercises/04-scenario-handoff/solution/scenario.go"),
	} {
		if r := ex.Run(); r.Status != checker.StatusPass {
			t.Errorf("%s: the reference scenario is %s:\n%s", ex.Name, r.Status, r.Tests[0].Message)
		}
	}
}
