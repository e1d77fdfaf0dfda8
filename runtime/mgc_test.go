package runtime_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// The gc layer's rules, each on a small program run with every invariant
// checked (Config.Check): the events the cycle emits, in the order the
// real runtime's functions run them, each with its why.

// allocSrc allocates about 16 MB in 8 KB arrays from two goroutines while
// a third spins without allocating, then calls runtime.GC.
const allocSrc = `package main

import (
	"runtime"
	"time"
)

var sinks [2][]int
var done = make(chan bool)

func alloc(id int) {
	for i := 0; i < 1000; i++ {
		sinks[id] = make([]int, 1024)
	}
	done <- true
}

func spin() {
	start := time.Now()
	for time.Since(start) < 2*time.Millisecond {
	}
	done <- true
}

func main() {
	go alloc(0)
	go alloc(1)
	go spin()
	<-done
	<-done
	<-done
	runtime.GC()
	println("ok")
}
`

func gcRun(t *testing.T, src string, cfg runtime.Config) []runtime.Event {
	t.Helper()
	cfg.Why, cfg.Check = true, true
	if cfg.Layers == 0 {
		cfg.Layers = runtime.AllLayers
	}
	evs, ex := run(t, compileSrc(t, "gc.go", src), cfg)
	if ex.Code != 0 {
		t.Fatalf("exit %+v", ex)
	}
	return evs
}

func kinds(evs []runtime.Event, ks ...runtime.EvKind) []runtime.Event {
	var out []runtime.Event
	for _, ev := range evs {
		for _, k := range ks {
			if ev.Kind == k {
				out = append(out, ev)
			}
		}
	}
	return out
}

// mgc.go: gcStart → stopTheWorldWithSema (sweep termination) →
// startTheWorldWithSema with the mark on → mark workers
// (findRunnableGCWorker) → gcMarkDone → stopTheWorldWithSema (mark
// termination) → gcMarkTermination → startTheWorldWithSema. Every cycle
// runs in that order, and every event of it says why.
func TestGCCyclePhasesInOrder(t *testing.T) {
	evs := gcRun(t, allocSrc, runtime.Config{GOMAXPROCS: 4})
	const (
		idle = iota
		started
		sweepTermStopped
		marking
		markDone
		markTermStopped
		terminated
	)
	state, cycles, workers := idle, 0, 0
	for _, ev := range evs {
		if spec := ev.Kind.Spec(); contains(spec.Groups, "gc") && ev.Why == "" {
			t.Errorf("event %d (%s) has no why", ev.Seq, ev.Kind)
		}
		bad := func() { t.Fatalf("event %d: %s in state %d", ev.Seq, ev.Kind, state) }
		switch ev.Kind {
		case runtime.EvGCStart:
			if state != idle {
				bad()
			}
			state = started
		case runtime.EvStopTheWorld:
			switch {
			case state == started && ev.Text == "GC sweep termination":
				state = sweepTermStopped
			case state == markDone && ev.Text == "GC mark termination":
				state = markTermStopped
			default:
				bad()
			}
		case runtime.EvStartTheWorld:
			switch {
			case state == sweepTermStopped && ev.Arg2 == 1:
				state = marking
			case state == terminated && ev.Arg2 == 0:
				state, cycles = idle, cycles+1
			default:
				bad()
			}
		case runtime.EvFindRunnableGCWorker, runtime.EvGCAssistAlloc:
			if state != marking {
				bad()
			}
			if ev.Kind == runtime.EvFindRunnableGCWorker {
				workers++
			}
		case runtime.EvGCMarkDone:
			if state != marking {
				bad()
			}
			state = markDone
		case runtime.EvGCMarkTermination:
			if state != markTermStopped {
				bad()
			}
			state = terminated
		}
	}
	if state != idle || cycles < 3 || workers == 0 {
		t.Errorf("%d cycles ended (state %d), %d workers ran; want at least 3 whole cycles with workers", cycles, state, workers)
	}
}

func contains(s []string, x string) bool {
	for _, y := range s {
		if y == x {
			return true
		}
	}
	return false
}

// Without the gc layer there is no collector: no event of the gc group,
// runtime.GC does nothing, and the schedule is the same as with the layer
// on for a program that never reaches the first trigger.
func TestGCLayerOffNoCollector(t *testing.T) {
	noGC := runtime.AllLayers &^ runtime.Layers(runtime.LayerGC)
	for _, ev := range gcRun(t, allocSrc, runtime.Config{GOMAXPROCS: 4, Layers: noGC}) {
		if contains(ev.Kind.Spec().Groups, "gc") {
			t.Fatalf("event %d: %s without the gc layer", ev.Seq, ev.Kind)
		}
	}
	const small = `package main

var s []int

func main() {
	for i := 0; i < 100; i++ {
		go func() { s = make([]int, 64) }()
	}
	println(len(s))
}
`
	off := gcRun(t, small, runtime.Config{GOMAXPROCS: 2, Layers: noGC})
	on := gcRun(t, small, runtime.Config{GOMAXPROCS: 2})
	if len(off) != len(on) {
		t.Fatalf("%d events without the gc layer, %d with it", len(off), len(on))
	}
	for i := range off {
		a, b := off[i], on[i]
		if a.Kind != b.Kind || a.T != b.T || a.G != b.G || a.P != b.P || a.M != b.M {
			t.Fatalf("event %d: %s at %d on P%d without the gc layer, %s at %d on P%d with it", i, a.Kind, a.T, a.P, b.Kind, b.T, b.P)
		}
	}
}

// mgc.go: GC runs a whole cycle and waits for it; gctrace marks it
// "(forced)". debug.SetGCPercent(-1) (mgcpacer.go: setGCPercent) turns the
// trigger off: no cycle however much is allocated, but runtime.GC still
// runs one.
func TestRuntimeGCForcedAndGOGCOff(t *testing.T) {
	const src = `package main

import (
	"runtime"
	"runtime/debug"
)

var s []int

func main() {
	old := debug.SetGCPercent(-1)
	for i := 0; i < 2000; i++ {
		s = make([]int, 1024) // 16 MB in all
	}
	runtime.GC()
	println(old)
}
`
	evs := gcRun(t, src, runtime.Config{GOMAXPROCS: 2})
	starts := kinds(evs, runtime.EvGCStart)
	if len(starts) != 1 || !strings.Contains(starts[0].Why, "runtime.GC") {
		t.Fatalf("%d cycles (%v); want only runtime.GC's", len(starts), starts)
	}
	terms := kinds(evs, runtime.EvGCMarkTermination)
	if len(terms) != 1 || !strings.HasSuffix(terms[0].Text, " (forced)") {
		t.Errorf("%d gctrace lines (%v); want one, marked (forced)", len(terms), terms)
	}
	set := kinds(evs, runtime.EvSetGCPercent)
	if len(set) != 1 || set[0].Arg1 != -1 || set[0].Arg2 != 100 {
		t.Errorf("setGCPercent events %v; want GOGC 100 → -1", set)
	}
}

// mgcpacer.go: the first cycle's goal is heapMinimum (4 MB at GOGC=100),
// and GOGC scales it either way (defaultHeapMinimum * GOGC/100).
func TestGCFirstGoalHeapMinimum(t *testing.T) {
	goal := regexp.MustCompile(`, (\d+) MB goal,`)
	for _, c := range []struct {
		gogc string
		want string
	}{{"100", "4"}, {"200", "8"}, {"50", "2"}} {
		evs := gcRun(t, allocSrc, runtime.Config{GOMAXPROCS: 2, GOGC: c.gogc})
		terms := kinds(evs, runtime.EvGCMarkTermination)
		if len(terms) == 0 {
			t.Fatalf("GOGC=%s: no cycle", c.gogc)
		}
		if m := goal.FindStringSubmatch(terms[0].Text); m == nil || m[1] != c.want {
			t.Errorf("GOGC=%s: first cycle %q; want a %s MB goal", c.gogc, terms[0].Text, c.want)
		}
	}
}

// mgcmark.go: gcAssistAlloc charges the goroutines that allocate while the
// mark is on, and only them: the spinner never assists.
func TestGCAssistsOnlyAllocators(t *testing.T) {
	evs := gcRun(t, allocSrc, runtime.Config{GOMAXPROCS: 2})
	// main (G1) makes alloc(0), alloc(1) and spin, in that order.
	var made []int64
	for _, ev := range kinds(evs, runtime.EvNewproc) {
		if ev.Arg1 == 1 {
			made = append(made, ev.G)
		}
	}
	if len(made) != 3 {
		t.Fatalf("main made %v; want three goroutines", made)
	}
	assists := kinds(evs, runtime.EvGCAssistAlloc)
	if len(assists) == 0 {
		t.Fatal("no assist")
	}
	for _, ev := range assists {
		if ev.G == made[2] {
			t.Errorf("event %d: the spinner G%d, which allocates nothing, assisted", ev.Seq, ev.G)
		}
		if ev.Arg1 <= 0 || ev.Arg2 <= 0 {
			t.Errorf("event %d: an assist of %d B for a debt of %d B", ev.Seq, ev.Arg1, ev.Arg2)
		}
	}
}

// busySrc keeps every P busy: eight goroutines allocate 8 KB arrays in a
// loop, so that no P is idle and only dedicated and fractional workers
// mark.
const busySrc = `package main

var sinks [8][]int
var done = make(chan bool)

func alloc(id int) {
	for i := 0; i < 800; i++ {
		sinks[id] = make([]int, 1024)
	}
	done <- true
}

func main() {
	for i := 0; i < 8; i++ {
		go alloc(i)
	}
	for i := 0; i < 8; i++ {
		<-done
	}
}
`

// mgcpacer.go: findRunnableGCWorker runs as many dedicated workers at
// once as startCycle asked for (25% of GOMAXPROCS=8: 2), never more, and
// at GOMAXPROCS=8 no fractional one.
func TestGCDedicatedWorkersAtOnce(t *testing.T) {
	evs := gcRun(t, busySrc, runtime.Config{GOMAXPROCS: 8})
	mode := func(ev runtime.Event) string { return string(ev.Kind.Spec().Details(nil, ev)) }
	running, most := 0, 0
	for _, ev := range evs {
		switch ev.Kind {
		case runtime.EvFindRunnableGCWorker:
			switch m := mode(ev); {
			case strings.Contains(m, "dedicated"):
				running++
				most = max(most, running)
			case strings.Contains(m, "fractional"):
				t.Errorf("event %d: a fractional worker at GOMAXPROCS=8 (%s)", ev.Seq, m)
			}
		case runtime.EvMarkWorkerStop:
			if strings.Contains(mode(ev), "dedicated") {
				running--
			}
		}
	}
	if most != 2 {
		t.Errorf("at most %d dedicated workers ran at once; want 2", most)
	}
}

// proc.go: stopTheWorldWithSema stops idle Ps at once and asks running Gs
// to stop at their next safe point; each running P's M stops in gcstopm,
// counting down to 0, and a G preempted while the world stops goes to its
// own P's runnext (goschedImpl with sched.gcwaiting).
func TestSTWWaitsForRunningGs(t *testing.T) {
	evs := gcRun(t, allocSrc, runtime.Config{GOMAXPROCS: 4})
	waited := false
	for i, ev := range evs {
		if ev.Kind != runtime.EvStopTheWorld || ev.Arg2 == 0 {
			continue
		}
		waited = true
		left := ev.Arg2
		for _, e := range evs[i+1:] {
			if e.Kind == runtime.EvStartTheWorld {
				break
			}
			if e.Kind == runtime.EvGcstopm {
				left--
				if e.Arg1 != left {
					t.Errorf("event %d: gcstopm says %d to go; want %d", e.Seq, e.Arg1, left)
				}
			}
			if (e.Kind == runtime.EvPreempted || e.Kind == runtime.EvAsyncPreempt) && !strings.Contains(e.Why, "runnext") {
				t.Errorf("event %d: preempted while the world stops, but %q", e.Seq, e.Why)
			}
		}
		if left != 0 {
			t.Errorf("event %d: the world waited for %d Ps, %d never stopped", ev.Seq, ev.Arg2, left)
		}
	}
	if !waited {
		t.Error("no stop of the world waited for a running G")
	}
}
