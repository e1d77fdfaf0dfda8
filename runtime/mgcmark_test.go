package runtime

import (
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/vm"
)

// runEvents runs prog and returns every event line and the exit, with
// every layer but gc: the VM's own collector is what these tests are
// about (the gc layer's collector is mgc_test.go's).
func runEvents(t *testing.T, prog *vm.Program, procs int, noGC bool) ([]Event, *Machine) {
	t.Helper()
	mc, err := New(prog, Config{GOMAXPROCS: procs, Why: true, Layers: AllLayers &^ Layers(LayerGC)})
	if err != nil {
		t.Fatal(err)
	}
	mc.noGC = noGC
	var evs []Event
	if ex := mc.Run(func(ev *Event) { evs = append(evs, *ev) }); ex == nil || ex.Code != 0 {
		t.Fatalf("exit %+v", ex)
	}
	return evs, mc
}

// The collector (vm/mgc.go via gcCollect) is invisible to the schedule:
// with and without it, a program that makes tens of thousands of closures
// and boxes, and keeps some alive in channels, blocked senders, globals,
// deferred calls and goroutines, gives the same events, and with it the
// slots in use stay bounded.
func TestGCInvisibleToTheSchedule(t *testing.T) {
	prog, err := lang.CompileFile("../lang/testdata/run/gc_closures.go")
	if err != nil {
		t.Fatal(err)
	}
	for _, procs := range []int{1, 2} {
		with, mc := runEvents(t, prog, procs, false)
		without, mc0 := runEvents(t, prog, procs, true)
		if len(with) != len(without) {
			t.Fatalf("GOMAXPROCS=%d: %d events with the collector, %d without", procs, len(with), len(without))
		}
		for i := range with {
			if with[i] != without[i] {
				t.Fatalf("GOMAXPROCS=%d: event %d differs:\n%+v\n%+v", procs, i, with[i], without[i])
			}
		}
		if mc.vm.GCCycles() < 10 {
			t.Errorf("GOMAXPROCS=%d: %d collections, want many", procs, mc.vm.GCCycles())
		}
		c, b := mc.vm.Live()
		c0, b0 := mc0.vm.Live()
		if c > c0/20 || b > b0/20 {
			t.Errorf("GOMAXPROCS=%d: %d closures and %d boxes in use at the end, %d and %d without the collector", procs, c, b, c0, b0)
		}
	}
}

// A snapshot taken between collections resumes exactly as the run that
// never stopped (the free lists and the trigger are part of the state).
func TestGCClone(t *testing.T) {
	prog, err := lang.CompileFile("../lang/testdata/run/gc_closures.go")
	if err != nil {
		t.Fatal(err)
	}
	want, _ := runEvents(t, prog, 2, false)
	mc, err := New(prog, Config{GOMAXPROCS: 2, Why: true, Layers: AllLayers &^ Layers(LayerGC)})
	if err != nil {
		t.Fatal(err)
	}
	var got []Event
	for i := 0; ; i++ {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		got = append(got, ev)
		if i%5000 == 0 {
			mc = mc.Clone()
		}
	}
	if len(got) != len(want) {
		t.Fatalf("%d events through clones, %d straight", len(got), len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Fatalf("event %d differs:\n%+v\n%+v", i, got[i], want[i])
		}
	}
}
