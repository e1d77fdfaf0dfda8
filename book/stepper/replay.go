package stepper

import (
	"bytes"
	"errors"
	"fmt"

	"github.com/gmplab/gmplab/internal/bug"
	"github.com/gmplab/gmplab/replay"
	"github.com/gmplab/gmplab/view"
)

// Replay is a real execution trace as the widget steps through it, in the
// shape of Run's: the lines gmplab replay prints for its events (the
// simulator's line, the trace's event and the model's why), each event's
// kind, the board after each (its queues are the model's: gmplab replay's
// board says they are inferred, and Header says it here) and the per-P
// timeline. A trace has no program to show, so every Src is 0 and Out is
// empty. It is the engine's side of a widget that opens a stored trace
// (book/stepper/wasm registers it as gmplabReplay); name is the trace's
// file name, data its bytes. A trace longer than MaxEvents is cut there
// (Cut, Total), as a run is. A panic in gmplab is an error that says it is
// gmplab's bug and how to report it, as Run's is.
func Replay(name string, data []byte) (tr *Trace, err error) {
	defer func() {
		if r := recover(); r != nil {
			tr, err = nil, errors.New(bug.Panic(fmt.Sprintf("a panic in gmplab's replay (%.200v)", r), r, ""))
		}
	}()
	t, err := replay.Read(bytes.NewReader(data), replay.Options{Name: name})
	if err != nil {
		return nil, err
	}
	tr = &Trace{Header: fmt.Sprintf("# %s: a Go 1.%d execution trace, %d events; the run queues are inferred by the model", name, t.Version, t.Events()),
		Total: t.Events()}
	if t.Warning != "" {
		tr.Exit = t.Warning
	}
	s := replay.NewSession(t)
	st := s.State()
	procs := len(st.Ps)
	prev := board(st, "")
	tr.Boards = append(tr.Boards, diff(nil, prev))
	tl := view.NewTimeline(max(procs, 1))
	for int64(len(tr.Lines)) < t.Events() {
		if len(tr.Lines) == MaxEvents {
			tr.Cut = true
			break
		}
		if _, err := s.Step(1); err != nil {
			return nil, fmt.Errorf("%s: event %d: %v", name, len(tr.Lines)+1, err)
		}
		ev, _ := s.Event()
		tl.Event(ev)
		tr.Lines = append(tr.Lines, view.FormatEvent(ev))
		tr.Kinds = append(tr.Kinds, ev.Kind.String())
		tr.Src = append(tr.Src, 0)
		st = s.State()
		procs = max(procs, len(st.Ps))
		b := board(st, "")
		tr.Boards = append(tr.Boards, diff(prev, b))
		prev = b
	}
	tr.TL = timeline(tl, max(procs, 1))
	return tr, nil
}
