package lang

import (
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/gmplab/gmplab/internal/hostload"
	"github.com/gmplab/gmplab/runtime"
)

// The compute kernels (testdata/kernels, README.md there): ordinary Go
// programs that spend their time computing, run natively and on gmplab.
// TestKernelVirtualTime checks issue 17's claim about virtual CPU time:
// gmplab's virtual CPU time for a kernel is within a factor of 2 of the
// native binary's CPU time for every kernel, and within 25% in geometric
// mean. BenchmarkKernels (kernels_bench_test.go) prints the whole table at
// the kernels' full sizes.

// A kernel and the sizes it runs at: full is its default (no arguments),
// test is what TestKernelVirtualTime runs (tens of ms natively, a second
// or two on gmplab).
type kernel struct {
	name string
	test []string
}

var kernels = []kernel{
	{"loop", []string{"20000000"}},
	{"fib", []string{"28"}},
	{"closures", []string{"3000000"}},
	{"sieve", []string{"3000000"}},
	{"matmul", []string{"130"}},
	{"maps", []string{"60000"}},
	{"strs", []string{"60000"}},
	{"sorting", []string{"40000"}},
	{"structs", []string{"2000000"}},
	{"iface", []string{"3000000"}},
	{"stealing", []string{"100", "200000"}},
}

var kernelsForce = flag.Bool("kernels-force", false, "run TestKernelVirtualTime even on a busy host")

// nativeKernels builds every kernel with the go command, once per test
// binary, into a temporary directory; it returns the directory, or why it
// could not.
var nativeKernels = sync.OnceValues(func() (string, error) {
	if _, err := exec.LookPath("go"); err != nil {
		return "", fmt.Errorf("the go command is not installed: %v", err)
	}
	dir, err := os.MkdirTemp("", "gmplab-kernels")
	if err != nil {
		return "", err
	}
	for _, k := range append(kernels, kernel{name: "empty"}) {
		src := filepath.Join("testdata", "kernels", k.name+".go")
		if k.name == "empty" {
			src = filepath.Join(dir, "empty.go")
			if err := os.WriteFile(src, []byte("package main\n\nfunc main() {}\n"), 0o644); err != nil {
				return "", err
			}
		}
		if out, err := exec.Command("go", "build", "-o", filepath.Join(dir, k.name), src).CombinedOutput(); err != nil {
			return "", fmt.Errorf("go build %s: %v\n%s", src, err, out)
		}
	}
	return dir, nil
})

// nativeCPU runs a kernel's binary runs times and returns the least CPU
// time (user + system, from the child's rusage) one took, and its output.
func nativeCPU(dir, name string, args []string, runs int) (time.Duration, string, error) {
	best := time.Duration(math.MaxInt64)
	var out []byte
	for range runs {
		cmd := exec.Command(filepath.Join(dir, name), args...)
		var err error
		if out, err = cmd.Output(); err != nil {
			return 0, "", fmt.Errorf("%s %s: %v", name, strings.Join(args, " "), err)
		}
		if d := cmd.ProcessState.UserTime() + cmd.ProcessState.SystemTime(); d < best {
			best = d
		}
	}
	return best, string(out), nil
}

// nativeKernelCPU is nativeCPU less what an empty program costs (the
// runtime's start-up and exit).
func nativeKernelCPU(dir, name string, args []string, runs int) (time.Duration, string, error) {
	d, out, err := nativeCPU(dir, name, args, runs)
	if err != nil {
		return 0, "", err
	}
	empty, _, err := nativeCPU(dir, "empty", nil, runs)
	if err != nil {
		return 0, "", err
	}
	return max(d-empty, time.Microsecond), out, nil
}

// simResult is a kernel's run on gmplab.
type simResult struct {
	out     string        // what it printed on stdout
	cpu     int64         // the virtual CPU time of its Go code, ns (runtime.Stats.CPU)
	elapsed int64         // the virtual time at its exit, ns
	host    time.Duration // gmplab's own CPU time: compiling and simulating
	setup   time.Duration // the part of host before the run: compiling (CompileFile) and runtime.New
}

// processCPU is this process's CPU time so far (user + system).
func processCPU() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// simulateKernel compiles and runs a kernel on gmplab with the default
// configuration and limits (those of `gmplab run`).
func simulateKernel(name string, args []string) (simResult, error) {
	start := processCPU()
	prog, err := CompileFile(filepath.Join("testdata", "kernels", name+".go"))
	if err != nil {
		return simResult{}, err
	}
	mc, err := runtime.New(prog, runtime.Config{Seed: 1})
	if err != nil {
		return simResult{}, err
	}
	mc.SetArgs(args)
	setup := processCPU() - start
	var out strings.Builder
	ex := mc.Run(func(ev *runtime.Event) {
		if ev.Kind == runtime.EvPrint && ev.Arg1 != 1 {
			out.WriteString(ev.Text)
		}
	})
	if ex == nil || ex.Code != 0 {
		return simResult{}, fmt.Errorf("gmplab run %s -- %s: %+v", name, strings.Join(args, " "), ex)
	}
	return simResult{out: out.String(), cpu: mc.Stats().CPU, elapsed: mc.Now(), host: processCPU() - start, setup: setup}, nil
}

// geomean is the geometric mean of xs.
func geomean(xs []float64) float64 {
	s := 0.0
	for _, x := range xs {
		s += math.Log(x)
	}
	return math.Exp(s / float64(len(xs)))
}

// Issue 17, point 4: on the kernels, gmplab's virtual CPU time is within a
// factor of 2 of the native binary's CPU time for each kernel and within
// 25% in geometric mean. The costs come from vm/cost.go's measurements of
// single operations (and BenchmarkCostMatmulRow's check of matmul's inner
// loop), not from these kernels. The native side is the best of five runs
// less an empty program's CPU time; the host must be quiet (a loaded host
// slows the native side more than it slows nothing virtual).
//
// The sizes are the kernels' test sizes, a working set of at most a few
// MB. At their full sizes (BenchmarkKernels) two kernels' working sets
// outgrow the caches: maps' 1e6-key map and sieve's 3e7-element []bool,
// whose native time per element about doubles from the test size to the
// full one while the model charges an access the same at any size (maps
// but for mapCost's growth with the map's size). At the full sizes
// (virtual time against the native CPU time of BenchmarkKernels, best of
// three at load 10) maps is 0.40x and sieve 0.46x, under the bound;
// matmul 1.56x, stealing 1.76x (the others 0.86x-1.6x, measured before
// psIndex went from 300 to 80 ps, which lowers some). At the test sizes
// (measured at load 10-55 with -kernels-force) every kernel is within
// 0.64x-1.48x, geometric mean 0.98-1.02.
// Modelling the caches is not done (docs/assumptions.md, "Virtual CPU
// time"), so the test holds the bound at the test sizes only.
func TestKernelVirtualTime(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every kernel natively and on gmplab (-short)")
	}
	if load, busy := hostload.Busy(); busy && !*kernelsForce {
		t.Skipf("host load %.1f: the native CPU times would be inflated (-kernels-force to run anyway)", load)
	}
	dir, err := nativeKernels()
	if err != nil {
		t.Skip(err)
	}
	var ratios []float64
	var table strings.Builder
	fmt.Fprintf(&table, "%-10s %12s %12s %8s\n", "kernel", "native CPU", "virtual CPU", "ratio")
	for _, k := range kernels {
		native, want, err := nativeKernelCPU(dir, k.name, k.test, 5)
		if err != nil {
			t.Fatal(err)
		}
		sim, err := simulateKernel(k.name, k.test)
		if err != nil {
			t.Fatal(err)
		}
		if sim.out != want {
			t.Errorf("%s: gmplab printed %q, go printed %q", k.name, sim.out, want)
		}
		r := float64(sim.cpu) / float64(native.Nanoseconds())
		if r < 0.5 || r > 2 {
			// A busy host only adds to a native run's CPU time (another
			// process's threads sharing the core's caches, a GC worker of
			// the kernel's own descheduled and rescheduled): a ratio out
			// of bounds is measured again over more runs before it
			// counts. Seen in CI beside other test binaries: fib's best
			// of five 3.7 ms where a quiet host measures 2.5 ms.
			again, _, err := nativeKernelCPU(dir, k.name, k.test, 15)
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("%s: %.2fx with the native CPU %v over 5 runs; measured again over 15: %v", k.name, r, native, again)
			native = min(native, again)
			r = float64(sim.cpu) / float64(native.Nanoseconds())
		}
		ratios = append(ratios, r)
		fmt.Fprintf(&table, "%-10s %12v %12v %8.2f\n", k.name, native, time.Duration(sim.cpu), r)
		if r < 0.5 || r > 2 {
			t.Errorf("%s: virtual CPU %v is %.2fx the native CPU %v: want within a factor of 2", k.name, time.Duration(sim.cpu), r, native)
		}
	}
	g := geomean(ratios)
	fmt.Fprintf(&table, "%-10s %12s %12s %8.2f\n", "geomean", "", "", g)
	t.Logf("\n%s", table.String())
	if g < 0.75 || g > 1.25 {
		t.Errorf("geometric mean of virtual/native CPU %.2f: want within 25%% of 1", g)
	}
}
