package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// Lesson 07 reads schedtrace's schedticks=[…]: a P whose schedtick does
// not move is idle or runs code that cannot be preempted, not merely one
// long goroutine. Since Go 1.14 sysmon preempts a goroutine that has run
// for 10 ms whether or not anything else waits (proc.go: retake looks only
// at schedtick and schedwhen), and execute counts a new slice when it runs
// it again (proc.go: execute, pp.schedtick++ unless inheritTime). So a lone
// goroutine computing for 300 ms at GOMAXPROCS=1 makes P0's schedtick move
// several times; with GODEBUG=asyncpreemptoff=1 its loop (no calls) cannot
// be stopped and the tick stays still until it ends.
func TestSchedticksMoveForALongGoroutine(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program of 300 ms twice; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot run the real runtime")
	}
	src := filepath.Join(repoRoot, "cmd/gmplab/cli/testdata/spin/spin.go")
	exe := filepath.Join(t.TempDir(), "spin")
	if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	ticksRE := regexp.MustCompile(`schedticks=\[ (\d+) \]`)
	// moves counts the schedtrace lines whose P0 schedtick differs from
	// the line before.
	moves := func(godebug string) (int, string) {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GODEBUG=schedtrace=20"+godebug)
		var out bytes.Buffer
		cmd.Stdout, cmd.Stderr = &out, &out
		if err := cmd.Run(); err != nil {
			t.Fatalf("the real run: %v\n%s", err, out.String())
		}
		n, last := 0, -1
		for _, m := range ticksRE.FindAllStringSubmatch(out.String(), -1) {
			v, _ := strconv.Atoi(m[1])
			if last >= 0 && v != last {
				n++
			}
			last = v
		}
		return n, out.String()
	}
	on, outOn := moves("")
	off, outOff := moves(",asyncpreemptoff=1")
	t.Logf("P0's schedtick moved %d times with preemption, %d times without", on, off)
	// 300 ms of CPU: sysmon preempts every 10-20 ms, so about 15 new
	// slices over about 15 schedtrace lines; 5 is a loose lower bound.
	// Without preemption only the start-up and the end can move it.
	if on < 5 || off > 3 {
		if load, busy := hostload.Busy(); busy {
			t.Skipf("on a host with load average %.1f: moves %d (on) and %d (off)", load, on, off)
		}
		t.Errorf("want P0's schedtick to move at least 5 times with preemption (got %d) and at most 3 times without (got %d):\n%s\n%s", on, off, outOn, outOff)
	}
}
