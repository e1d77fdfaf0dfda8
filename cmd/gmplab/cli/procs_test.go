package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
	"github.com/gmplab/gmplab/runtime"
)

func withEnv(t *testing.T, gomaxprocs string) {
	t.Helper()
	old := lookupEnv
	lookupEnv = func(k string) (string, bool) {
		if k == "GOMAXPROCS" {
			return gomaxprocs, true
		}
		return "", false
	}
	t.Cleanup(func() { lookupEnv = old })
}

// proc.go: schedinit: GOMAXPROCS is the environment variable when it parses
// as a positive 32-bit integer, else defaultGOMAXPROCS(numCPUStartup); a
// GOMAXPROCS(n) call (here, --gomaxprocs) wins over both.
func TestGOMAXPROCSEnvironment(t *testing.T) {
	for _, tc := range []struct {
		env  string // "-" unset
		args []string
		want int
		from string
	}{
		{"-", nil, runtime.DefaultNCPU, "ncpu"},
		{"-", []string{"--ncpu", "2"}, 2, "ncpu"},
		{"3", []string{"--ncpu", "2"}, 3, "$GOMAXPROCS"},
		{"3", []string{"--gomaxprocs", "5"}, 5, ""},
		{"0", []string{"--ncpu", "2"}, 2, "ncpu"},
		{"-1", nil, runtime.DefaultNCPU, "ncpu"},
		{"x", []string{"--ncpu", "8"}, 8, "ncpu"},
		{"99999999999", nil, runtime.DefaultNCPU, "ncpu"}, // does not fit in 32 bits
	} {
		if tc.env != "-" {
			withEnv(t, tc.env)
		} else {
			lookupEnv = func(string) (string, bool) { return "", false }
		}
		o, stderr, code := runFlags(t, append([]string{"x.go"}, tc.args...)...)
		if code != 0 {
			t.Errorf("GOMAXPROCS=%s %v: exit %d: %s", tc.env, tc.args, code, stderr)
			continue
		}
		if o.gomaxprocs != tc.want || o.gomaxprocsFrom != tc.from {
			t.Errorf("GOMAXPROCS=%s %v: GOMAXPROCS %d from %q, want %d from %q", tc.env, tc.args, o.gomaxprocs, o.gomaxprocsFrom, tc.want, tc.from)
		}
	}
	withEnv(t, "2000")
	if _, stderr, code := runFlags(t, "x.go"); code != 2 || !strings.Contains(stderr, "GOMAXPROCS=2000 in the environment") {
		t.Errorf("GOMAXPROCS=2000: exit %d, %q", code, stderr)
	}
	if _, stderr, code := runFlags(t, "x.go", "--ncpu", "0"); code != 2 || !strings.Contains(stderr, "--ncpu 0: want 1 to 65536") {
		t.Errorf("--ncpu 0: exit %d, %q", code, stderr)
	}
}

// The header says what is in force, and where GOMAXPROCS came from when
// it is the environment's; runtime.NumCPU() is --ncpu.
func TestNCPUAndHeader(t *testing.T) {
	dir := t.TempDir()
	src := filepath.Join(dir, "cpus.go")
	os.WriteFile(src, []byte("package main\n\nimport (\n\t\"fmt\"\n\t\"runtime\"\n)\n\nfunc main() { fmt.Println(runtime.NumCPU(), runtime.GOMAXPROCS(0)) }\n"), 0o644)
	withEnv(t, "3")
	r := gmplab(t, "run "+src+" --ncpu 6")
	if first, _, _ := strings.Cut(r.stdout, "\n"); first != "# "+src+": GOMAXPROCS=3 (from $GOMAXPROCS) ncpu=6 seed=1 layers=stacks,procs,steal,sysmon,preempt,netpoll,gc" {
		t.Errorf("header %q", first)
	}
	if r := gmplab(t, "run "+src+" --ncpu 6 --quiet"); r.stdout != "6 3\n" {
		t.Errorf("NumCPU, GOMAXPROCS(0) = %q, want 6 3", r.stdout)
	}
	lookupEnv = func(string) (string, bool) { return "", false }
	if r := gmplab(t, "run "+src+" --ncpu 2 --quiet"); r.stdout != "2 2\n" {
		t.Errorf("--ncpu 2: %q, want 2 2", r.stdout)
	}
}

// gmplab run --ncpu 2 prints what go run prints on a 2-CPU machine
// (taskset -c 0,1) for a program that sets GOMAXPROCS to 1 and then spawns
// 258 goroutines (debug.go: GOMAXPROCS; proc.go: procresize, runqputslow).
// The real start-up at two Ps is a race between threads, which decides
// P0's schedtick and so where the 61-tick fairness check takes a global G:
// on a quiet 2-core machine about half the runs print exactly gmplab's
// output, fewer under load (and some runs are interrupted by other
// threads). The test passes on an exact match within 30 runs; failing
// that, on a run that agrees with gmplab once the 61-tick phase is set
// aside: the Gs that stayed on P0 (runnext 257, then the ring 128..255) and
// those that overflowed to the global queue (0..127, then 256) each run in
// the same order.
func TestGOMAXPROCSOneThen258OnTwoCPUs(t *testing.T) {
	if testing.Short() {
		t.Skip("builds with the go command; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	taskset, err := exec.LookPath("taskset")
	if err != nil {
		t.Skip("taskset is not on PATH: cannot emulate a 2-CPU machine")
	}
	src := filepath.Join(repoRoot, "cmd/gmplab/cli/testdata/real/gomaxprocs258.go")
	exe := filepath.Join(t.TempDir(), "gomaxprocs258")
	if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	sim := gmplab(t, "run "+src+" --ncpu 2 --quiet")
	if sim.code != 0 || sim.stderr != "" {
		t.Fatalf("gmplab: exit %d: %s", sim.code, sim.stderr)
	}
	var outs []string
	for i := 0; i < 30; i++ {
		cmd := exec.Command(taskset, "-c", "0,1", exe)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Run(); err != nil {
			if strings.Contains(stderr.String(), "sched_setaffinity") {
				t.Skip("taskset cannot pin to CPUs 0 and 1 here")
			}
			t.Fatalf("taskset -c 0,1 %s: %v\n%s", exe, err, stderr.String())
		}
		if stdout.String() == sim.stdout {
			return
		}
		outs = append(outs, stdout.String())
	}
	t.Logf("no exact match in %d real runs (the start-up race); comparing without the 61-tick phase", len(outs))
	want := splitByQueue(sim.stdout)
	for _, out := range outs {
		if splitByQueue(out) == want {
			return
		}
	}
	if load, busy := hostload.Busy(); busy {
		t.Skipf("in %d runs the real runtime never ran the Gs in gmplab's order, on a host with load average %.1f: not a fair comparison", len(outs), load)
	}
	t.Errorf("in %d runs the real runtime never ran the Gs in gmplab run --ncpu 2's order, even setting the 61-tick phase aside:\ngmplab:\n%s\nfirst real run:\n%s", len(outs), sim.stdout, outs[0])
}

// splitByQueue separates the run order printed by gomaxprocs258.go into
// the Gs that stayed on P0 (128..255 and 257) and the others, in order.
func splitByQueue(out string) string {
	first, rest, _ := strings.Cut(out, "\n")
	var local, global []string
	for _, f := range strings.Fields(rest) {
		if n, err := strconv.Atoi(f); err == nil && (n >= 128 && n < 256 || n == 257) {
			local = append(local, f)
		} else {
			global = append(global, f)
		}
	}
	return first + "\nlocal: " + strings.Join(local, " ") + "\nglobal: " + strings.Join(global, " ")
}
