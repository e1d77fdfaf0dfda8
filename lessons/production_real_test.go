package lessons_test

// Lesson 07's claims about the real runtime that its runs cells cannot
// state, checked on it: gmplab replay's report of a real trace (text, not
// figures), a build with a GOEXPERIMENT (a runs cell builds with the
// toolchain's defaults). Every other claim of the lesson about the real
// runtime is a runs cell in lesson.md (TestCellOutputs runs them). Each
// test names the runtime function whose behaviour it checks. They skip
// with -short, where the go command is missing, and, when a bound fails
// only because the host is loaded (internal/hostload), with the figures
// they saw.

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// realDir holds lesson 07's real-runtime programs.
const realDir = "07-production/real"

// buildReal builds lessons/07-production/real/NAME.go (with the
// environment settings env, such as a GOEXPERIMENT) into the test's
// temporary folder and returns the executable's path; the go command's
// cache makes a second build of the same program quick.
func buildReal(t *testing.T, name string, env ...string) string {
	t.Helper()
	return buildFile(t, filepath.Join(realDir, name+".go"), env...)
}

// buildFile builds the program file (a path from lessons/) as buildReal
// does.
func buildFile(t *testing.T, file string, env ...string) string {
	t.Helper()
	if testing.Short() {
		t.Skip("builds and runs a real Go program; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot run the real runtime")
	}
	name := strings.TrimSuffix(filepath.Base(file), ".go")
	exe := filepath.Join(t.TempDir(), name)
	cmd := exec.Command(gocmd, "build", "-o", exe, file)
	cmd.Env = append(os.Environ(), env...)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", file, err, out)
	}
	return exe
}

// runReal runs exe with args in the environment env added to the test's and
// returns what it printed.
func runReal(t *testing.T, exe string, env []string, args ...string) string {
	t.Helper()
	out, err := runExit(t, exe, env, args...)
	if err != nil {
		t.Fatalf("%s %s: %v\n%s", filepath.Base(exe), strings.Join(args, " "), err, out)
	}
	return out
}

// runExit runs exe as runReal does, and returns its error (an exit
// status) rather than failing on it.
func runExit(t *testing.T, exe string, env []string, args ...string) (string, error) {
	t.Helper()
	cmd := exec.Command(exe, args...)
	// The test's own GODEBUG or GOMAXPROCS must not reach the program.
	for _, e := range os.Environ() {
		if !strings.HasPrefix(e, "GODEBUG=") && !strings.HasPrefix(e, "GOMAXPROCS=") {
			cmd.Env = append(cmd.Env, e)
		}
	}
	cmd.Env = append(cmd.Env, env...)
	cmd.Dir = t.TempDir()
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &out
	err := cmd.Run()
	return out.String(), err
}

// failOrSkip fails t with msg, unless the host is too loaded for the
// bound to be fair, where it skips with msg.
func failOrSkip(t *testing.T, msg string) {
	t.Helper()
	if load, busy := hostload.Busy(); busy {
		t.Skipf("on a host with load average %.1f: %s", load, msg)
	}
	t.Error(msg)
}

var latencyRE = regexp.MustCompile(`sched latency p50 ([0-9.]+)ms p99 ([0-9.]+)ms \(/sched/latencies:seconds, (\d+) samples\)`)

// latencyRun is one run of latency.go.
type latencyRun struct {
	p50, p99 float64 // ms, from the metric's buckets
	samples  int
	out      string
}

func runLatency(t *testing.T, exe, load string, args ...string) latencyRun {
	t.Helper()
	out := runReal(t, exe, []string{"GOMAXPROCS=2"}, append([]string{"-load", load}, args...)...)
	m := latencyRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("latency.go -load %s printed no latency line:\n%s", load, out)
	}
	r := latencyRun{out: out}
	r.p50, _ = strconv.ParseFloat(m[1], 64)
	r.p99, _ = strconv.ParseFloat(m[2], 64)
	r.samples, _ = strconv.Atoi(m[3])
	return r
}

// TestLesson07ReplayReportsTheWaits checks what lesson 07 says gmplab
// replay makes of a real trace: latency.go -load heavy -trace writes one
// (runtime/trace: every transition, the goroutine's wait between
// GoUnblock/GoCreate and GoStart, the runtime's execute), and
// gmplab replay --report lists its longest waits with the goroutines that
// ran meanwhile. The trace's figures (the waits, their p99 against the
// light load's) are the lesson's runs cell; a report is text, not figures.
func TestLesson07ReplayReportsTheWaits(t *testing.T) {
	exe := buildReal(t, "latency")
	file := filepath.Join(t.TempDir(), "heavy.trace")
	runLatency(t, exe, "heavy", "-trace", file)
	rep, code := executor().Replay([]string{file, "--report"}, nil)
	if code != 0 || !strings.Contains(rep, "The 10 longest waits to run") || !strings.Contains(rep, "who ran meanwhile") {
		t.Errorf("gmplab replay %s --report: exit %d, want the longest waits with who ran meanwhile:\n%s", file, code, rep)
	}
}

// profileRecord is one record of a pprof debug=1 text profile.
type profileRecord struct {
	value  float64 // the first number: cycles (mutex, block) or a count
	count  int
	frames []string // function names, innermost first
}

var recordRE = regexp.MustCompile(`^(\d+) (\d+) @`)
var countRE = regexp.MustCompile(`^(\d+) @`)
var frameRE = regexp.MustCompile(`^#\s+0x[0-9a-f]+\s+(\S+)\+0x`)

// parseProfile reads a debug=1 text profile.
func parseProfile(text string) (recs []profileRecord, cyclesPerSecond float64) {
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		l := sc.Text()
		if v, ok := strings.CutPrefix(l, "cycles/second="); ok {
			cyclesPerSecond, _ = strconv.ParseFloat(v, 64)
		}
		if m := recordRE.FindStringSubmatch(l); m != nil {
			v, _ := strconv.ParseFloat(m[1], 64)
			n, _ := strconv.Atoi(m[2])
			recs = append(recs, profileRecord{value: v, count: n})
		} else if m := countRE.FindStringSubmatch(l); m != nil {
			n, _ := strconv.Atoi(m[1])
			recs = append(recs, profileRecord{value: float64(n), count: n})
		} else if m := frameRE.FindStringSubmatch(l); m != nil && len(recs) > 0 {
			recs[len(recs)-1].frames = append(recs[len(recs)-1].frames, m[1])
		}
	}
	return recs, cyclesPerSecond
}

// sum adds the values and counts of the records whose innermost frames are
// frames, in that order (the function that waited or released, then its
// caller).
func sum(recs []profileRecord, frames ...string) (value float64, count int) {
	for _, r := range recs {
		if len(r.frames) >= len(frames) && slices.Equal(r.frames[:len(frames)], frames) {
			value += r.value
			count += r.count
		}
	}
	return
}

var (
	leakCountsRE = regexp.MustCompile(`NumGoroutine (\d+); /sched/goroutines:goroutines (\d+), /sched/goroutines/waiting:goroutines (\d+)`)
	timedOutRE   = regexp.MustCompile(`(\d+) of 100 requests timed out`)
	leakHeadRE   = regexp.MustCompile(`(?m)^--- the goroutine(leak)? profile`)
)

// TestLesson07LeakProfiles checks lesson 07's leak hunt on the real
// runtime, exactly: leakprof.go leaks a worker per request that timed out
// (all 100, but on a loaded host); runtime.NumGoroutine
// (gcount(false)) counts them with main, the metric /sched/goroutines
// (gcount(true)) adds the runtime's own goroutines; the goroutine profile
// holds one record of 100 at main.fetch.func1; the goroutineleak profile
// exists only in a binary built with GOEXPERIMENT=goroutineleakprofile
// (runtime/pprof/pprof.go), and there it reports the 100 workers as leaked
// (runtime/mgc.go: findGoroutineLeaks). Go 1.27 (GOTOOLCHAIN=go1.27.3) has
// no such experiment and the profile in every binary: where the
// toolchain's source has no exp_goroutineleakprofile_on.go, the test wants
// the profile without it.
func TestLesson07LeakProfiles(t *testing.T) {
	check := func(out string, wantLeakProfile bool) {
		t.Helper()
		m := leakCountsRE.FindStringSubmatch(out)
		to := timedOutRE.FindStringSubmatch(out)
		if m == nil || to == nil {
			t.Fatalf("no counts lines:\n%s", out)
		}
		// Each request that timed out leaked its worker: all 100, but
		// on a host that delays main past the backend's 2 ms (its
		// select may then find the answer ready too).
		leaked, _ := strconv.Atoi(to[1])
		if leaked < 90 {
			failOrSkip(t, fmt.Sprintf("want (nearly) all 100 requests to time out, got %d", leaked))
		}
		num, _ := strconv.Atoi(m[1])
		total, _ := strconv.Atoi(m[2])
		if num != leaked+1 || total <= num {
			t.Errorf("want NumGoroutine %d (main and the %d leaked workers) and /sched/goroutines:goroutines above it (the runtime's own goroutines), got %d and %d", leaked+1, leaked, num, total)
		}
		parts := leakHeadRE.Split(out, -1)
		heads := leakHeadRE.FindAllString(out, -1)
		for i, h := range heads {
			recs, _ := parseProfile(parts[i+1])
			if _, n := sum(recs, "main.fetch.func1"); n != leaked {
				t.Errorf("%s: want %d goroutines at main.fetch.func1, got %d:\n%s", h, leaked, n, parts[i+1])
			}
		}
		if got := strings.Contains(out, "--- the goroutineleak profile"); got != wantLeakProfile {
			t.Errorf("goroutineleak profile present: %v, want %v:\n%s", got, wantLeakProfile, out)
		}
	}
	plain := buildReal(t, "leakprof") // skips where the go command is missing
	out, err := exec.Command("go", "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	exp := filepath.Join(strings.TrimSpace(string(out)), "src/internal/goexperiment/exp_goroutineleakprofile_on.go")
	if _, err := os.Stat(exp); err != nil {
		// Go 1.27: the experiment is gone and every binary has the profile.
		t.Logf("no %s: this toolchain has the goroutineleak profile without an experiment", exp)
		check(runReal(t, plain, nil), true)
		return
	}
	check(runReal(t, plain, nil), false)
	// The experiment rebuilds the standard library: a minute the first time.
	check(runReal(t, buildReal(t, "leakprof", "GOEXPERIMENT=goroutineleakprofile"), nil), true)
}
