package runtime_test

import (
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// runEvents runs file to the end and returns its events, one line each
// (what they decided, not why).
func runEvents(t *testing.T, file string, hooks *runtime.Hooks) []runtime.Event {
	t.Helper()
	prog, err := lang.CompileFile(file)
	if err != nil {
		t.Fatal(err)
	}
	m, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 2, Seed: 1, Layers: runtime.AllLayers, Check: true, Hooks: hooks})
	if err != nil {
		t.Fatal(err)
	}
	var evs []runtime.Event
	m.Run(func(ev *runtime.Event) { ev.Why = ""; evs = append(evs, *ev) })
	return evs
}

// TestHooksRunqget: proc.go's runqget, written over the hooks' types and
// put in the table, makes the same run as the engine's own (the call
// site copies the queue out and back exactly); an empty table changes
// nothing.
func TestHooksRunqget(t *testing.T) {
	const file = "../examples/steal.go"
	want := runEvents(t, file, nil)
	if got := runEvents(t, file, &runtime.Hooks{}); len(got) != len(want) {
		t.Fatalf("an empty table: %d events, want %d", len(got), len(want))
	}
	calls := 0
	runqget := func(pp *runtime.HookP) (runtime.Guintptr, bool) {
		calls++
		if next := pp.Runnext; next != 0 {
			pp.Runnext = 0
			return next, true
		}
		if pp.Runqhead == pp.Runqtail {
			return 0, false
		}
		gp := pp.Runq[pp.Runqhead%uint32(len(pp.Runq))]
		pp.Runqhead++
		return gp, false
	}
	got := runEvents(t, file, &runtime.Hooks{Runqget: runqget})
	if calls == 0 {
		t.Fatal("the hook was never called")
	}
	if len(got) != len(want) {
		t.Fatalf("%d events, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("event %d: %+v, want %+v", i+1, got[i], want[i])
		}
	}
}

// TestHooksCorruptState: a hook that leaves a G in two places is caught
// by the invariants (Config.Check) with the invariant's name first.
func TestHooksCorruptState(t *testing.T) {
	dup := func(pp *runtime.HookP, s *runtime.HookSched, gp runtime.Guintptr, next bool) {
		pp.Runq[pp.Runqtail%256] = gp
		pp.Runqtail++
		s.Runq.PushBack(gp) // and on the global queue too
	}
	defer func() {
		r := recover()
		if s, _ := r.(string); !strings.HasPrefix(s, "checkInvariants: ") {
			t.Fatalf("recovered %v, want a checkInvariants panic", r)
		}
	}()
	runEvents(t, "../examples/steal.go", &runtime.Hooks{Runqput: dup})
	t.Fatal("the corrupt state went unnoticed")
}

// TestHooksGCStartCycle: a startCycle decision (mgcpacer.go:
// gcControllerState.startCycle) put in the table as the runtime computes
// it makes the same run as the engine's own; one the runtime could not
// act on stops the run with a message that says which part is wrong.
func TestHooksGCStartCycle(t *testing.T) {
	const file = "../checker/scenarios/gcalloc.go"
	own := runEvents(t, file, nil)
	var calls int
	same := runEvents(t, file, &runtime.Hooks{GCStartCycle: func(procs int32, periodic bool) runtime.GCWorkers {
		calls++
		total := float64(procs) * 0.25
		d := int64(total + 0.5)
		if e := float64(d)/total - 1; e < -0.3 || e > 0.3 {
			if float64(d) > total {
				d--
			}
			return runtime.GCWorkers{DedicatedMarkWorkersNeeded: d, FractionalUtilizationGoal: (total - float64(d)) / float64(procs), MaxIdleMarkWorkers: procs - int32(d)}
		}
		return runtime.GCWorkers{DedicatedMarkWorkersNeeded: d, MaxIdleMarkWorkers: procs - int32(d)}
	}})
	if calls == 0 {
		t.Fatal("the hook was never called: the scenario ran no GC cycle")
	}
	if len(own) != len(same) {
		t.Fatalf("%d events with the hook, %d without", len(same), len(own))
	}
	for i := range own {
		if own[i] != same[i] {
			t.Fatalf("event %d: %v with the hook, %v without", i, same[i], own[i])
		}
	}
	for _, c := range []struct {
		w    runtime.GCWorkers
		want string
	}{
		{runtime.GCWorkers{DedicatedMarkWorkersNeeded: 3}, "hook: your startCycle wants 3 dedicated mark workers at GOMAXPROCS=2: a dedicated worker takes a whole P, so 0 to 2"},
		{runtime.GCWorkers{FractionalUtilizationGoal: 25}, "hook: your startCycle's fractional goal is 25 at GOMAXPROCS=2: it is a share of a P's time, 0 to 1"},
		{runtime.GCWorkers{DedicatedMarkWorkersNeeded: 1, MaxIdleMarkWorkers: -1}, "hook: your startCycle allows -1 idle mark workers at GOMAXPROCS=2: an idle worker runs on a P, so 0 to 2"},
		{runtime.GCWorkers{}, "hook: your startCycle gives the mark no worker at GOMAXPROCS=2 (no dedicated, fractional or idle one): the cycle could never end"},
	} {
		func() {
			defer func() {
				if r := recover(); r != c.want {
					t.Errorf("%+v: recovered %v, want %q", c.w, r, c.want)
				}
			}()
			runEvents(t, file, &runtime.Hooks{GCStartCycle: func(int32, bool) runtime.GCWorkers { return c.w }})
		}()
	}
}
