package lang

import (
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"
)

var (
	kernelSize = flag.String("kernels-size", "full", "BenchmarkKernels: the kernels' size, full (their defaults: 0.1-0.8 s natively) or test (TestKernelVirtualTime's)")
	kernelRuns = flag.Int("kernels-runs", 3, "BenchmarkKernels: native runs of each kernel (the least CPU time counts)")
)

// BenchmarkKernels is issue 17's table: each compute kernel
// (testdata/kernels) built with the go command and run natively, and
// compiled and run on gmplab, in the same run:
//
//	go test ./lang -run '^$' -bench Kernels -benchtime 1x
//
// For each kernel it reports the native binary's CPU time (user + system
// from rusage, the least of -kernels-runs runs, less an empty program's),
// gmplab's CPU time (compiling and simulating, in this process, from
// rusage: what a user of gmplab run waits for), the part of it that is
// set-up (compiling and runtime.New), gmplab's CPU time over the native
// (issue 17's ratio), the ratio of the run alone (gmplab's CPU time
// less the set-up), gmplab's virtual CPU time (what the kernel's Go code
// cost in the model: runtime.Stats.CPU) and its ratio to the native CPU
// time; then the geometric means, and the whole table on stdout. The
// first kernel's set-up includes the one-time loading of gmplab's
// library (loadSSALib: parsing and type-checking the source of every
// package it offers), which a later kernel of the same process finds
// done: each gmplab run pays it once. Without the go command it skips.
func BenchmarkKernels(b *testing.B) {
	dir, err := nativeKernels()
	if err != nil {
		b.Skip(err)
	}
	type row struct {
		name                           string
		native, host, setup            time.Duration
		virt                           time.Duration
		hostRatio, runRatio, virtRatio float64
	}
	var rows []row
	for _, k := range kernels {
		args := []string(nil) // the defaults: full size
		switch *kernelSize {
		case "test":
			args = k.test
		case "full":
		default:
			b.Fatalf("-kernels-size %q: want full or test", *kernelSize)
		}
		b.Run(k.name, func(b *testing.B) {
			var r row
			for range b.N {
				native, want, err := nativeKernelCPU(dir, k.name, args, *kernelRuns)
				if err != nil {
					b.Fatal(err)
				}
				sim, err := simulateKernel(k.name, args)
				if err != nil {
					b.Fatal(err)
				}
				if sim.out != want {
					b.Fatalf("gmplab printed %q, go printed %q", sim.out, want)
				}
				r = row{name: k.name, native: native, host: sim.host, setup: sim.setup, virt: time.Duration(sim.cpu)}
			}
			r.hostRatio = r.host.Seconds() / r.native.Seconds()
			r.runRatio = (r.host - r.setup).Seconds() / r.native.Seconds()
			r.virtRatio = r.virt.Seconds() / r.native.Seconds()
			b.ReportMetric(r.native.Seconds(), "native-cpu-s")
			b.ReportMetric(r.host.Seconds(), "gmplab-cpu-s")
			b.ReportMetric(r.setup.Seconds(), "setup-cpu-s")
			b.ReportMetric(r.hostRatio, "cpu-x")
			b.ReportMetric(r.runRatio, "run-cpu-x")
			b.ReportMetric(r.virt.Seconds(), "virtual-s")
			b.ReportMetric(r.virtRatio, "virtual-x")
			rows = append(rows, r)
		})
	}
	if len(rows) == 0 {
		return
	}
	var hostRatios, runRatios, virtRatios []float64
	var t strings.Builder
	fmt.Fprintf(&t, "\n%-10s %12s %12s %10s %8s %8s %12s %8s\n", "kernel", "native CPU", "gmplab CPU", "(set-up)", "ratio", "run", "virtual", "ratio")
	for _, r := range rows {
		fmt.Fprintf(&t, "%-10s %12s %12s %10s %7.1fx %7.1fx %12s %7.2fx\n", r.name, round(r.native), round(r.host), round(r.setup), r.hostRatio, r.runRatio, round(r.virt), r.virtRatio)
		hostRatios = append(hostRatios, r.hostRatio)
		runRatios = append(runRatios, r.runRatio)
		virtRatios = append(virtRatios, r.virtRatio)
	}
	gh, gr, gv := geomean(hostRatios), geomean(runRatios), geomean(virtRatios)
	fmt.Fprintf(&t, "%-10s %12s %12s %10s %7.1fx %7.1fx %12s %7.2fx\n", "geomean", "", "", "", gh, gr, "", gv)
	fmt.Fprintln(&t, "(set-up: compiling and runtime.New, part of gmplab CPU; the first kernel's includes loading the library once; run: the ratio without the set-up)")
	fmt.Fprint(os.Stdout, t.String())
	b.Run("geomean", func(b *testing.B) {
		b.ReportMetric(gh, "cpu-x")
		b.ReportMetric(gr, "run-cpu-x")
		b.ReportMetric(gv, "virtual-x")
	})
}

// round is d to three significant figures, for the table.
func round(d time.Duration) time.Duration {
	switch {
	case d >= 10*time.Second:
		return d.Round(100 * time.Millisecond)
	case d >= time.Second:
		return d.Round(10 * time.Millisecond)
	case d >= 100*time.Millisecond:
		return d.Round(time.Millisecond)
	case d >= 10*time.Millisecond:
		return d.Round(100 * time.Microsecond)
	}
	return d.Round(10 * time.Microsecond)
}
