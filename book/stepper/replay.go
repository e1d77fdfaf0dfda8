package stepper

import (
	"bytes"
	"fmt"

	"github.com/gmplab/gmplab/replay"
	"github.com/gmplab/gmplab/view"
)

// Replay is a real execution trace as the widget steps through it: the
// lines gmplab replay prints for its events (the simulator's line, the
// trace's event and the model's why), each event's kind, and the board
// after each, its queues the model's (gmplab replay's board says they are
// inferred; Header says it here). It is the engine's side of a widget that
// opens a stored trace; name is the trace's file name, data its bytes.
func Replay(name string, data []byte) (*Trace, error) {
	t, err := replay.Read(bytes.NewReader(data), replay.Options{Name: name})
	if err != nil {
		return nil, err
	}
	tr := &Trace{Header: fmt.Sprintf("# %s: a Go 1.%d execution trace, %d events; the run queues are inferred by the model", name, t.Version, t.Events())}
	if t.Warning != "" {
		tr.Exit = t.Warning
	}
	s := replay.NewSession(t)
	prev := board(s.State())
	tr.Boards = append(tr.Boards, diff(nil, prev))
	for {
		if _, err := s.Step(1); err != nil {
			break
		}
		if len(tr.Lines) == MaxEvents {
			tr.Cut = true
			break
		}
		ev, _ := s.Event()
		tr.Lines = append(tr.Lines, view.FormatEvent(ev))
		tr.Kinds = append(tr.Kinds, ev.Kind.String())
		b := board(s.State())
		tr.Boards = append(tr.Boards, diff(&prev, b))
		prev = b
	}
	return tr, nil
}
