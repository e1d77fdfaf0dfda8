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
