package runtime_test

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// spanScanSrc keeps n 64-byte nodes with one pointer each, in a table of
// pointers or in a linked list, forces a cycle and prints the heap scan
// work that cycle did (/gc/scan/heap:bytes: gcControllerState.heapScan,
// which resetLive sets to the mark's heapScanWork).
// The simulator's version leaves the metric out (its runtime/metrics has
// no /gc/scan figures): its figure is read from the machine.
func spanScanSrc(n int, table, real bool) string {
	read, imp := "", ""
	if real {
		imp = "\n\t\"runtime/metrics\""
		read = `s := []metrics.Sample{{Name: "/gc/scan/heap:bytes"}}
	metrics.Read(s)
	println("heap scan work", s[0].Value.Uint64())`
	}
	build := "for i := 0; i < n; i++ { list = &node{next: list} }"
	if table {
		build = "table = make([]*node, n); for i := range table { table[i] = &node{} }"
	}
	return fmt.Sprintf(`package main

import (
	"runtime"
	"runtime/debug"%s
)

type node struct {
	next *node
	pad  [7]int
}

const n = %d

var table []*node
var list *node

func main() {
	debug.SetGCPercent(-1)
	%s
	runtime.GC()
	%s
}
`, imp, n, build, read)
}

// Green Tea's span scans against the real runtime (scanSpan: a span's
// objects greyed together are scanned densely and count their whole
// size; scanObjectsSmall, scanObjectSmall: one by one, up to the last
// pointer): 100,000 nodes in a table are about 64 bytes of heap scan work
// each on both, in a linked list about 8. The simulator's figure is its
// pacer's heapScan after the forced cycle; both include the runtime's own
// heap objects, so they agree within 15%. The figures do not depend on the
// host's load (a count of bytes, not of time).
func TestSpanScanWorkAgainstRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs real programs")
	}
	gobin, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go toolchain to build the real program")
	}
	const n = 100_000
	for _, c := range []struct {
		name   string
		table  bool
		perObj float64
	}{{"table", true, 64}, {"list", false, 8}} {
		t.Run(c.name, func(t *testing.T) {
			prog, err := lang.Compile("scan.go", []byte(spanScanSrc(n, c.table, false)))
			if err != nil {
				t.Fatal(err)
			}
			mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, Layers: runtime.AllLayers})
			if err != nil {
				t.Fatal(err)
			}
			mc.Run(func(*runtime.Event) {})
			if ex := mc.Exit(); ex.Code != 0 {
				t.Fatalf("simulator: %+v", ex)
			}
			sim := float64(mc.HeapScan())
			dir := t.TempDir()
			file := filepath.Join(dir, "scan.go")
			if err := os.WriteFile(file, []byte(spanScanSrc(n, c.table, true)), 0o644); err != nil {
				t.Fatal(err)
			}
			bin := filepath.Join(dir, "scan")
			if out, err := exec.Command(gobin, "build", "-o", bin, file).CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			cmd := exec.Command(bin)
			cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%v\n%s", err, out)
			}
			f := strings.Fields(strings.TrimSpace(string(out)))
			real, err := strconv.ParseFloat(f[len(f)-1], 64)
			if err != nil {
				t.Fatalf("real output %q", out)
			}
			t.Logf("%s of %d nodes: heap scan work %.0f B on the simulator, %.0f B real (%.1f and %.1f a node)", c.name, n, sim, real, sim/n, real/n)
			if real < c.perObj*n*0.9 || real > c.perObj*n*1.3 {
				t.Errorf("real: %.0f B of heap scan work for %d nodes, want about %.0f a node", real, n, c.perObj)
			}
			if d := sim/real - 1; d < -0.15 || d > 0.15 {
				t.Errorf("simulator %.0f B against real %.0f B: %.0f%% apart, want within 15%%", sim, real, 100*d)
			}
		})
	}
}
