package cli

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// Lesson 08's claim about the real runtime: in hog.go at GOMAXPROCS=1 a
// 50 ms loop with no calls (sim.Work) holds the only P while ten requests'
// data arrive at 1..10 ms. With asynchronous preemption (proc.go: retake →
// preemptone → preemptM, SIGURG) sysmon stops the hog after 10-20 ms and
// the requests are served while the hog still has work left; with
// GODEBUG=asyncpreemptoff=1 nothing stops it, and no request is served
// before its 50 ms of CPU are done. The same predicate is checked on the
// model (exactly: it is deterministic) and on several real runs (a bound:
// each request is served at i + its wait, in ms since main started).
//
// On Linux sim.Dial's data comes from the kernel (a timerfd), not from a
// goroutine of the hogged process, so the real run measures the scheduler.
func TestHogRealServedBeforeTheHogEnds(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs hog.go ten times; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot compare with the real runtime")
	}
	src := filepath.Join(repoRoot, "lessons/08-other-runtimes/hog.go")
	exe := filepath.Join(t.TempDir(), "hog")
	if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const hogMs, runs = 50, 5
	for _, c := range []struct {
		godebug string
		before  bool // every request served before the hog's 50 ms are up
	}{{"", true}, {"asyncpreemptoff=1", false}} {
		t.Run("GODEBUG="+c.godebug, func(t *testing.T) {
			withGodebug(t, c.godebug)
			sim := gmplab(t, "run "+src+" --gomaxprocs 1 --quiet")
			first, last, err := hogServed(sim.stdout)
			if err != nil || sim.code != 0 {
				t.Fatalf("gmplab (exit %d): %v\n%s%s", sim.code, err, sim.stdout, sim.stderr)
			}
			if (last < hogMs) != c.before || (first >= hogMs) == c.before {
				t.Fatalf("gmplab: requests served from %d to %d ms; want all before %d ms = %v", first, last, hogMs, c.before)
			}
			var bad []string
			for r := 0; r < runs; r++ {
				cmd := exec.Command(exe)
				cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GODEBUG="+c.godebug)
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Run(); err != nil {
					t.Fatalf("real run %d: %v\n%s", r+1, err, out.String())
				}
				first, last, err := hogServed(out.String())
				if err != nil {
					t.Fatalf("real run %d: %v\n%s", r+1, err, out.String())
				}
				t.Logf("real run %d: requests served from %d to %d ms", r+1, first, last)
				// Off, the requests wait for the hog's end: its 50 ms are
				// sim.Work's calibrated spin, which a host whose speed
				// changed since the calibration (load, frequency) makes
				// 20% short or long, so "not before the hog's end" is
				// checked as not before 30 ms, well after the 10-20 ms
				// at which preemption would have served them.
				if c.before && last >= hogMs || !c.before && first < hogMs*3/5 {
					bad = append(bad, fmt.Sprintf("run %d served the requests from %d to %d ms", r+1, first, last))
				}
			}
			// Preemption on: sysmon may be late on a busy host, so one run
			// in five may serve a request late; off, no run may serve one
			// early, since nothing can stop the hog.
			allowed := 0
			if c.before {
				allowed = 1
			}
			if len(bad) > allowed {
				if load, busy := hostload.Busy(); busy {
					t.Skipf("on a host with load average %.1f: %s", load, strings.Join(bad, "; "))
				}
				t.Errorf("GODEBUG=%s: want every request served before the hog's %d ms = %v in at least %d of %d real runs: %s", c.godebug, hogMs, c.before, runs-allowed, runs, strings.Join(bad, "; "))
			}
		})
	}
}

// hogServed reads hog.go's "request I waited W ms" lines and returns the
// first and last times a request was served, I + W ms after main started.
func hogServed(out string) (first, last int, err error) {
	n := 0
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var i, w int
		if _, err := fmt.Sscanf(line, "request %d waited %d ms", &i, &w); err != nil {
			return 0, 0, fmt.Errorf("unexpected line %q", line)
		}
		if n == 0 || i+w < first {
			first = i + w
		}
		if n == 0 || i+w > last {
			last = i + w
		}
		n++
	}
	if n != 10 {
		return 0, 0, fmt.Errorf("%d request lines, want 10", n)
	}
	return first, last, nil
}
