package runtime

import (
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
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

// growSrc keeps every node it makes (24 bytes of pointers in 64) and
// drops a noscan 1 KB array each time: all the scannable heap is live.
const growSrc = `package main

type node struct {
	next, a, b *node
	pad        [5]int
}

var list *node
var sink []int

func main() {
	for i := 0; i < 60_000; i++ {
		list = &node{next: list}
		sink = make([]int, 128)
	}
}
`

// mgcpacer.go: gcControllerState.update adds the scannable bytes of
// what is allocated to heapScan only while gcBlackenEnabled is 0, and
// resetLive sets it to the mark's heap scan work: what a mark allocates
// black is not in the next cycle's heapScan, though that cycle scans it.
// With every pointer-holding object live, each mark's heap scan work
// exceeds its heapScan by exactly the scannable bytes the last mark
// allocated (24 a node: heapSetTypeNoHeader's scanSize, up to the last
// pointer), so a growing heap's work passes revise's worst case.
func TestGCHeapScanExcludesBlackAllocation(t *testing.T) {
	prog, err := lang.Compile("grow.go", []byte(growSrc))
	if err != nil {
		t.Fatal(err)
	}
	mc, err := New(prog, Config{GOMAXPROCS: 1, Layers: AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	type cycle struct{ heapScan, work, scanAtStart, scanAtEnd uint64 }
	var cycles []cycle
	var cur cycle
	mc.Run(func(ev *Event) {
		switch ev.Kind {
		case EvStartTheWorld:
			if mc.gc.phase == _GCmark && cur.heapScan == 0 {
				cur.heapScan = mc.gc.ctl.heapScan
				cur.scanAtStart = mc.vm.HeapStats().ScanAlloc
			}
		case EvGCMarkTermination:
			cur.work = mc.gc.ctl.lastHeapScan // resetLive: this mark's heap scan work
			cur.scanAtEnd = mc.gc.scanBase
			cycles = append(cycles, cur)
			cur = cycle{}
		}
	})
	if len(cycles) < 5 {
		t.Fatalf("%d cycles; want several", len(cycles))
	}
	exceeded := 0
	for i := 1; i < len(cycles); i++ {
		prev, c := cycles[i-1], cycles[i]
		// update's heapScan: the last mark's work and what was allocated
		// between that mark's end and this one's start.
		if want := prev.work + c.scanAtStart - prev.scanAtEnd; c.heapScan != want {
			t.Errorf("cycle %d: heapScan %d, want the last work %d + %d allocated outside the mark", i+1, c.heapScan, prev.work, c.scanAtStart-prev.scanAtEnd)
		}
		// The work: heapScan and what the last mark allocated black.
		black := prev.scanAtEnd - prev.scanAtStart
		if c.work != c.heapScan+black {
			t.Errorf("cycle %d: heap scan work %d, want heapScan %d + %d allocated black in the last mark", i+1, c.work, c.heapScan, black)
		}
		if black > 0 && black%24 != 0 {
			t.Errorf("cycle %d: %d bytes allocated black, not whole nodes of 24 scannable bytes", i, black)
		}
		if c.work > c.heapScan {
			exceeded++
		}
	}
	if exceeded == 0 {
		t.Errorf("no mark's work passed its heapScan: %+v", cycles)
	}
}

// markCPU: a mark's CPU is CostGCScanObject for each object that holds
// pointers and its scan work at GCScanBytesPerUs (BenchmarkCostGCScan);
// markWorkNs spreads it over the cycle's scan work, and markWorkDone is
// its inverse.
func TestGCMarkCPU(t *testing.T) {
	if got, want := markCPU(1000, 24_000), int64(1000*CostGCScanObject+(24_000*1000+GCScanBytesPerUs-1)/GCScanBytesPerUs); got != want {
		t.Errorf("markCPU(1000 objects, 24000 B) = %d, want %d", got, want)
	}
	mc := &Machine{}
	mc.gc.nsPerWork = float64(markCPU(1000, 24_000)) / 24_000
	if got, want := mc.markWorkNs(24_000), markCPU(1000, 24_000); got != want {
		t.Errorf("markWorkNs(all the work) = %d, want the cycle's mark CPU %d", got, want)
	}
	if got := mc.markWorkDone(mc.markWorkNs(12_000)); got < 11_999 || got > 12_001 {
		t.Errorf("markWorkDone(markWorkNs(12000)) = %d", got)
	}
}
