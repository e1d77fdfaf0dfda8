package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// proc.go: retake, on the real runtime and in the model: nanotime() counts
// from the machine's boot and a P's sysmontick starts at zero, so a P's
// first system call is taken at sysmon's first look even with nothing
// waiting and a P idle; after one earlier call the first look only records
// the syscalltick and the P stays attached until 10 ms after it.
//
// The model's side is exact: lessons/04-sysmon/first.go (no earlier call)
// is retaken at sysmon's first look, idle.go (one earlier call) 10 ms after
// it. The real side is a proportion over runs of
// testdata/real/firstsyscall.go at GOMAXPROCS=2 with GODEBUG=schedtrace=1,
// alternating without and with PRIOR=1: a run counts as "taken early" when
// the first SCHED line after its "syscall-start" mark with idleprocs=2 (main's
// P gone idle under its 30 ms nanosleep) is under 8 ms after the last SCHED
// line before the mark. Bounds: at least 60% of the first-call runs are
// taken early, at most half the earlier-call runs, and the first-call
// proportion exceeds the other by at least a quarter of the runs. Where
// the bounds fail on a loaded host (hostload.Busy) the test skips with the
// figures.
func TestRetakeFirstSyscallOnTheRealRuntime(t *testing.T) {
	t.Chdir(repoRoot)
	retakeAt := func(file string) float64 {
		r := gmplab(t, "run lessons/04-sysmon/"+file+" --gomaxprocs 2")
		if r.code != 0 {
			t.Fatalf("gmplab run %s: exit %d: %s", file, r.code, r.stderr)
		}
		m := regexp.MustCompile(`(?m)^\s+\d+\s+([0-9.]+)ms\s+M\d+\s+P\d+\s+G\d+\s+retake\b`).FindStringSubmatch(r.stdout)
		if m == nil {
			t.Fatalf("gmplab run %s: no retake event:\n%s", file, r.stdout)
		}
		ms, _ := strconv.ParseFloat(m[1], 64)
		return ms
	}
	if at := retakeAt("first.go"); at > 0.1 {
		t.Errorf("model: first.go's P retaken at %.3f ms, want sysmon's first look (under 0.1 ms)", at)
	}
	if at := retakeAt("idle.go"); at < 10 {
		t.Errorf("model: idle.go's P retaken at %.3f ms, want at least 10 ms (the first look records the syscalltick)", at)
	}

	if testing.Short() {
		t.Skip("builds and runs a program 40 times on the real runtime; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot build the program")
	}
	exe := filepath.Join(t.TempDir(), "firstsyscall")
	if out, err := exec.Command(gocmd, "build", "-o", exe, "cmd/gmplab/cli/testdata/real/firstsyscall.go").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const runs = 20
	var early [2]int // [0] first call, [1] after an earlier call
	for i := 0; i < 2*runs; i++ {
		prior := i % 2
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=2", "GODEBUG=schedtrace=1", "PRIOR="+strconv.Itoa(prior))
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("%s: %v\n%s", exe, err, out.String())
		}
		ms, ok := firstRetakeMs(out.String())
		if !ok {
			t.Fatalf("run %d: no syscall-start/syscall-end marks in:\n%s", i, out.String())
		}
		if ms < 8 {
			early[prior]++
		}
	}
	t.Logf("taken within 8 ms: first call %d/%d runs, after an earlier call %d/%d", early[0], runs, early[1], runs)
	if early[0]*10 >= runs*6 && early[1]*2 <= runs && (early[0]-early[1])*4 >= runs {
		return
	}
	if load, busy := hostload.Busy(); busy {
		t.Skipf("taken within 8 ms: first call %d/%d, after an earlier call %d/%d, on a host with load average %.1f: not a fair sample", early[0], runs, early[1], runs, load)
	}
	t.Errorf("taken within 8 ms: first call %d/%d runs (want ≥ 60%%), after an earlier call %d/%d (want ≤ 50%%, and a quarter of the runs fewer)", early[0], runs, early[1], runs)
}

// firstRetakeMs reads firstsyscall.go's output under schedtrace: how many
// ms after the last SCHED line before "syscall-start" (0 if none) the
// first SCHED line with idleprocs=2 came, before "syscall-end" (99 if
// none did).
func firstRetakeMs(out string) (float64, bool) {
	sched := regexp.MustCompile(`^SCHED (\d+)ms: gomaxprocs=2 idleprocs=(\d+)`)
	start, in, ended := 0.0, false, false
	retake := 99.0
	for _, line := range strings.Split(out, "\n") {
		switch {
		case line == "syscall-start":
			in = true
		case line == "syscall-end":
			ended = in
			in = false
		default:
			m := sched.FindStringSubmatch(line)
			if m == nil {
				continue
			}
			ms, _ := strconv.ParseFloat(m[1], 64)
			if !in && !ended {
				start = ms
			} else if in && m[2] == "2" && retake == 99 {
				retake = ms - start
			}
		}
	}
	return retake, ended
}
