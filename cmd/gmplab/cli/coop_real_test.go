package cli

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// Lesson 05's cooperative-preemption demo holds on the real compiler and
// runtime: coop.go's loop calls main.step, a //go:noinline non-leaf
// function, so the compiler gives step a prologue check (the stack check
// morestack answers), and with GODEBUG=asyncpreemptoff=1 (proc.go:
// preemptone sends no signal) that check alone lets sysmon's preemptone
// stop the loop (stack.go: newstack → gopreempt_m): the first loop to
// finish says both loops had started. The control is the lesson's
// try-this 3, step made a leaf: the compiler makes it NOSPLIT, so with
// asyncpreemptoff=1 nothing stops the loop and the first to finish says
// false, on the model and on the real runtime alike. The test fails if the
// compiler stops giving step its check, or if the model and Go disagree.
//
// The real loops run 25 times longer than the simulated ones (1e8
// iterations, a few hundred ms of CPU, against 4e6): well past sysmon's
// 10 ms however loaded the machine is.
func TestCoopPreemptedAsRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs programs of about a second; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot compare with the real runtime")
	}
	dir := t.TempDir()
	coop := filepath.Join(repoRoot, "lessons/05-preempt/coop.go")
	text, err := os.ReadFile(coop)
	if err != nil {
		t.Fatal(err)
	}
	const nonleaf = "func step(i int) int { return leaf(i) + leaf(i+1) }"
	if !bytes.Contains(text, []byte(nonleaf)) {
		t.Fatalf("coop.go no longer has %q: update this test", nonleaf)
	}
	leafSrc := filepath.Join(dir, "coopleaf.go")
	leafText := bytes.Replace(text, []byte(nonleaf), []byte("func step(i int) int { return i & 7 }"), 1)
	if err := os.WriteFile(leafSrc, leafText, 0o644); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name, src, godebug, simArgs string
		preempted                   bool
	}{
		{"coop/asyncpreemptoff=1", coop, "asyncpreemptoff=1", "", true},
		{"coop/async", coop, "", "", true},
		// The leaf loop is cheaper: 2e7 iterations make it 37 ms of
		// virtual time, so that only the missing check can keep it
		// from being preempted.
		{"leaf/asyncpreemptoff=1", leafSrc, "asyncpreemptoff=1", " -- 20000000", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			exe := filepath.Join(dir, strings.ReplaceAll(c.name, "/", "_"))
			if out, err := exec.Command(gocmd, "build", "-o", exe, c.src).CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			withGodebug(t, c.godebug)
			sim := gmplab(t, "run "+c.src+" --gomaxprocs 1 --quiet"+c.simArgs)
			if got, ok := firstDoneSaysBoth(sim.stdout); sim.code != 0 || !ok || got != c.preempted {
				t.Fatalf("gmplab: want the first loop preempted = %v (exit %d):\n%s%s", c.preempted, sim.code, sim.stdout, sim.stderr)
			}
			cmd := exec.Command(exe, "100000000")
			cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GODEBUG="+c.godebug)
			var out bytes.Buffer
			cmd.Stdout, cmd.Stderr = &out, &out
			if err := cmd.Run(); err != nil {
				t.Fatalf("the real run: %v\n%s", err, out.String())
			}
			if got, ok := firstDoneSaysBoth(out.String()); !ok || got != c.preempted {
				if load, busy := hostload.Busy(); busy {
					t.Skipf("on a host with load average %.1f the real run printed %q", load, out.String())
				}
				t.Errorf("GODEBUG=%s: want the first loop preempted = %v; the real runtime printed:\n%s", c.godebug, c.preempted, out.String())
			}
		})
	}
}

// firstDoneSaysBoth reads coop.go's first line, "loop N done; both loops
// had started: B", and returns B (ok is false if the line is not there).
func firstDoneSaysBoth(out string) (both, ok bool) {
	first, _, _ := strings.Cut(out, "\n")
	_, b, found := strings.Cut(first, " done; both loops had started: ")
	if !found || (b != "true" && b != "false") {
		return false, false
	}
	return b == "true", true
}
