package cli

import (
	"path/filepath"
	"strings"
	"testing"
)

// Lessons 02, 03 and 06 say what the model's start-up picks and that the
// real one is a race. The model (runtime.main's goroutines readied from
// the last P: docs/assumptions.md, "Start-up"; runtime/proc.go: main,
// runtime/mgc.go: gcenable) always starts main.main on P(n-1) when
// GOMAXPROCS > 1, and its first go statement makes G19: that is checked
// here, exactly. The real side (lessons/02-procs/real/start.go over twenty
// runs at GOMAXPROCS=4: neither is the same in every run) is lesson 02's
// runs cell, which its lesson test runs.
func TestModelStartupPicksPnMinus1AndG19(t *testing.T) {
	sim := gmplab(t, "run "+filepath.Join(repoRoot, "lessons/02-procs/runq.go")+" --gomaxprocs 4")
	if sim.code != 0 {
		t.Fatalf("gmplab run runq.go: exit %d\n%s", sim.code, sim.stderr)
	}
	mainP, firstG := modelStart(sim.stdout)
	if mainP != "P3" || firstG != "G19" {
		t.Errorf("the model starts main.main on %s with first goroutine %s; the lessons say P3 (P(n-1)) and G19", mainP, firstG)
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
