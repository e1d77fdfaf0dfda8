package debugger

import (
	"bytes"
	"math/rand/v2"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// TestLessonsReverseEqualsForward checks on every lesson's scenario, with
// its own settings, that random motions (goto, steps and steps back, with
// a small snapshot store so that it thins) always land on the state JSON
// a fresh forward run has at that event.
func TestLessonsReverseEqualsForward(t *testing.T) {
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		t.Run(l.Dir, func(t *testing.T) {
			src, err := l.Source(l.Scenarios[0])
			if err != nil {
				t.Fatal(err)
			}
			prog, err := lang.Compile(l.Path(l.Scenarios[0]), src)
			if err != nil {
				t.Fatal(err)
			}
			cfg := runtime.Config{GOMAXPROCS: l.GOMAXPROCS, Seed: l.Seed, Layers: l.Layers()}
			// The fresh run's states, every event.
			cfgWhy := cfg
			cfgWhy.Why = true
			mc, err := runtime.New(prog, cfgWhy)
			if err != nil {
				t.Fatal(err)
			}
			want := [][]byte{view.MarshalState(mc.State())}
			for {
				if _, ok := mc.Step(); !ok {
					break
				}
				want = append(want, view.MarshalState(mc.State()))
			}
			total := int64(len(want) - 1)
			s, err := New(Options{Program: prog, Config: cfg, SnapshotEvery: 37, MaxSnapshots: 6})
			if err != nil {
				t.Fatal(err)
			}
			rng := rand.New(rand.NewPCG(uint64(l.Num), 1))
			for i := 0; i < 60; i++ {
				n := rng.Int64N(total + 1)
				switch i % 3 {
				case 0:
					s.Goto(n)
				case 1:
					if s.Pos() > 0 {
						s.RevStep(1 + rng.Int64N(min(s.Pos(), 50)))
					}
				case 2:
					if !s.Exited() {
						s.Step(1 + rng.Int64N(50))
					}
				}
				if got := view.MarshalState(s.State()); !bytes.Equal(got, want[s.Pos()]) {
					t.Fatalf("motion %d: the state at event %d differs from a fresh run's", i, s.Pos())
				}
			}
		})
	}
}
