package cli

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// Lessons 02, 03 and 06 say what the model's start-up picks and that the
// real one is a race. The model (runtime.main's goroutines readied from
// the last P: docs/assumptions.md, "Start-up") always starts main.main on
// P(n-1) when GOMAXPROCS > 1, and its first go statement makes G19: that
// is checked exactly. On the real runtime main.main's first P and its first
// goroutine's id depend on which thread wins the race around
// runtime/proc.go: main's gcenable; lessons/02-procs/real/start.go reports
// both, and over several real runs at GOMAXPROCS=4 neither may be the same
// in every run (the audit's 100 runs put main on P0 50 times, P2 28, P3 22).
func TestStartupIsARaceOnTheRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program twenty times; skipped with -short")
	}
	sim := gmplab(t, "run "+filepath.Join(repoRoot, "lessons/02-procs/runq.go")+" --gomaxprocs 4")
	if sim.code != 0 {
		t.Fatalf("gmplab run runq.go: exit %d\n%s", sim.code, sim.stderr)
	}
	mainP, firstG := modelStart(sim.stdout)
	if mainP != "P3" || firstG != "G19" {
		t.Errorf("the model starts main.main on %s with first goroutine %s; the lessons say P3 (P(n-1)) and G19", mainP, firstG)
	}

	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot run the real runtime")
	}
	exe := filepath.Join(t.TempDir(), "start")
	if out, err := exec.Command(gocmd, "build", "-o", exe, filepath.Join(repoRoot, "lessons/02-procs/real/start.go")).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	const runs = 20
	ps, gs := map[int]int{}, map[int]int{}
	for r := 0; r < runs; r++ {
		cmd := exec.Command(exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=4")
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("real run %d: %v\n%s", r+1, err, out)
		}
		var p, g int
		if _, err := fmt.Sscanf(string(out), "main.main began on P%d; its first goroutine is G%d\n", &p, &g); err != nil {
			t.Fatalf("real run %d: %q: %v", r+1, out, err)
		}
		if p < 0 || p >= 4 {
			t.Fatalf("real run %d: main.main on P%d at GOMAXPROCS=4", r+1, p)
		}
		ps[p]++
		gs[g]++
	}
	t.Logf("over %d real runs at GOMAXPROCS=4: main.main began on %s; its first goroutine was %s", runs, tally("P", ps), tally("G", gs))
	if len(ps) < 2 || len(gs) < 2 {
		msg := fmt.Sprintf("every one of %d real runs started main.main on the same P (%s) or gave its first goroutine the same id (%s): the lessons say the real start varies", runs, tally("P", ps), tally("G", gs))
		if load, busy := hostload.Busy(); busy {
			t.Skipf("on a host with load average %.1f: %s", load, msg)
		}
		t.Error(msg)
	}
}

// modelStart returns the P of main's first execute and the goroutine its
// first go statement makes, from gmplab run's text output.
func modelStart(out string) (mainP, firstG string) {
	for _, line := range strings.Split(out, "\n") {
		f := strings.Fields(line)
		if len(f) < 6 {
			continue
		}
		switch {
		case mainP == "" && f[4] == "G1" && f[5] == "execute":
			mainP = f[3]
		case firstG == "" && f[5] == "newproc":
			firstG = f[4]
		}
	}
	return mainP, firstG
}

// tally prints counts as "P0 ×9, P3 ×11", in order of the values.
func tally(prefix string, n map[int]int) string {
	var keys []int
	for k := range n {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	var s []string
	for _, k := range keys {
		s = append(s, fmt.Sprintf("%s%d ×%d", prefix, k, n[k]))
	}
	return strings.Join(s, ", ")
}
