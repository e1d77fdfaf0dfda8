package debugger

import (
	"fmt"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

// gcSession is a session on lesson 09's service at GOMAXPROCS procs,
// with the gc layer on.
func gcSession(t *testing.T, procs int) *Session {
	t.Helper()
	src, err := os.ReadFile("../lessons/09-gc/service.go")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lang.Compile("service.go", src)
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(Options{Program: prog, Config: runtime.Config{GOMAXPROCS: procs, Seed: 1, Layers: runtime.AllLayers}, Name: "service.go"})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestPrintGCWorkersAtTheirEvent: at a gcBgMarkWorker event
// (mgcpacer.go: findRunnableGCWorker, or findRunnable's idle worker) the
// worker chosen is already in print gc.workers, with its P and mode,
// though it has not run yet; so is a worker assignWaitingGCWorker has
// given a P that has not picked it up.
func TestPrintGCWorkersAtTheirEvent(t *testing.T) {
	for _, procs := range []int{4, 6} {
		s := gcSession(t, procs)
		if _, err := s.AddBreakpoint("gcBgMarkWorker"); err != nil {
			t.Fatal(err)
		}
		for hit := 0; hit < 6; hit++ {
			st, err := s.Continue()
			if err != nil {
				t.Fatal(err)
			}
			if st.Reason != StopBreakpoint {
				// The run has ended: every worker event it had is checked.
				if hit < 3 {
					t.Fatalf("GOMAXPROCS=%d: stopped for %v after %d workers, want at least 3 gcBgMarkWorker events", procs, st.Reason, hit)
				}
				break
			}
			ev := st.Event
			got, err := s.Print("gc.workers")
			if err != nil {
				t.Fatal(err)
			}
			mode := s.Text().Details(ev)
			want := fmt.Sprintf("{g: G%d, p: P%d, mode: %s}", ev.G, ev.P, mode)
			if !strings.Contains(got, want) {
				t.Errorf("GOMAXPROCS=%d, event %d (%s on P%d, %s): print gc.workers says\n%s\nwithout %s", procs, ev.Seq, ev.Kind, ev.P, mode, got, want)
			}
		}
	}
}

// TestWhyKeepsAsidesWhole: why numbers the steps of a reason, split at
// "; ", but not at one inside parentheses: a gcAssistAlloc's reason
// (mgcmark.go: gcAssistAlloc) is one sentence with an aside "(at ... the
// assist ratio; at least 64 KB, ...)".
func TestWhyKeepsAsidesWhole(t *testing.T) {
	for _, c := range []struct {
		why  string
		want []string
	}{
		{"one", []string{"one"}},
		{"a; b; c", []string{"a", "b", "c"}},
		{"a (x; y) b; c", []string{"a (x; y) b", "c"}},
		{"a (x (y; z); w); b", []string{"a (x (y; z); w)", "b"}},
		{"a) b; c", []string{"a) b", "c"}},
		{"a;b", []string{"a;b"}},
	} {
		if got := whySteps(c.why); !slices.Equal(got, c.want) {
			t.Errorf("whySteps(%q) = %q, want %q", c.why, got, c.want)
		}
	}
	s := gcSession(t, 4)
	if _, err := s.AddBreakpoint("gcAssistAlloc"); err != nil {
		t.Fatal(err)
	}
	st, err := s.Continue()
	if err != nil || st.Reason != StopBreakpoint {
		t.Fatalf("no gcAssistAlloc event: %v, %v", st.Reason, err)
	}
	if !strings.Contains(st.Event.Why, "assist ratio; at least") {
		t.Fatalf("the assist's reason no longer has the aside this test is about: %q", st.Event.Why)
	}
	why := s.Why()
	if strings.Contains(why, "\n  1. ") || strings.Contains(why, "\n  2. ") {
		t.Errorf("why splits the assist's one sentence:\n%s", why)
	}
}
