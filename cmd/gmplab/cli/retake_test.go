package cli

import (
	"regexp"
	"strconv"
	"testing"
)

// proc.go: retake in the model: nanotime() counts from the machine's boot
// and a P's sysmontick starts at zero, so a P's first system call is taken
// at sysmon's first look even with nothing waiting and a P idle; after one
// earlier call the first look only records the syscalltick and the P stays
// attached until 10 ms after it. lessons/04-sysmon/first.go (no earlier
// call) is retaken at sysmon's first look, idle.go (one earlier call) 10
// ms after it, exactly. The real runtime's side is lesson 04's runs cell
// (lessons/04-sysmon/real/firstsyscall.go over twenty runs), which its
// lesson test runs.
func TestRetakeFirstSyscallModel(t *testing.T) {
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
}
