package compare

import (
	"context"
	"os/exec"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// The simulator's side of lesson 4: main's 5 ms system call is handed off
// once (sysmon's retake → handoffp), three workers and main are created,
// the output is main's one line. The numbers come from the engine, so they
// are exact.
func TestSimLesson4(t *testing.T) {
	prog, err := lang.CompileFile("../../lessons/04-sysmon/handoff.go")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Sim(prog, runtime.Config{GOMAXPROCS: 1, Seed: 1, Layers: runtime.AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	if m.Output != "syscall returned\n" {
		t.Errorf("output %q", m.Output)
	}
	if m.Handoffs != 1 || m.Syscalls != 2 || m.Goroutines != 4 {
		t.Errorf("handoffs=%d syscalls=%d goroutines=%d, want 1, 2 (the blocking call and the print's write), 4", m.Handoffs, m.Syscalls, m.Goroutines)
	}
	total := 0
	for p, n := range m.Switches {
		if p != 0 {
			t.Errorf("a switch on P%d with GOMAXPROCS=1", p)
		}
		total += n
	}
	// Each worker and main run at least once, and every execute but the
	// first follows something that made its G runnable.
	if total < 4 || len(m.Runnable) < 3 || len(m.Runnable) > total {
		t.Errorf("switches %v, runnable waits %v", m.Switches, m.Runnable)
	}
}

func TestPercentile(t *testing.T) {
	xs := []int64{5, 1, 4, 2, 3, 10, 9, 8, 7, 6}
	for _, c := range []struct {
		p    int
		want int64
	}{{50, 5}, {90, 9}, {99, 10}, {100, 10}, {0, 1}} {
		if got := percentile(xs, c.p); got != c.want {
			t.Errorf("p%d = %d, want %d", c.p, got, c.want)
		}
	}
	if percentile(nil, 50) != -1 {
		t.Error("percentile of nothing is not -1")
	}
}

func TestFormat(t *testing.T) {
	sim := Measures{Output: "a\nb\nc\n", Threads: 3, Goroutines: 4, Switches: map[int64]int{0: 6, 1: 2}, Runnable: []int64{1000, 2000}}
	real := []Measures{
		{Output: "a\nb\nc\n", Threads: 5, Goroutines: 7, Switches: map[int64]int{0: 17, 1: 3}, Runnable: []int64{5000}},
		{Output: "a\nc\nb\n", Threads: 6, Goroutines: 7, Switches: map[int64]int{0: 18}, Runnable: []int64{7000}},
	}
	out := Format("x.go", 2, sim, real)
	for _, want := range []string{
		"output: 1 of 2 real runs printed something else; run 2 against the simulator (- simulator, + real):\n  a\n+ c\n  b\n- c\n",
		"threads created              3                5–6\n",
		"goroutines created           4                7\n",
		"context switches on P1       2                0–3\n",
		"time runnable p50            0.001000ms       0.005000ms–0.007000ms\n",
		"What the trace cannot show",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("Format lacks %q:\n%s", want, out)
		}
	}
}

// TestRealShape runs lesson 4 for real twice and checks what does not
// depend on the machine: the same output, a switch on P0 only, at least
// main and the three workers created.
func TestRealShape(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a program; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command on PATH")
	}
	rs, err := Real(context.Background(), "../../lessons/04-sysmon/handoff.go", "../..", 1, 2, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i, m := range rs {
		if m.Output != "syscall returned\n" || m.Goroutines < 4 || m.Switches[0] < 4 || len(m.Switches) != 1 {
			t.Errorf("run %d: output %q, goroutines %d, switches %v", i+1, m.Output, m.Goroutines, m.Switches)
		}
	}
}

// When the program counts goroutines, the report says that its real
// counts leave out runtime/trace's own goroutine; otherwise it says
// nothing about it.
func TestFormatNamesTheTracer(t *testing.T) {
	sim := Measures{Output: "goroutines: 1\n", Switches: map[int64]int{}}
	real := Measures{Output: "goroutines: 1\n", Switches: map[int64]int{}, TraceGoroutines: 1, NumGoroutineDiscount: 1}
	got := Format("count.go", 1, sim, []Measures{real})
	want := "output: the same on the simulator and on every real run (1 line)\n" +
		"runtime.NumGoroutine leaves out, on the real runs, the 1 goroutine runtime/trace\n" +
		"starts for itself: the program counts what it counts without the trace.\n"
	if !strings.Contains(got, want) {
		t.Errorf("no\n%s\nin\n%s", want, got)
	}
	real.NumGoroutineDiscount = 0
	if got := Format("count.go", 1, sim, []Measures{real}); strings.Contains(got, "runtime.NumGoroutine") {
		t.Errorf("a program that does not count goroutines:\n%s", got)
	}
}

// With the gc layer the simulator counts the collector's cycles (gcStart,
// runtime/mgc.go) as the real trace counts GCBegin, so the table's GCs row
// has both sides, with or without real runs; without the layer it is the
// real side's only.
func TestSimGCs(t *testing.T) {
	prog, err := lang.CompileFile("../../examples/gc.go")
	if err != nil {
		t.Fatal(err)
	}
	m, err := Sim(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, Layers: runtime.AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	// examples/gc.go: the cycles its allocation triggers, then
	// runtime.GC's: as many as the engine's gcStart events.
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, Layers: runtime.AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	starts := 0
	mc.Run(func(ev *runtime.Event) {
		if ev.Kind == runtime.EvGCStart {
			starts++
		}
	})
	if m.Extra["GCs"] != starts || starts < 2 {
		t.Errorf("GCs = %d, want the run's %d gcStart events (at least 2)", m.Extra["GCs"], starts)
	}
	real := []Measures{{Switches: map[int64]int{}, Extra: map[string]int{"GCs": 3, "mutex yields": 0}}}
	for _, rs := range [][]Measures{nil, real} {
		tab := Format("gc.go", 4, m, rs)
		if !strings.Contains(tab, "\nGCs  ") || strings.Contains(tab, "GCs (") {
			t.Errorf("with %d real runs, want a GCs row of both sides:\n%s", len(rs), tab)
		}
	}
	off, err := Sim(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, Layers: runtime.AllLayers &^ runtime.Layers(runtime.LayerGC)})
	if err != nil {
		t.Fatal(err)
	}
	if _, ok := off.Extra["GCs"]; ok {
		t.Errorf("without the gc layer the simulator counts GCs: %v", off.Extra)
	}
	if tab := Format("gc.go", 4, off, real); !strings.Contains(tab, "GCs (real only)") {
		t.Errorf("without the gc layer, want GCs (real only):\n%s", tab)
	}
}
