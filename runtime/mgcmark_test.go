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

// gcStart clears every G's assist credit before the mark
// (gcResetMarkState): at each cycle's sweep termination no G holds the
// credit or debt of the last mark, though in this program one assist's
// credit, earned when the heap passed revise's worst case, was megabytes.
// A table of pointers to small nodes, replaced by two goroutines, as
// lesson 09's service does.
func TestGCResetMarkState(t *testing.T) {
	src := `package main

type node struct {
	next *node
	pad  [7]int
}

var cache = make([]*node, 64000)
var anchor = &node{}
var done = make(chan bool)

func work(id int) {
	for i := 0; i < 300000; i++ {
		cache[(i*2+id)%len(cache)] = &node{next: anchor}
	}
	done <- true
}

func main() {
	go work(0)
	go work(1)
	<-done
	<-done
}
`
	prog, err := lang.Compile("reset.go", []byte(src))
	if err != nil {
		t.Fatal(err)
	}
	mc, err := New(prog, Config{GOMAXPROCS: 4, Layers: AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	starts, carried := 0, int64(0)
	inMark := false
	for {
		if _, ok := mc.Step(); !ok {
			break
		}
		switch {
		case !inMark && mc.gc.blackenEnabled: // the mark has just begun
			starts++
			for i := range mc.allg {
				if c := mc.allg[i].gcAssistBytes; c != 0 {
					t.Errorf("cycle %d: G%d enters the mark with %d bytes of assist credit", mc.gc.cycles, mc.allg[i].goid, c)
				}
			}
		case inMark && !mc.gc.blackenEnabled: // the mark has just ended
			for i := range mc.allg {
				carried = max(carried, mc.allg[i].gcAssistBytes)
			}
		}
		inMark = mc.gc.blackenEnabled
	}
	if starts < 3 || carried < 1<<20 {
		t.Fatalf("%d cycles, at most %d bytes of credit at a mark's end; want several, one of megabytes", starts, carried)
	}
	t.Logf("%d cycles; at most %d bytes of credit at a mark's end", starts, carried)
}

// An assist takes its work from the shared pool a part at a time, as the
// workers do (gcDrainN greys and scans objects one by one from queues the
// workers drain too): no G ever holds more than drainCheckThreshold of
// claimed work, though the service's assists owe up to megabytes once the
// heap passes revise's worst case.
func TestGCAssistClaimsInParts(t *testing.T) {
	prog, err := lang.CompileFile("../lessons/09-gc/service.go")
	if err != nil {
		t.Fatal(err)
	}
	mc, err := New(prog, Config{GOMAXPROCS: 4, Layers: AllLayers})
	if err != nil {
		t.Fatal(err)
	}
	var most, owed int64
	for {
		if _, ok := mc.Step(); !ok {
			break
		}
		for i := range mc.allg {
			if R := &mc.allg[i].rt; R.kind == rtAssist {
				most, owed = max(most, R.claimed), max(owed, R.owed)
			}
		}
	}
	if most == 0 || most > drainCheckThreshold || owed <= drainCheckThreshold {
		t.Errorf("assists claimed at most %d bytes at a time, owed at most %d; want claims of at most %d, and a debt over it", most, owed, drainCheckThreshold)
	}
	t.Logf("assists claimed at most %d bytes at a time, owed at most %d", most, owed)
}
