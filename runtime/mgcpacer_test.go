package runtime

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// mgcpacer.go: gcControllerState.startCycle rounds 25% of GOMAXPROCS to
// whole dedicated workers, and when that is more than 30% off (GOMAXPROCS
// ≤ 3, and 6) takes one fewer if it rounded up and gives the rest to the
// fractional worker. The table is worked out from the source's formula
// by hand.
func TestGCWorkerSplit(t *testing.T) {
	for _, c := range []struct {
		procs      int
		dedicated  int64
		fractional float64
	}{
		{1, 0, 0.25}, {2, 0, 0.25}, {3, 0, 0.25}, {4, 1, 0}, {5, 1, 0},
		{6, 1, 0.5 / 6}, {7, 2, 0}, {8, 2, 0}, {10, 3, 0}, {16, 4, 0}, {64, 16, 0},
	} {
		d, f := gcWorkerSplit(c.procs)
		if d != c.dedicated || f < c.fractional-1e-9 || f > c.fractional+1e-9 {
			t.Errorf("GOMAXPROCS=%d: %d dedicated, fractional goal %.4f; want %d, %.4f", c.procs, d, f, c.dedicated, c.fractional)
		}
	}
}

// mgcpacer.go: gcControllerState.startCycle bounds the idle mark workers
// by the Ps the dedicated ones leave (setMaxIdleMarkWorkers(procs -
// dedicated)), and for a periodic cycle (gcTriggerTime) to none beside a
// dedicated worker and to one without, so that something marks.
func TestStartCycleWorkers(t *testing.T) {
	for _, c := range []struct {
		procs    int32
		periodic bool
		want     GCWorkers
	}{
		{1, false, GCWorkers{0, 0.25, 1}},
		{4, false, GCWorkers{1, 0, 3}},
		{6, false, GCWorkers{1, 0.5 / 6, 5}},
		{8, false, GCWorkers{2, 0, 6}},
		{2, true, GCWorkers{0, 0.25, 1}},
		{4, true, GCWorkers{1, 0, 0}},
		{8, true, GCWorkers{2, 0, 0}},
	} {
		if got := startCycleWorkers(c.procs, c.periodic); got != c.want {
			t.Errorf("GOMAXPROCS=%d periodic=%v: %+v, want %+v", c.procs, c.periodic, got, c.want)
		}
	}
}

// mgcpacer.go: readGOGC and readGOMEMLIMIT (string.go: parseByteCount)
// read the environment as the real runtime does: a real program prints
// the GOGC and GOMEMLIMIT it started with (debug.SetGCPercent and
// debug.SetMemoryLimit return them), or dies of a malformed GOMEMLIMIT
// with exit status 2.
func TestReadGOGCAndGOMEMLIMITAgainstRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a real program")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go toolchain")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "env.go")
	const prog = `package main

import (
	"fmt"
	"runtime/debug"
)

func main() {
	fmt.Println(debug.SetGCPercent(100), debug.SetMemoryLimit(-1))
}
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	bin := filepath.Join(dir, "env")
	if out, err := exec.Command(gobin, "build", "-o", bin, src).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	for _, c := range []struct{ gogc, limit string }{
		{"", ""}, {"off", "off"}, {"50", "100MiB"}, {"0", "1GiB"}, {"-1", "4096"},
		{"junk", "12B"}, {"200", "3KiB"}, {"300", "1TiB"}, {"100", "10MB"},
		{"100", "-5"}, {"100", "5kiB"}, {"100", "99999999999TiB"},
	} {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "GOGC="+c.gogc, "GOMEMLIMIT="+c.limit)
		out, err := cmd.CombinedOutput()
		limit, ok := readGOMEMLIMIT(c.limit)
		if !ok {
			ee, isExit := err.(*exec.ExitError)
			if !isExit || ee.ExitCode() != 2 || !strings.Contains(string(out), malformedGOMEMLIMIT(c.limit).Error()) {
				t.Errorf("GOMEMLIMIT=%q: the model finds it malformed; the real runtime says %v: %q", c.limit, err, out)
			}
			continue
		}
		if err != nil {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: the real runtime: %v: %q (the model reads %d)", c.gogc, c.limit, err, out, limit)
			continue
		}
		want := strconv.Itoa(int(readGOGC(c.gogc))) + " " + strconv.FormatInt(limit, 10) + "\n"
		if string(out) != want {
			t.Errorf("GOGC=%q GOMEMLIMIT=%q: the real runtime prints %q, the model reads %q", c.gogc, c.limit, out, want)
		}
	}
}

// mgc.go: fmtNSAsMS prints gctrace's times: whole milliseconds from 10 ms,
// else two significant digits with at most three decimals (the values
// worked out from the source by hand).
func TestFmtNSAsMS(t *testing.T) {
	for ns, want := range map[uint64]string{
		0: "0", 999: "0", 13_430: "0.013", 80_000: "0.080", 150_000: "0.15",
		1_234_567: "1.2", 9_999_999: "9.9", 10_000_000: "10", 123_456_789: "123",
	} {
		if got := string(fmtNSAsMS(nil, ns)); got != want {
			t.Errorf("fmtNSAsMS(%d) = %q, want %q", ns, got, want)
		}
	}
}
