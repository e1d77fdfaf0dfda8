package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// GODEBUG=asyncpreemptoff=1 as Go honours it (proc.go: preemptone sends no
// signal), with the preemption points where the compiler puts them
// (lang/inline): at GOMAXPROCS=1 a busy loop calling an inlined function
// or a //go:noinline leaf keeps the P until it ends, and one calling a
// non-leaf function is preempted at its prologue, so a 1 ms sleeper wakes
// during it. testdata/preemptoff/loop.go runs each loop; gmplab run must
// print what the real runtime prints, with and without the setting.
//
// The real loops run 15 times longer than the simulated ones (3e8
// iterations, about a second of CPU, against 2e7: 37 ms of virtual time
// for the cheapest, the inlined loop, with the go/ssa front end's code):
// long enough that sysmon, which preempts a goroutine after 10 ms, acts
// during them however loaded the machine is. The simulated loop must
// outlast two slices: the first preemption only lets the sleeper start
// its 1 ms sleep; the second, 10 ms later, lets it wake. The outcome
// does not depend on the length once it is past that.
func TestAsyncPreemptOffAsRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs of a second each; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot compare with the real runtime")
	}
	src := filepath.Join(repoRoot, "cmd/gmplab/cli/testdata/preemptoff/loop.go")
	exe := filepath.Join(t.TempDir(), "loop")
	if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	// The simulated loops run long enough in virtual time for sysmon to
	// preempt them (more than 20 ms: its 10 ms forcePreemptNS, seen on
	// its next pass): an inlined call costs nothing (the compiler's
	// code has no call), so that loop needs more iterations than the
	// others for the same time (34.5 ms at 5e7; leaf and nonleaf take 37
	// and 61 ms at 2e7).
	simIters := map[string]string{"inlined": "50000000", "leaf": "20000000", "nonleaf": "20000000"}
	for _, godebug := range []string{"asyncpreemptoff=1", ""} {
		for _, mode := range []string{"inlined", "leaf", "nonleaf"} {
			t.Run(mode+"/"+godebug, func(t *testing.T) {
				withGodebug(t, godebug)
				sim := gmplab(t, "run "+src+" --gomaxprocs 1 --quiet -- "+mode+" "+simIters[mode])
				cmd := exec.Command(exe, mode, "300000000")
				cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GODEBUG="+godebug)
				var out bytes.Buffer
				cmd.Stdout, cmd.Stderr = &out, &out
				if err := cmd.Run(); err != nil {
					t.Fatalf("the real run: %v\n%s", err, out.String())
				}
				if sim.code != 0 || sim.stdout != out.String() {
					if load, busy := hostload.Busy(); busy {
						t.Skipf("on a host with load average %.1f the real run printed %q, gmplab %q", load, out.String(), sim.stdout)
					}
					t.Errorf("GODEBUG=%s: gmplab printed %q (exit %d, %s), the real runtime %q", godebug, sim.stdout, sim.code, sim.stderr, out.String())
				}
			})
		}
	}
}

// withGodebug makes gmplab see GODEBUG=v in the environment for the test.
func withGodebug(t *testing.T, v string) {
	t.Helper()
	old := lookupEnv
	lookupEnv = func(k string) (string, bool) {
		if k == "GODEBUG" {
			return v, true
		}
		return "", false
	}
	t.Cleanup(func() { lookupEnv = old })
}
