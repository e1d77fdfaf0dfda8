package lang

import (
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// The library's operations scale as Go's do: each program of
// testdata/scale runs at a size n and 4n (its first argument, or as many
// lines of standard input or arguments) and the instructions interpreted
// and the virtual CPU time they cost must grow about 4 times (at most 5.5
// times: a heap's n log n is 4.6 times at these sizes), not 16: no
// operation the library provides copies what it has built on every call.
// The run's virtual time, which holds what the runtime charges too
// (ReadMemStats, metrics.Read), must grow as much.

var scaleCases = []struct {
	file string
	n    int
	// how the size is given: "arg" (os.Args[1]), "stdin" (n lines),
	// "flags" (n flags)
	by string
	// cpuOnly: the work is one call whatever n (io.Copy of a
	// strings.Reader is one WriteTo, one Write, as in Go): only its
	// virtual time, the bytes copied, grows
	cpuOnly bool
}{
	{"bytes_buffer.go", 4000, "arg", false},
	{"fprintf_writer.go", 2000, "arg", false},
	{"io_copy.go", 4000, "arg", true},
	{"container_list.go", 2000, "arg", false},
	{"container_ring.go", 2000, "arg", false},
	{"container_heap.go", 1000, "arg", false},
	{"sync_pool.go", 4000, "arg", false},
	{"utf8_bits.go", 4000, "arg", false},
	{"bufio_stdin.go", 2000, "stdin", false},
	{"flag_parse.go", 2000, "flags", false},
	{"strings_builder.go", 2000, "arg", false},
	{"strings_reader.go", 4000, "arg", false},
	{"bufio_writer.go", 4000, "arg", false},
	{"log_logger.go", 1000, "arg", false},
	{"runtime_caller.go", 2000, "arg", false},
	{"readmemstats.go", 1000, "arg", false},
	{"metrics_read.go", 1000, "arg", false},
	{"errgroup.go", 1000, "arg", false},
	{"slices_sort.go", 2000, "arg", false},
	{"unicode_strconv.go", 2000, "arg", false},
	{"unicode_is.go", 1000, "arg", false},
	{"unicode_tablemaps.go", 1000, "arg", false},
	{"unicode_specialcase.go", 1000, "arg", false},
}

func TestLibraryScaling(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	base := startup(t)
	for _, c := range scaleCases {
		t.Run(strings.TrimSuffix(c.file, ".go"), func(t *testing.T) {
			prog, err := CompileFile(filepath.Join("testdata/scale", c.file))
			if err != nil {
				t.Fatal(err)
			}
			measure := func(n int) (instrs, cpu, now int64, out string) {
				mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, MaxInstrs: 1 << 40})
				if err != nil {
					t.Fatal(err)
				}
				switch c.by {
				case "arg":
					mc.SetArgs([]string{strconv.Itoa(n)})
				case "stdin":
					mc.SetStdin(strings.NewReader(strings.Repeat("a line of input\n", n)))
				case "flags":
					var args []string
					for i := 0; i < n; i++ {
						args = append(args, "-v", strconv.Itoa(i))
					}
					mc.SetArgs(args)
				}
				var b strings.Builder
				ex := mc.Run(func(ev *runtime.Event) {
					if ev.Kind == runtime.EvPrint {
						b.WriteString(ev.Text)
					}
				})
				if ex == nil || ex.Code != 0 {
					t.Fatalf("n=%d: exit %+v", n, ex)
				}
				st := mc.Stats()
				return st.Instrs, st.CPU, mc.Now(), b.String()
			}
			i1, c1, t1, o1 := measure(c.n)
			i4, c4, t4, o4 := measure(4 * c.n)
			ri, rc := float64(i4)/float64(i1), float64(c4)/float64(c1)
			rt := float64(t4-base) / float64(t1-base)
			t.Logf("n=%d: %d instructions, %d ns CPU, ended at %d ns (%q); 4n: %d, %d, %d (%q); ratios %.2f %.2f %.2f", c.n, i1, c1, t1, o1, i4, c4, t4, o4, ri, rc, rt)
			for _, r := range []struct {
				what  string
				ratio float64
			}{{"instructions", ri}, {"virtual CPU time", rc}, {"virtual time less start-up", rt}} {
				if c.cpuOnly && r.what == "instructions" {
					continue
				}
				if r.ratio < 3 || r.ratio > 5.5 {
					t.Errorf("%s grow %.2f times from n=%d to 4n: want about 4 (linear)", r.what, r.ratio, c.n)
				}
			}
			if o1 == o4 {
				t.Errorf("the same output at n and 4n (%q): the size did not reach the program", o1)
			}
		})
	}
}

// startup is when a program whose main does nothing ends: the start-up
// (the runtime's, main's) that a program's virtual time holds whatever n.
func startup(t *testing.T) int64 {
	prog, err := Compile("empty.go", []byte("package main\n\nfunc main() {}\n"))
	if err != nil {
		t.Fatal(err)
	}
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1})
	if err != nil {
		t.Fatal(err)
	}
	if ex := mc.Run(nil); ex == nil || ex.Code != 0 {
		t.Fatalf("exit %+v", ex)
	}
	return mc.Now()
}

// TestLibraryCallCosts: runtime.Caller (vm/host_caller.go), ReadMemStats
// and runtime/metrics.Read (runtime/readmemstats.go) cost what the tables
// say they cost (vm/cost.go psCaller, psCallerFrame; runtime/cost.go
// CostReadMemStats, CostMetricsRead, CostMetricSample): what an iteration
// of testdata/scale's loop around each adds to the run's virtual time is
// the call's cost and at most 0.5 µs of the loop's own work.
func TestLibraryCallCosts(t *testing.T) {
	caller, _, _, _ := vm.Host("runtime.Caller")
	for _, c := range []struct {
		file string
		// cost is one iteration's call
		cost int64
	}{
		// skips 0 and 1 alternate: psCallerFrame every other call, within
		// the slack
		{"runtime_caller.go", vm.HostCost(caller) / 1000},
		{"readmemstats.go", runtime.CostReadMemStats},
		{"metrics_read.go", runtime.CostMetricsRead + 2*runtime.CostMetricSample},
	} {
		t.Run(strings.TrimSuffix(c.file, ".go"), func(t *testing.T) {
			prog, err := CompileFile(filepath.Join("testdata/scale", c.file))
			if err != nil {
				t.Fatal(err)
			}
			end := func(n int) int64 {
				mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1})
				if err != nil {
					t.Fatal(err)
				}
				mc.SetArgs([]string{strconv.Itoa(n)})
				if ex := mc.Run(nil); ex == nil || ex.Code != 0 {
					t.Fatalf("n=%d: exit %+v", n, ex)
				}
				return mc.Now()
			}
			const n = 200
			per := (end(4*n) - end(n)) / (3 * n)
			t.Logf("%d ns an iteration; the call costs %d ns", per, c.cost)
			if per < c.cost || per > c.cost+500 {
				t.Errorf("an iteration adds %d ns to the run: want the call's %d ns and at most 500 ns more", per, c.cost)
			}
		})
	}
}
