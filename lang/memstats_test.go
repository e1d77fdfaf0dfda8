package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
	"github.com/gmplab/gmplab/runtime"
)

// runtime.ReadMemStats and runtime/metrics.Read (runtime/readmemstats.go,
// modelling mstats.go's readmemstats_m and metrics.go's table) on
// testdata/memstats/memstats.go: the simulator's figures are checked
// exactly against goldens made by gmplab itself (-update), with the gc
// layer on (memstats.golden) and off (memstats.nogc.golden: nothing is
// freed, NumGC stays 0, NextGC is 0); and against five runs of the real
// runtime at GOMAXPROCS=1, with bounds: the same counts of cycles (forced
// and all), allocation figures within 2% of the real median, heap goals
// within 10%, the heap after runtime.GC under 5% of the grown heap on
// both, the same metric names known and unknown. These figures do not
// depend on the host's speed (one thread, a fixed allocation pattern);
// pauses and CPU fractions, which do, are only checked to be present.
func TestMemStats(t *testing.T) {
	file := "testdata/memstats/memstats.go"
	prog, err := CompileFile(file)
	if err != nil {
		t.Fatal(err)
	}
	simOut := map[string]string{}
	for _, c := range []struct {
		golden string
		layers runtime.Layers
	}{
		{"memstats.golden", runtime.AllLayers},
		{"memstats.nogc.golden", runtime.AllLayers &^ runtime.Layers(runtime.LayerGC)},
	} {
		mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 1, Layers: c.layers, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		var out strings.Builder
		ex := mc.Run(func(ev *runtime.Event) {
			if ev.Kind == runtime.EvPrint {
				out.WriteString(ev.Text)
			}
		})
		if ex.Code != 0 {
			t.Fatalf("%s: exit %d: %s", c.golden, ex.Code, ex.Msg)
		}
		golden := filepath.Join("testdata/memstats", c.golden)
		if *update {
			if err := os.WriteFile(golden, []byte(out.String()), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		want, err := os.ReadFile(golden)
		if err != nil {
			t.Fatal(err)
		}
		if out.String() != string(want) {
			t.Errorf("%s: the simulator printed\n%s\nwant\n%s", c.golden, out.String(), want)
		}
		simOut[c.golden] = out.String()
	}
	sim := memstatFigures(t, simOut["memstats.golden"])
	nogc := memstatFigures(t, simOut["memstats.nogc.golden"])
	if nogc["gc.NumGC"] != "0" || nogc["gc.Frees"] != "0" || nogc["gc.NextGC"] != "0" || nogc["gc.HeapAlloc"] != nogc["grown.HeapAlloc"] {
		t.Errorf("without the gc layer: NumGC %s, Frees %s, NextGC %s, HeapAlloc %s then %s; want 0, 0, 0 and no drop",
			nogc["gc.NumGC"], nogc["gc.Frees"], nogc["gc.NextGC"], nogc["grown.HeapAlloc"], nogc["gc.HeapAlloc"])
	}

	if testing.Short() {
		t.Skip("runs the real program")
	}
	bin := filepath.Join(t.TempDir(), "memstats")
	if out, err := exec.Command("go", "build", "-o", bin, file).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	var runs []map[string]string
	for range 5 {
		cmd := exec.Command(bin)
		cmd.Env = append(os.Environ(), "GOMAXPROCS=1", "GOGC=", "GOMEMLIMIT=")
		b, err := cmd.Output()
		if err != nil {
			t.Fatal(err)
		}
		runs = append(runs, memstatFigures(t, string(b)))
	}
	median := func(key string) float64 {
		var xs []float64
		for _, r := range runs {
			x, err := strconv.ParseFloat(r[key], 64)
			if err != nil {
				t.Fatalf("real runtime: %s is %q", key, r[key])
			}
			xs = append(xs, x)
		}
		slices.Sort(xs)
		return xs[len(xs)/2]
	}
	num := func(m map[string]string, key string) float64 {
		x, err := strconv.ParseFloat(m[key], 64)
		if err != nil {
			t.Fatalf("simulator: %s is %q", key, m[key])
		}
		return x
	}
	var fails []string
	check := func(ok bool, msg string) {
		if !ok {
			fails = append(fails, msg)
		}
	}
	// The same on both, in every real run.
	for _, key := range []string{"gc.NumGC", "gc.NumForcedGC", "gc.LastGCAfterStart", "gc.GCCPUFraction",
		"/gc/cycles/forced:gc-cycles", "/no/such:metric", "metrics.goal=NextGC", "metrics.cycles=NumGC", "/sched/goroutines/running:goroutines"} {
		for i, r := range runs {
			check(r[key] == sim[key], "real run "+strconv.Itoa(i+1)+": "+key+" "+r[key]+", simulator "+sim[key])
		}
	}
	within := func(key string, tol float64) {
		s, r := num(sim, key), median(key)
		check(s >= r*(1-tol) && s <= r*(1+tol), key+": simulator "+sim[key]+", real median "+strconv.FormatFloat(r, 'f', -1, 64)+
			" (want within "+strconv.Itoa(int(tol*100))+"%)")
	}
	within("grown.TotalAlloc", 0.02)
	within("grown.Mallocs", 0.02)
	within("/gc/heap/allocs:bytes", 0.02)
	within("grown.NextGC", 0.10)
	within("gc.NextGC", 0.10)
	within("/gc/heap/goal:bytes", 0.10)
	within("gc.Frees", 0.10)
	check(num(sim, "grown.NumGC") == median("grown.NumGC") && num(sim, "/gc/cycles/total:gc-cycles") == median("/gc/cycles/total:gc-cycles"),
		"cycles: simulator "+sim["grown.NumGC"]+" while growing, "+sim["/gc/cycles/total:gc-cycles"]+" in all; real medians "+
			strconv.FormatFloat(median("grown.NumGC"), 'f', -1, 64)+", "+strconv.FormatFloat(median("/gc/cycles/total:gc-cycles"), 'f', -1, 64))
	check(num(sim, "gc.HeapAlloc") < 0.05*num(sim, "grown.HeapAlloc"), "simulator: the heap after runtime.GC is not under 5% of the grown heap")
	check(median("gc.HeapAlloc") < 0.05*median("grown.HeapAlloc"), "real runtime: the heap after runtime.GC is not under 5% of the grown heap")
	t.Logf("simulator: grown heap %s B, %s after runtime.GC, goal %s then %s; real medians: %.0f, %.0f, goal %.0f then %.0f",
		sim["grown.HeapAlloc"], sim["gc.HeapAlloc"], sim["grown.NextGC"], sim["gc.NextGC"],
		median("grown.HeapAlloc"), median("gc.HeapAlloc"), median("grown.NextGC"), median("gc.NextGC"))
	if len(fails) > 0 {
		if load, busy := hostload.Busy(); busy {
			t.Skipf("on a host with load %.1f: %s", load, strings.Join(fails, "; "))
		}
		t.Error(strings.Join(fails, "\n"))
	}
}

// memstatFigures reads memstats.go's "name value" lines.
func memstatFigures(t *testing.T, out string) map[string]string {
	t.Helper()
	m := map[string]string{}
	for _, l := range strings.Split(strings.TrimSpace(out), "\n") {
		name, value, ok := strings.Cut(l, " ")
		if !ok {
			t.Fatalf("a line without a value: %q", l)
		}
		m[name] = value
	}
	return m
}
