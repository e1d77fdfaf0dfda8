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

// What lessons 00, 02 and 04 say GODEBUG=schedtrace shows for their
// programs, built first and run as binaries (go run would print the go
// command's own scheduler too), at GOMAXPROCS=2, over three runs each
// (proc.go: schedtrace, called from sysmon):
//
//   - 00 goroutines.go: at least two SCHED lines in one run, and threads=
//     never over ten for its hundred goroutines (in every run);
//   - 02 pingpong.go: SCHED lines with runqueue=, a bracketed ring length
//     per P and schedticks=; with scheddetail=1 the SCHED line has no
//     brackets and no schedticks=, and a "  P0: status=… schedtick=…
//     runqsize=…" line follows;
//   - 04 threads.go: the largest threads= over ten in some run (twenty
//     blocked calls, each keeping its thread).
//
// A count that misses its bound on a loaded host (hostload.Busy) skips.
func TestSchedtraceOfLessonPrograms(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs lesson programs on the real runtime; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	t.Chdir(repoRoot)
	dir := t.TempDir()
	build := func(src string) string {
		exe := filepath.Join(dir, strings.TrimSuffix(filepath.Base(src), ".go"))
		if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
			t.Fatalf("go build %s: %v\n%s", src, err, out)
		}
		return exe
	}
	run := func(exe, godebug string) string {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=2", "GODEBUG="+godebug)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("GODEBUG=%s %s: %v\n%s", godebug, exe, err, out.String())
		}
		return out.String()
	}
	schedLine := regexp.MustCompile(`(?m)^SCHED \d+ms: gomaxprocs=2 idleprocs=\d+ threads=(\d+) .*runqueue=\d+(.*)$`)
	maxThreads := func(out string) (lines, most int) {
		for _, m := range schedLine.FindAllStringSubmatch(out, -1) {
			n, _ := strconv.Atoi(m[1])
			lines, most = lines+1, max(most, n)
		}
		return lines, most
	}
	var loose []string // bounds missed, which a loaded host may explain

	goroutines := build("lessons/00-threads/goroutines.go")
	mostLines := 0
	for i := 0; i < 3; i++ {
		out := run(goroutines, "schedtrace=1")
		lines, most := maxThreads(out)
		mostLines = max(mostLines, lines)
		if most > 10 {
			loose = append(loose, "00 goroutines.go: threads="+strconv.Itoa(most)+", want at most 10")
		}
	}
	if mostLines < 2 {
		// sysmon's thread prints them: on a busy host it may not run
		// before the program's few milliseconds are over.
		loose = append(loose, "00 goroutines.go: at most "+strconv.Itoa(mostLines)+" SCHED lines in 3 runs, want 2 in one")
	}

	// pingpong runs for a few milliseconds: sysmon's thread, which prints
	// the SCHED lines, may not run before it ends on a busy host, so it
	// gets three tries, and a miss is a bound a loaded host may explain.
	withSched := func(exe, godebug string) (string, [][]string) {
		var out string
		for range 3 {
			out = run(exe, godebug)
			if ms := schedLine.FindAllStringSubmatch(out, -1); len(ms) > 0 {
				return out, ms
			}
		}
		loose = append(loose, "02 pingpong.go, GODEBUG="+godebug+": no SCHED line in 3 runs")
		return out, nil
	}
	pingpong := build("lessons/02-procs/pingpong.go")
	_, ms := withSched(pingpong, "schedtrace=1")
	for _, m := range ms {
		if !regexp.MustCompile(`^ \[ \d+ \d+ \] schedticks=\[ \d+ \d+ \]$`).MatchString(m[2]) {
			t.Errorf("02 pingpong.go: SCHED line ends %q, want [ ring ring ] schedticks=[ tick tick ]", m[2])
		}
	}
	out, ms := withSched(pingpong, "schedtrace=1,scheddetail=1")
	for _, m := range ms {
		if strings.Contains(m[2], "[") || strings.Contains(m[2], "schedticks=") {
			t.Errorf("02 pingpong.go, scheddetail=1: SCHED line ends %q, want no brackets and no schedticks=", m[2])
		}
	}
	if ms != nil && !regexp.MustCompile(`(?m)^  P0: status=\d+ schedtick=\d+ .*runqsize=\d+`).MatchString(out) {
		t.Errorf("02 pingpong.go, scheddetail=1: no \"  P0: status=… schedtick=… runqsize=…\" line:\n%s", out)
	}

	threads := build("lessons/04-sysmon/threads.go")
	most := 0
	for i := 0; i < 3; i++ {
		_, m := maxThreads(run(threads, "schedtrace=1"))
		most = max(most, m)
	}
	if most <= 10 {
		loose = append(loose, "04 threads.go: largest threads="+strconv.Itoa(most)+" over 3 runs, want over 10")
	}
	t.Logf("04 threads.go: largest threads=%d", most)

	if len(loose) > 0 {
		if load, busy := hostload.Busy(); busy {
			t.Skipf("%s, on a host with load average %.1f: not a fair sample", strings.Join(loose, "; "), load)
		}
		t.Error(strings.Join(loose, "; "))
	}
}
