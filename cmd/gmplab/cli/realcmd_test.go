package cli

import (
	"bytes"
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/realhost"
)

// gmplab real reads commands from standard input, as gmplab step does, so
// that a notebook cell can run it; a real run is checked for its shape
// only.
func TestRealFromStdin(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a program under Delve; skipped with -short")
	}
	if err := realhost.Check(); err != nil {
		t.Skip(err)
	}
	t.Chdir(repoRoot)
	var stdout, stderr bytes.Buffer
	in := "break handoffp\ncontinue\nprint p0.runq\nrev step\nexit\n"
	code := Run([]string{"real", "lesson-04"}, strings.NewReader(in), &stdout, &stderr)
	if strings.Contains(stderr.String(), "refused ptrace") {
		t.Skip(stderr.String())
	}
	out := stdout.String()
	if code != 0 {
		t.Fatalf("exit %d\nstderr: %s\nstdout: %s", code, stderr.String(), out)
	}
	for _, want := range []string{
		"changes the real schedule",
		"(gmplab) break handoffp\nBreakpoint 1: handoffp\n",
		"(gmplab) print p0.runq\n",
		"does not go backwards",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("no %q in:\n%s", want, out)
		}
	}
	// The continue stops at a handoffp of P0 or, if the debugger's stops
	// changed the schedule so much that none happened, at the exit.
	stop := regexp.MustCompile(`(?m)^\s+\d+\s+\d+\.\d{6}ms  (M\d+\s+P0\s+G-\s+handoffp|M-\s+P-\s+G-\s+exit) `)
	if !stop.MatchString(out) {
		t.Errorf("continue did not stop at handoffp on P0 or at the exit:\n%s", out)
	}
}

func TestCompareBadInput(t *testing.T) {
	for _, c := range []struct{ args, want string }{
		{"compare examples/gosched.go --runs 0", "--runs 0: want 1 to 50"},
		{"compare nosuch.go", "gmplab compare: "},
		{"real examples/gosched.go --gomaxprocs 0", "--gomaxprocs 0: want 1 to"},
	} {
		t.Run(c.args, func(t *testing.T) {
			t.Chdir(repoRoot)
			r := gmplab(t, c.args)
			if r.code == 0 || !strings.Contains(r.stderr, c.want) || strings.Contains(r.stderr, "goroutine ") {
				t.Errorf("gmplab %s: exit %d, stderr %q; want an error with %q", c.args, r.code, r.stderr, c.want)
			}
		})
	}
}
