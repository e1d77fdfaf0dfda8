package cli

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	goruntime "runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/internal/hostload"
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
				// The real run is a sample of a timing: a loaded machine can
				// delay a timer or a wake-up past the next one and change
				// the order. gmplab's output is what an unloaded machine
				// prints, so it must match one of a few real runs.
				var real result
				for attempt := 0; attempt < realAttempts; attempt++ {
					real = runRealExe(t, exe, n)
					if sim == real {
						break
					}
					t.Logf("GOMAXPROCS=%d %s: real run %d differs (a loaded machine?); running it again", n, src, attempt+1)
					time.Sleep(time.Duration(attempt+1) * 200 * time.Millisecond)
				}
				if sim != real {
					diff := firstDiff(string(real.format("(real runtime)")), string(sim.format(args)))
					if load, busy := hostload.Busy(); busy {
						// Every sample was perturbed: the host is too busy
						// for a real run to show the unloaded schedule.
						t.Skipf("gmplab %s differs from GOMAXPROCS=%d go run %s in %d runs, on a host with load average %.1f on %d CPUs: not a fair comparison\n%s",
							args, n, src, realAttempts, load, goruntime.NumCPU(), diff)
					}
					t.Errorf("gmplab %s differs from GOMAXPROCS=%d go run %s in %d runs:\n%s", args, n, src, realAttempts, diff)
				}
			}
		})
	}
}

// realAttempts is how many real runs a comparison may take before it
// fails. A real run is perturbed when the host deschedules it for longer
// than a time slice (10 ms: sysmon then preempts main in the middle of a
// spawn loop, and the order changes), which a loaded machine does to
// some runs, and fmt's writes are system calls whose P sysmon may take
// (retake's first look): runs a moment apart are enough for one to run
// as an unloaded machine would.
const realAttempts = 10

// runRealExe runs the built program exe with GOMAXPROCS=n.
func runRealExe(t *testing.T, exe string, n int) result {
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
			tries = realAttempts
		}
		var got string
		for try := 0; try < tries; try++ {
			real := runRealExe(t, exe, n)
			if got = strings.Join(goroutineHeader.FindAllString(real.stderr, -1), "\n"); got == want {
				break
			}
		}
		if got != want {
			if load, busy := hostload.Busy(); busy {
				t.Skipf("GOMAXPROCS=%d: gmplab's goroutines never came up in %d real runs, on a host with load average %.1f: not a fair comparison", n, tries, load)
			}
			t.Errorf("GOMAXPROCS=%d: gmplab's goroutines\n%s\nnever came up in %d real runs; the last:\n%s", n, want, tries, got)
		}
	}
}

// TestTracebackLinesAsRealRuntime compares the program frames (function,
// file and line) and goroutine headers of the deadlock and panic tracebacks
// of testdata/traceback/*.go with the real runtime's at GOMAXPROCS=1: a
// goroutine blocked in a call (wg.Wait, a channel operation, select, Lock)
// is shown at the line of the call, as Go shows it, not the next one.
func TestTracebackLinesAsRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot compare with the real runtime")
	}
	bin := t.TempDir()
	t.Chdir(repoRoot)
	files, err := filepath.Glob("cmd/gmplab/cli/testdata/traceback/*.go")
	if err != nil || len(files) < 10 {
		t.Fatalf("want at least ten traceback programs, found %d (%v)", len(files), err)
	}
	for _, src := range files {
		name := strings.TrimSuffix(filepath.Base(src), ".go")
		t.Run(name, func(t *testing.T) {
			exe := filepath.Join(bin, name)
			if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
				t.Fatalf("go build %s: %v\n%s", src, err, out)
			}
			sim := gmplab(t, "run "+src+" --gomaxprocs 1 --quiet")
			got := programFrames(sim.stderr)
			// None of these programs depends on timing, but a real run is
			// a sample: compare with up to realAttempts of them.
			var real result
			var want []string
			for attempt := 0; attempt < realAttempts; attempt++ {
				real = runRealExe(t, exe, 1)
				want = programFrames(real.stderr)
				if strings.Join(got, "\n") == strings.Join(want, "\n") {
					break
				}
			}
			if len(want) < 3 {
				t.Fatalf("the real run printed no traceback:\n%s", real.stderr)
			}
			if strings.Join(got, "\n") != strings.Join(want, "\n") {
				t.Errorf("program frames differ from the real runtime's:\n%s", firstDiff(strings.Join(want, "\n"), strings.Join(got, "\n")))
			}
			if sim.code != real.code {
				t.Errorf("exit code %d, the real runtime's %d", sim.code, real.code)
			}
		})
	}
}

// programFrames extracts from a traceback what gmplab must print as Go does:
// the first line (the panic or fatal error), goroutine headers, and the
// frames of the program's own functions (main.*) and creators, each as
// "function file:line" with the arguments, offsets and directories dropped.
// Runtime and standard library frames are left out (gmplab hides them).
func programFrames(stderr string) []string {
	ls := strings.Split(stderr, "\n")
	var out []string
	if len(ls) > 0 {
		out = append(out, ls[0])
	}
	for i := 0; i < len(ls); i++ {
		l := ls[i]
		switch {
		case strings.HasPrefix(l, "goroutine "):
			out = append(out, l)
		case strings.HasPrefix(l, "main.") || strings.HasPrefix(l, "created by main."):
			fn := l
			if j := strings.LastIndexByte(fn, '('); j > 0 && strings.HasPrefix(l, "main.") {
				fn = fn[:j]
			}
			loc := ""
			if i+1 < len(ls) && strings.HasPrefix(ls[i+1], "\t") {
				loc = strings.TrimSpace(ls[i+1])
				if j := strings.Index(loc, " +0x"); j >= 0 {
					loc = loc[:j]
				}
				loc = filepath.Base(loc)
				i++
			}
			out = append(out, fn+" "+loc)
		}
	}
	return out
}
