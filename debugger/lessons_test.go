package debugger

import (
	"bytes"
	"math/rand/v2"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/gmplab/gmplab/internal/testnote"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
	"github.com/gmplab/gmplab/vm"
)

// stateCase is a program with its settings, for the every-event checks.
type stateCase struct {
	name string
	prog *vm.Program
	cfg  runtime.Config
}

// stateCases are every lesson's scenarios and every example, with the
// settings they are shown with (the examples at GOMAXPROCS 2), compiled
// once for all the tests that use them.
func stateCases(t *testing.T) []stateCase {
	t.Helper()
	cs, err := compiledStateCases()
	if err != nil {
		t.Fatal(err)
	}
	return cs
}

var compiledStateCases = sync.OnceValues(func() ([]stateCase, error) {
	ls, err := lessons.All()
	if err != nil {
		return nil, err
	}
	var cs []stateCase
	for _, l := range ls {
		for _, sc := range l.Scenarios {
			src, err := l.Source(sc)
			if err != nil {
				return nil, err
			}
			prog, err := lang.Compile(l.Path(sc), src)
			if err != nil {
				return nil, err
			}
			cs = append(cs, stateCase{l.Dir + "/" + sc, prog, runtime.Config{GOMAXPROCS: l.GOMAXPROCS, Seed: l.Seed, Layers: l.Layers()}})
		}
	}
	files, err := filepath.Glob("../examples/*.go")
	if err != nil {
		return nil, err
	}
	for _, f := range files {
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		prog, err := lang.Compile("examples/"+filepath.Base(f), src)
		if err != nil {
			return nil, err
		}
		cs = append(cs, stateCase{"examples/" + filepath.Base(f), prog, runtime.Config{GOMAXPROCS: 2, Seed: 1, MaxTime: 200e6}})
	}
	return cs, nil
})

// forwardStates is the state JSON after every event of a fresh run stepped
// forwards, recorded by the engine inside each step (index: the event).
func forwardStates(t *testing.T, c stateCase, limit int) [][]byte {
	t.Helper()
	cfg := c.cfg
	cfg.Why = true
	mc, err := runtime.New(c.prog, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mc.RecordStates(true)
	want := [][]byte{view.MarshalState(mc.State())}
	for len(want) <= limit {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		st := mc.StateAt(ev.Seq)
		if st == nil || st.Seq != ev.Seq {
			t.Fatalf("event %d: the engine recorded no state for it", ev.Seq)
		}
		if msg := reflects(ev, st); msg != "" {
			t.Fatalf("the state after event %d (%s G%d) %s", ev.Seq, ev.Kind, ev.G, msg)
		}
		want = append(want, view.MarshalState(st))
	}
	return want
}

// reflects checks that st, the state after ev, shows what ev reports about
// its G (and no later event's doing); "" if it does.
func reflects(ev runtime.Event, st *runtime.State) string {
	var g *runtime.GState
	for i := range st.Gs {
		if st.Gs[i].Goid == ev.G {
			g = &st.Gs[i]
		}
	}
	status := ""
	if g != nil {
		status = g.Status
	}
	switch ev.Kind {
	case runtime.EvGopark, runtime.EvGosched, runtime.EvEntersyscall, runtime.EvNetpollBlock, runtime.EvPrint, runtime.EvBreakpoint:
		// The G is inside the call the event reports: every view shows
		// the call's line, as Go's traceback does.
		if ev.Pos.Line > 0 && g != nil && len(g.Frames) > 0 && g.Frames[0].Line != ev.Pos.Line {
			return "shows the G at line " + strconv.Itoa(int(g.Frames[0].Line)) + ", not at its call on line " + strconv.Itoa(int(ev.Pos.Line))
		}
	}
	want := ""
	switch ev.Kind {
	case runtime.EvExecute:
		want = "running"
	case runtime.EvNewproc, runtime.EvGoready, runtime.EvGosched, runtime.EvPreempted, runtime.EvAsyncPreempt:
		want = "runnable"
	case runtime.EvGopark:
		want = "waiting"
	case runtime.EvEntersyscall:
		want = "syscall"
	case runtime.EvGoexit0:
		if g != nil {
			return "still lists the G that exited"
		}
		return ""
	case runtime.EvRunqget, runtime.EvGlobrunqget:
		if g != nil && (strings.HasPrefix(g.Where, "runq of") || strings.HasPrefix(g.Where, "runnext of") || g.Where == "global runq") {
			return "still has the G in a queue (" + g.Where + ")"
		}
		return ""
	default:
		return ""
	}
	if status != want {
		return "shows the G " + status + ", want " + want
	}
	return ""
}

// TestStateAtEveryEvent checks, on every lesson and example, that for
// every event N the state reached by stepping forwards, by goto N from
// another position (so from whichever snapshot is nearest) and by rev step
// from N+k are the same, and that it is the state after event N (its seq
// is N). The snapshot store is small so that it thins: at most 6
// snapshots, one every 37 events, or for a run shorter than 12*37 events
// one every twelfth of it, so that a short run's store fills and thins too
// (with one every 37, a run of 28 events such as coop.go kept only the
// start, and each of its motions replayed it all: 192 million
// instructions), unless its machine is so big that its size spaces the
// snapshots (service.go). Long runs are checked on their first 800 events (300 in
// -short mode).
//
// Stepping forwards checks each of a run's first 200 events; goto and rev
// step check each of its first 24, then a seeded one in 4 (gotoSample)
// and the last two. A goto backwards replays from the snapshot before it,
// and where an event is expensive that is most of the cost: coop.go's 28
// events are 1.5 s of CPU a run, lesson 09's service.go's 62 are 0.5 s
// (its machine holds a 4 MB heap, so its snapshots are spaced by its size,
// see snapshot.go: every goto backwards replays from the start). What no
// longer runs is goto and rev step at the other 3 in 4 events past the
// 24th; the forward run still checks every event's state against its
// event (reflects).
func TestStateAtEveryEvent(t *testing.T) {
	limit := 800
	if testing.Short() {
		limit = 300
	}
	testnote.Say(t, "every scenario's state at each of its first %d events, reached forwards and backwards", limit)
	for _, c := range stateCases(t) {
		t.Run(c.name, func(t *testing.T) {
			want := forwardStates(t, c, limit)
			total := int64(len(want) - 1)
			s, err := New(Options{Program: c.prog, Config: c.cfg, SnapshotEvery: snapshotEvery(total), MaxSnapshots: 6})
			if err != nil {
				t.Fatal(err)
			}
			check := func(how string, n int64) {
				t.Helper()
				if s.Pos() != n {
					t.Fatalf("%s: at event %d, want %d", how, s.Pos(), n)
				}
				st := s.State()
				if st.Seq != n {
					t.Fatalf("%s: the state at event %d is after event %d", how, n, st.Seq)
				}
				if got := view.MarshalState(st); !bytes.Equal(got, want[n]) {
					t.Fatalf("%s: the state at event %d differs from the forward run's:\n%s\nwant:\n%s", how, n, got, want[n])
				}
			}
			rng := rand.New(rand.NewPCG(uint64(total), 1))
			// Stepping forwards one event at a time.
			for n := int64(1); n <= min(total, 200); n++ {
				if _, err := s.Step(1); err != nil {
					t.Fatal(err)
				}
				check("step", n)
			}
			for _, n := range gotoSample(total, rng) {
				if _, err := s.Goto(rng.Int64N(total + 1)); err != nil {
					t.Fatal(err)
				}
				if _, err := s.Goto(n); err != nil {
					t.Fatal(err)
				}
				check("goto", n)
				k := 1 + rng.Int64N(40)
				if n+k > total {
					continue
				}
				if _, err := s.Goto(n + k); err != nil {
					t.Fatal(err)
				}
				if _, err := s.RevStep(k); err != nil {
					t.Fatal(err)
				}
				check("rev step", n)
			}
		})
	}
}

// gotoSample is the events TestStateAtEveryEvent reaches by goto and rev
// step in a run of total events, in order: 0 to gotoFull, then one in
// gotoStride from an offset rng chooses, and the last two.
func gotoSample(total int64, rng *rand.Rand) []int64 {
	var ns []int64
	for n := int64(0); n <= min(total, gotoFull); n++ {
		ns = append(ns, n)
	}
	for n := gotoFull + 1 + rng.Int64N(gotoStride); n < total-1; n += gotoStride {
		ns = append(ns, n)
	}
	for n := max(total-1, gotoFull+1); n <= total; n++ {
		ns = append(ns, n)
	}
	return ns
}

const (
	gotoFull   = 24 // every event up to this one
	gotoStride = 4  // then one in this many
)

// The sample holds every event up to gotoFull, then one in gotoStride, and
// the last two; it is sorted and repeats none.
func TestGotoSample(t *testing.T) {
	for _, total := range []int64{0, 1, 23, 24, 25, 26, 27, 28, 62, 800} {
		ns := gotoSample(total, rand.New(rand.NewPCG(uint64(total), 1)))
		for i, n := range ns {
			if n < 0 || n > total || i > 0 && n <= ns[i-1] {
				t.Fatalf("total %d: %v is not sorted within [0, %d]", total, ns, total)
			}
			if i > 0 && n-ns[i-1] > gotoStride+1 && ns[i-1] >= gotoFull || i > 0 && n != ns[i-1]+1 && n <= gotoFull {
				t.Fatalf("total %d: a gap from %d to %d in %v", total, ns[i-1], n, ns)
			}
		}
		if ns[0] != 0 || ns[len(ns)-1] != total || total > 0 && ns[len(ns)-2] != total-1 {
			t.Fatalf("total %d: %v lacks the first or the last two", total, ns)
		}
	}
}

// snapshotEvery is TestStateAtEveryEvent's snapshot spacing for a run of
// total events: 37, or a twelfth of a shorter run, so that its store of 6
// thins on every scenario.
func snapshotEvery(total int64) int64 { return max(1, min(37, total/12)) }

// TestLessonsReverseEqualsForward checks on every lesson's scenario that
// random motions (goto, steps and steps back) always land on the state a
// fresh forward run has at that event. A scenario longer than
// reverseLimit events (lesson 00's pairs.go has 128,160) is checked on
// its first reverseLimit: recording every state of the whole run cost
// minutes. Snapshots come every 2 events, 64 kept (TestStateAtEveryEvent
// thins a store of 6 every 37): coop.go has 28 events 192 million
// instructions long, and with a snapshot every 37 events every motion
// replayed it from the start (83 s).
func TestLessonsReverseEqualsForward(t *testing.T) {
	const reverseLimit = 20000
	testnote.Say(t, "random motions, forwards and back, on every lesson's scenario (its first %d events)", reverseLimit)
	for _, c := range stateCases(t) {
		if strings.HasPrefix(c.name, "examples/") {
			continue // long runs: TestStateAtEveryEvent covers their start
		}
		t.Run(c.name, func(t *testing.T) {
			want := forwardStates(t, c, reverseLimit)
			total := int64(len(want) - 1)
			cut := total >= reverseLimit // the run goes on past want's end
			s, err := New(Options{Program: c.prog, Config: c.cfg, SnapshotEvery: 2, MaxSnapshots: 64})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(total), 2))
			for i := 0; i < 60; i++ {
				n := rng.Int64N(total + 1)
				switch i % 4 {
				case 0:
					s.Goto(n)
				case 1:
					if s.Pos() > 0 {
						s.RevStep(1 + rng.Int64N(min(s.Pos(), 50)))
					}
				case 2:
					if k := min(1+rng.Int64N(50), total-s.Pos()); !s.Exited() && k > 0 {
						s.Step(k)
					}
				case 3:
					if cut {
						s.Goto(n)
						break
					}
					s.Continue() // stops where no watch was set: the state is replayed
				}
				if got := view.MarshalState(s.State()); !bytes.Equal(got, want[s.Pos()]) {
					t.Fatalf("motion %d: the state at event %d differs from a fresh run's", i, s.Pos())
				}
			}
		})
	}
}

// TestGMModelBoardShowsNoPs: in lesson 00 (the GM model) neither the board
// nor a stop line nor schedtrace names a P, at any of its events.
func TestGMModelBoardShowsNoPs(t *testing.T) {
	var c stateCase
	for _, sc := range stateCases(t) {
		if strings.HasPrefix(sc.name, "00-") {
			c = sc
		}
	}
	if c.prog == nil {
		t.Fatal("no lesson 00")
	}
	pName := regexp.MustCompile(`\bP[0-9-]+\b|idleprocs|runnext`)
	s, err := New(Options{Program: c.prog, Config: c.cfg})
	if err != nil {
		t.Fatal(err)
	}
	for !s.Exited() {
		st, err := s.Step(7)
		if err != nil {
			t.Fatal(err)
		}
		for _, text := range []string{s.Board(100), st.Line(), s.Schedtrace(), s.Threads(), s.Why()} {
			if pName.MatchString(text) {
				t.Fatalf("at event %d a view shows a P:\n%s", s.Pos(), text)
			}
		}
		for _, ev := range st.Passed {
			if l := st.Style.Format(ev); pName.MatchString(l) {
				t.Fatalf("event %d's line shows a P:\n%s", ev.Seq, l)
			}
		}
	}
}
