package stepper

import (
	"os"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/replay"
	"github.com/gmplab/gmplab/view"
)

// Replay's lines are gmplab replay's, event by event, and it has a board
// for each: a widget can step through a stored trace as gmplab replay does.
func TestReplayStoredTrace(t *testing.T) {
	const path = "../../replay/testdata/real-workerpool.trace"
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	tr, err := Replay("real-workerpool.trace", data)
	if err != nil {
		t.Fatal(err)
	}
	rt, err := replay.Open(path, replay.Options{})
	if err != nil {
		t.Fatal(err)
	}
	if int64(len(tr.Lines)) != rt.Events() || tr.Total != rt.Events() || tr.Cut || len(tr.Boards) != len(tr.Lines)+1 || len(tr.Kinds) != len(tr.Lines) || len(tr.Src) != len(tr.Lines) {
		t.Fatalf("%d lines, %d boards, %d kinds, %d source lines, total %d (cut %v) for %d events", len(tr.Lines), len(tr.Boards), len(tr.Kinds), len(tr.Src), tr.Total, tr.Cut, rt.Events())
	}
	// The timeline has a lane per P the trace used, and every run on it is
	// a goroutine's, but on the world's lane, where the trace's GC is: its
	// stops of the world (kind 2) and its marking (3).
	if len(tr.TL.Rows) < 2 || len(tr.TL.Runs) == 0 || tr.TL.End <= 0 {
		t.Errorf("timeline: %d rows, %d runs, end %d", len(tr.TL.Rows), len(tr.TL.Runs), tr.TL.End)
	}
	world := 0
	for _, r := range tr.TL.Runs {
		if r[2] > r[3] {
			t.Fatalf("timeline run %v: starts after it ends", r)
		}
		if tr.TL.Rows[r[0]] == "world" {
			world++
			if r[1] != -1 || r[4] < 2 {
				t.Fatalf("timeline run %v on the world's lane: want the collector's (G -1, kind 2 or 3)", r)
			}
		} else if r[1] <= 0 || r[4] > 1 {
			t.Fatalf("timeline run %v: want a goroutine's", r)
		}
	}
	if world == 0 {
		t.Errorf("the trace's GC is not on the timeline's world lane")
	}
	s := replay.NewSession(rt)
	for i := range tr.Lines {
		st, err := s.Step(1)
		if err != nil {
			t.Fatal(err)
		}
		if want := view.FormatEvent(st.Event); tr.Lines[i] != want {
			t.Fatalf("line %d:\n got %s\nwant %s", i+1, tr.Lines[i], want)
		}
	}
	if !strings.Contains(tr.Header, "inferred") {
		t.Errorf("the header %q does not say the queues are inferred", tr.Header)
	}
	if _, err := Replay("x.trace", []byte("not a trace")); err == nil {
		t.Error("no error for a file that is not a trace")
	}
}
