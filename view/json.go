package view

import (
	"bytes"
	"encoding/json"
	"io"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// JSONEvent is the JSON form of an event (`--format json`, one object per
// line): the event's fields with the kind by its name, the source position
// as line and column, the arguments (runtime/event.go documents them per
// kind), and everything the text line says: what the event did (details,
// the text line's column), why, and for the exit event its exit code (also
// when it is 0).
type JSONEvent struct {
	Seq  int64  `json:"seq"`
	T    int64  `json:"t"` // virtual ns since the start
	Kind string `json:"kind"`
	M    int32  `json:"m"` // -1: none
	P    int32  `json:"p"` // -1: none
	G    int64  `json:"g"` // goid, -1: none
	Arg1 int64  `json:"arg1,omitempty"`
	Arg2 int64  `json:"arg2,omitempty"`
	Line int32  `json:"line,omitempty"`
	Col  int32  `json:"col,omitempty"`
	Text string `json:"text,omitempty"`
	// Details is what the event did, as the text line says it.
	Details string `json:"details,omitempty"`
	Why     string `json:"why,omitempty"`
	// ExitCode is the program's exit code, on the exit event only.
	ExitCode *int64 `json:"exit_code,omitempty"`
}

// ToJSON converts ev to its JSON form.
func ToJSON(ev runtime.Event) JSONEvent {
	je := JSONEvent{
		Seq: ev.Seq, T: ev.T, Kind: ev.Kind.String(),
		M: ev.M, P: ev.P, G: ev.G,
		Arg1: ev.Arg1, Arg2: ev.Arg2,
		Line: ev.Pos.Line, Col: ev.Pos.Col,
		Text: ev.Text, Details: Details(ev), Why: ev.Why,
	}
	if ev.Kind == runtime.EvExit {
		code := ev.Arg1
		je.ExitCode = &code
	}
	return je
}

// FromJSON converts back; it fails only on an unknown kind.
func FromJSON(je JSONEvent) (runtime.Event, bool) {
	k, ok := runtime.EvKindByName(je.Kind)
	if !ok {
		return runtime.Event{}, false
	}
	return runtime.Event{
		Seq: je.Seq, T: je.T, Kind: k,
		M: je.M, P: je.P, G: je.G,
		Arg1: je.Arg1, Arg2: je.Arg2,
		Pos:  vm.Pos{Line: je.Line, Col: je.Col},
		Text: je.Text, Why: je.Why,
	}, true
}

// MarshalEvent returns ev as one line of JSON, without the newline. HTML
// characters are not escaped: the lines are read by people and programs,
// not embedded in pages.
func MarshalEvent(ev runtime.Event) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(ToJSON(ev)); err != nil {
		panic("view.MarshalEvent: " + err.Error()) // plain fields: cannot fail
	}
	return bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
}

// WriteEventJSON writes ev as one line of JSON followed by a newline.
func WriteEventJSON(w io.Writer, ev runtime.Event) error {
	b := MarshalEvent(ev)
	b = append(b, '\n')
	_, err := w.Write(b)
	return err
}

// MarshalState returns the snapshot as indented JSON (two spaces) ending
// in a newline. Field order is the struct order of runtime.State, so the
// same state always gives the same bytes.
func MarshalState(st *runtime.State) []byte {
	var buf bytes.Buffer
	enc := json.NewEncoder(&buf)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(st); err != nil {
		panic("view.MarshalState: " + err.Error()) // plain fields: cannot fail
	}
	return buf.Bytes()
}

// WriteState writes the snapshot as indented JSON (`--state-at`).
func WriteState(w io.Writer, st *runtime.State) error {
	_, err := w.Write(MarshalState(st))
	return err
}
