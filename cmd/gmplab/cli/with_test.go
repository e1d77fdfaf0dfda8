package cli

import (
	"bytes"
	"strings"
	"testing"
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
// the preflight run says the function is not started before the debugger
// opens. It runs go build, so it is skipped with -short.
func TestStepWithNotStarted(t *testing.T) {
	if testing.Short() {
		t.Skip("builds gmplab with the exercise (-short)")
	}
	var stdout, stderr bytes.Buffer
	code := Run([]string{"step", "lesson-02", "--with", "exercises/02-runqput"}, strings.NewReader("exit\n"), &stdout, &stderr)
	want := "gmplab step --with exercises/02-runqput: at event 3: runqput is not started (it still calls rt.TODO)"
	if strings.Contains(stdout.String(), "with your functions") {
		t.Skip("exercises/02-runqput is started in this checkout")
	}
	if code != 1 || !strings.Contains(stderr.String(), want) {
		t.Errorf("exit %d\nstdout %s\nstderr %s", code, stdout.String(), stderr.String())
	}
}
