package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/realhost"
	"github.com/gmplab/gmplab/internal/testnote"
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
	testnote.Say(t, "gmplab real lesson-04: building gmplab-full (with Delve) if need be, then lesson 4 under Delve")
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

// A program that imports nothing of gmplab runs on the real runtime from
// any folder: gmplab compare builds it in a module made for it (the folder
// belongs to none), and its runtime.NumGoroutine leaves out the trace's
// own goroutine, so that the outputs agree.
func TestCompareOutsideAClone(t *testing.T) {
	if testing.Short() {
		t.Skip("runs a program on the real runtime; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	dir := t.TempDir()
	// gmplab's cache folder (the module made for the program) in the
	// test's, the go command's build cache where it was.
	gocache, err := exec.Command("go", "env", "GOCACHE").Output()
	if err != nil {
		t.Fatal(err)
	}
	t.Setenv("GOCACHE", strings.TrimSpace(string(gocache)))
	t.Setenv("XDG_CACHE_HOME", filepath.Join(dir, "cache"))
	src := "package main\n\nimport (\n\t\"fmt\"\n\t\"runtime\"\n)\n\nfunc main() {\n\tfmt.Println(\"before:\", runtime.NumGoroutine())\n\tblock := make(chan int)\n\tfor i := 0; i < 3; i++ {\n\t\tgo func() { <-block }()\n\t}\n\tfmt.Println(\"after:\", runtime.NumGoroutine())\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "count.go"), []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	r := gmplab(t, "compare count.go --runs 1 --gomaxprocs 2")
	if r.code != 0 {
		t.Fatalf("exit %d: %s%s", r.code, r.stdout, r.stderr)
	}
	for _, want := range []string{
		"gmplab compare count.go: GOMAXPROCS=2, the simulator against 1 real run\n",
		"output: the same on the simulator and on every real run (2 lines)\n",
		"runtime.NumGoroutine leaves out, on the real runs, the 1 goroutine runtime/trace\n",
	} {
		if !strings.Contains(r.stdout, want) {
			t.Errorf("no %q in:\n%s", want, r.stdout)
		}
	}
}
