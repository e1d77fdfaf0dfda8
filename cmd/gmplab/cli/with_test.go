package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/checker"
	runqgetref "github.com/gmplab/gmplab/exercises/02-runqget/solution"
	"github.com/gmplab/gmplab/exercises/rt"
)

// TestStepWithErrors: --with names an exercise of this checkout with
// functions to put in; anything else is one clear line.
func TestStepWithErrors(t *testing.T) {
	for _, c := range []struct{ with, want string }{
		{"nope", `gmplab step --with: no exercise "nope" (exercises: 01-newstack`},
		{"exercises/03-scenario-steal", "gmplab step --with: 03-scenario-steal is a scenario exercise: open your program with gmplab step exercises/03-scenario-steal/scenario.go"},
	} {
		var stdout, stderr bytes.Buffer
		code := Run([]string{"step", "lesson-02", "--with", c.with}, strings.NewReader(""), &stdout, &stderr)
		if code != 1 || !strings.HasPrefix(stderr.String(), c.want) {
			t.Errorf("--with %s: exit %d, stderr %q; want 1, %q", c.with, code, stderr.String(), c.want)
		}
	}
}

// TestStepWithNotStarted builds gmplab with an exercise's stub in place:
// the preflight run finds the function not started, and the debugger
// opens with the engine's own functions (the reference), saying so. It
// runs go build, so it is skipped with -short.
func TestStepWithNotStarted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gmplab with the exercise (-short)")
	}
	var stdout, stderr bytes.Buffer
	code := Run([]string{"step", "lesson-02", "--with", "exercises/02-runqput"}, strings.NewReader("exit\n"), &stdout, &stderr)
	if strings.Contains(stdout.String(), "with your functions") {
		t.Skip("exercises/02-runqput is started in this checkout")
	}
	flat := strings.Join(strings.Fields(stdout.String()), " ")
	want := regexp.MustCompile(`^exercises/02-runqput is not started: its runqput still calls rt.TODO \(met at event \d+\)\. The debugger opens with the engine's own functions, Go's rules, in place of yours: the reference run; .* gmplab step lessons/02-procs/`)
	if code != 0 || stderr.Len() > 0 || !want.MatchString(flat) || !strings.Contains(stdout.String(), "(gmplab) exit") {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout.String(), stderr.String())
	}
}

// TestStepWithBrokenFunction: with functions that break the run (a
// runqget without its empty check, through findRunnable), step --with
// opens at the last good event with what breaks as its banner, and a step
// into the broken engine step says it is the learner's function, not a
// gmplab bug. The functions are installed in this process (SetWith), as
// the program step --with builds does.
func TestStepWithBrokenFunction(t *testing.T) {
	noEmptyCheck := func(pp *rt.P) (rt.Guintptr, bool) {
		if next := pp.Runnext; next != 0 {
			pp.Runnext = 0
			return next, true
		}
		g := pp.Runq[pp.Runqhead%256]
		pp.Runqhead++
		return g, false
	}
	find := func(pp *rt.P, s *rt.Schedt) (rt.Guintptr, bool) {
		if g, inh := noEmptyCheck(pp); g != 0 {
			return g, inh
		}
		return runqgetref.FindRunnable(pp, s)
	}
	SetWith("exercises/02-runqget", checker.Runqget(noEmptyCheck, find).Hooks())
	defer SetWith("", nil)
	var stdout, stderr bytes.Buffer
	code := Run([]string{"step", "lesson-02", "--with", "exercises/02-runqget"}, strings.NewReader("step\nexit\n"), &stdout, &stderr)
	out := stdout.String()
	// The banner is folded to the width (100 columns here): read its words.
	flat := strings.Join(strings.Fields(out), " ")
	banner := regexp.MustCompile(`Your functions break this run after event (\d+): your findRunnable took from an empty ring: head == tail .*? Stopped at event (\d+), the last good event`)
	m := banner.FindStringSubmatch(flat)
	if code != 0 || m == nil || m[1] != m[2] {
		t.Fatalf("exit %d, stdout:\n%s\nstderr: %s", code, out, stderr.String())
	}
	if !strings.Contains(flat, "after event "+m[1]+": your findRunnable took from an empty ring") || strings.Contains(flat, "a bug in gmplab") {
		t.Errorf("stepping into the broken step:\n%s", out)
	}
}
