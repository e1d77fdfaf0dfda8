package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// realCases are the examples (or, ending in .go, other programs) whose
// output does not depend on timing, with the GOMAXPROCS values to compare
// at: their output on the real runtime
// (go build, then run with GOMAXPROCS=n) must be what gmplab run --quiet
// prints. (syscall.go and preempt.go are left out: what they print depends
// on how long things take on the machine.)
var realCases = []struct {
	example string
	procs   []int
}{
	{"spawn300", []int{1}},
	{"pingpong", []int{1, 2, 4}},
	{"steal", []int{1, 4}},
	{"gosched", []int{1}},
	{"closewake", []int{1}},
	{"timers", []int{1, 2}},
	{"recursion", []int{1}},
	{"netpoll", []int{2}},
	{"waitgroups", []int{1}},
	{"workerpools", []int{1}},
	{"goroutines", []int{1}},
	{"starvation", []int{1}},
	{"cmd/gmplab/cli/testdata/real/spawn_println.go", []int{1}},
}

func TestSameOutputAsRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the examples with the go command; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot compare with the real runtime")
	}
	bin := t.TempDir()
	t.Chdir(repoRoot)
	for _, rc := range realCases {
		t.Run(rc.example, func(t *testing.T) {
			src := "examples/" + rc.example + ".go"
			if strings.HasSuffix(rc.example, ".go") {
				src = rc.example
			}
			exe := filepath.Join(bin, strings.TrimSuffix(filepath.Base(rc.example), ".go"))
			build := exec.Command(gocmd, "build", "-o", exe, src)
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go build %s: %v\n%s", src, err, out)
			}
			for _, n := range rc.procs {
				args := "run " + src + " --gomaxprocs " + strconv.Itoa(n) + " --quiet"
				sim := gmplab(t, args)
				// fmt's writes are system calls, and sysmon takes a P
				// whose first syscall it sees (retake): on a loaded
				// machine that race can reorder a run. gmplab models
				// the common run; up to realTries runs make the test robust.
				var real result
				for try := 0; try < realTries; try++ {
					real = runReal(t, exe, n)
					if real == sim {
						break
					}
				}
				if sim != real {
					t.Errorf("gmplab %s differs from GOMAXPROCS=%d go run %s in %d runs; the last:\n%s", args, n, src, realTries,
						firstDiff(string(real.format("(real runtime)")), string(sim.format(args))))
				}
			}
		})
	}
}

// realTries is how many times a real run may be repeated before its
// output counts as different from gmplab's.
const realTries = 10

// runReal runs exe with GOMAXPROCS=n and returns what it printed.
func runReal(t *testing.T, exe string, n int) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	run := exec.Command(exe)
	run.Env = append(os.Environ(), "GOMAXPROCS="+strconv.Itoa(n))
	run.Stdout, run.Stderr = &stdout, &stderr
	code := 0
	if err := run.Run(); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			t.Fatalf("GOMAXPROCS=%d %s: %v", n, exe, err)
		}
		code = ee.ExitCode()
	}
	return result{stdout.String(), stderr.String(), code}
}

var goroutineHeader = regexp.MustCompile(`(?m)^goroutine \d+ \[[^\]]*\]:$`)

// proc.go: main, newproc1: the goids of a deadlock's goroutines at
// GOMAXPROCS 1, 2, 4 and 8 are the real runtime's: always with one P; with
// more, runtime.main's start-up is a race between threads, and gmplab's
// goids (the most common, 19 onwards) must come up within 20 real runs.
func TestStartupGoidsOnRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the go command; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	t.Chdir(repoRoot)
	src := "cmd/gmplab/cli/testdata/real/goids.go"
	exe := filepath.Join(t.TempDir(), "goids")
	if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, n := range []int{1, 2, 4, 8} {
		sim := gmplab(t, "run "+src+" --gomaxprocs "+strconv.Itoa(n)+" --quiet")
		want := strings.Join(goroutineHeader.FindAllString(sim.stderr, -1), "\n")
		if sim.code != 2 || want == "" {
			t.Fatalf("gmplab at GOMAXPROCS=%d: exit %d\n%s", n, sim.code, sim.stderr)
		}
		tries := 20
		if n == 1 {
			tries = realTries
		}
		var got string
		for try := 0; try < tries; try++ {
			real := runReal(t, exe, n)
			if got = strings.Join(goroutineHeader.FindAllString(real.stderr, -1), "\n"); got == want {
				break
			}
		}
		if got != want {
			t.Errorf("GOMAXPROCS=%d: gmplab's goroutines\n%s\nnever came up in %d real runs; the last:\n%s", n, want, tries, got)
		}
	}
}
