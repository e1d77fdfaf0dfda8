package view

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"strconv"

	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// JSONEvent is the JSON form of an event (`--format json`, one object per
// line): the event's fields with the kind by its name, then its arguments,
// each a key of its own named by the kind's spec (runtime.EvSpec.Args:
// "step":4 for handoffp, "exit_code":0 for exit), the source position as
// line and column, and everything the text line says: what the event did
// (details, the text line's column) and why. Keys come in that order;
// docs/events.md lists every kind's arguments.
type JSONEvent struct {
	Seq  int64  `json:"seq"`
	T    int64  `json:"t"` // virtual ns since the start
	Kind string `json:"kind"`
	M    int32  `json:"m"` // -1: none
	P    int32  `json:"p"` // -1: none
	G    int64  `json:"g"` // goid, -1: none
	// Args are the kind's arguments, in its spec's order, each also when
	// it is 0; an argument the spec does not declare appears as arg1 or
	// arg2 when it is not 0, rather than be hidden.
	Args []JSONArg `json:"-"`
	Line int32     `json:"line,omitempty"`
	Col  int32     `json:"col,omitempty"`
	Text string    `json:"text,omitempty"`
	// Details is what the event did, as the text line says it.
	Details string `json:"details,omitempty"`
	Why     string `json:"why,omitempty"`
}

// JSONArg is one argument of an event, by name.
type JSONArg struct {
	Name  string
	Value int64
}

// jsonHead and jsonTail are the keys before and after the arguments.
type jsonHead struct {
	Seq  int64  `json:"seq"`
	T    int64  `json:"t"`
	Kind string `json:"kind"`
	M    int32  `json:"m"`
	P    int32  `json:"p"`
	G    int64  `json:"g"`
}

type jsonTail struct {
	Line    int32  `json:"line,omitempty"`
	Col     int32  `json:"col,omitempty"`
	Text    string `json:"text,omitempty"`
	Details string `json:"details,omitempty"`
	Why     string `json:"why,omitempty"`
}

// rawArgNames name an argument the kind's spec does not declare.
var rawArgNames = [2]string{"arg1", "arg2"}

// ToJSON converts ev to its JSON form.
func ToJSON(ev runtime.Event) JSONEvent {
	var args [2]JSONArg
	n := eventArgs(&args, ev)
	return JSONEvent{
		Seq: ev.Seq, T: ev.T, Kind: ev.Kind.String(),
		M: ev.M, P: ev.P, G: ev.G,
		Args: append([]JSONArg(nil), args[:n]...),
		Line: ev.Pos.Line, Col: ev.Pos.Col,
		Text: ev.Text, Details: Details(ev), Why: ev.Why,
	}
}

// eventArgs puts ev's arguments, by name, in args and says how many: the
// kind's, and an undeclared one that is not 0.
func eventArgs(args *[2]JSONArg, ev runtime.Event) int {
	spec, n := ev.Kind.Spec(), 0
	for i, v := range [2]int64{ev.Arg1, ev.Arg2} {
		switch name := spec.Args[i].Name; {
		case name != "":
			args[n] = JSONArg{name, v}
			n++
		case v != 0:
			args[n] = JSONArg{rawArgNames[i], v}
			n++
		}
	}
	return n
}

// FromJSON converts back; it fails only on an unknown kind.
func FromJSON(je JSONEvent) (runtime.Event, bool) {
	k, ok := runtime.EvKindByName(je.Kind)
	if !ok {
		return runtime.Event{}, false
	}
	ev := runtime.Event{
		Seq: je.Seq, T: je.T, Kind: k,
		M: je.M, P: je.P, G: je.G,
		Pos:  vm.Pos{Line: je.Line, Col: je.Col},
		Text: je.Text, Why: je.Why,
	}
	spec := k.Spec()
	for _, a := range je.Args {
		for i, p := range []*int64{&ev.Arg1, &ev.Arg2} {
			if a.Name == spec.Args[i].Name || spec.Args[i].Name == "" && a.Name == rawArgNames[i] {
				*p = a.Value
			}
		}
	}
	return ev, true
}

// MarshalJSON writes the keys in order: seq, t, kind, m, p, g, the
// arguments by name, line, col, text, details, why. HTML characters are
// not escaped: the lines are read by people and programs, not embedded in
// pages.
func (je JSONEvent) MarshalJSON() ([]byte, error) {
	return appendJSON(nil, jsonHead{je.Seq, je.T, je.Kind, je.M, je.P, je.G}, je.Args,
		jsonTail{je.Line, je.Col, je.Text, je.Details, je.Why})
}

// appendJSON appends the JSON form of an event to b.
func appendJSON(b []byte, h jsonHead, args []JSONArg, t jsonTail) ([]byte, error) {
	buf := bytes.NewBuffer(b)
	buf.Grow(160 + len(t.Text) + len(t.Details) + len(t.Why))
	var scratch [128]byte
	head := strconv.AppendInt(append(scratch[:0], `{"seq":`...), h.Seq, 10)
	head = strconv.AppendInt(append(head, `,"t":`...), h.T, 10)
	head = appendJSONName(append(head, `,"kind":`...), h.Kind)
	head = strconv.AppendInt(append(head, `,"m":`...), int64(h.M), 10)
	head = strconv.AppendInt(append(head, `,"p":`...), int64(h.P), 10)
	head = strconv.AppendInt(append(head, `,"g":`...), h.G, 10)
	for _, a := range args {
		head = append(appendJSONName(append(head, ','), a.Name), ':')
		head = strconv.AppendInt(head, a.Value, 10)
	}
	buf.Write(head)
	// The strings, escaped as encoding/json escapes them: the tail's
	// object, its { turned into a comma.
	start := buf.Len()
	enc := json.NewEncoder(buf)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(t); err != nil {
		return nil, err
	}
	out := bytes.TrimSuffix(buf.Bytes(), []byte("\n"))
	if len(out)-start > 2 {
		out[start] = ','
		return out, nil
	}
	return append(out[:start], '}'), nil
}

// appendJSONName appends a kind's or an argument's name as a JSON string:
// as it is when it is a plain identifier (every spec's is), else through
// encoding/json.
func appendJSONName(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' || c == '_') {
			q, _ := json.Marshal(s) // a string always marshals
			return append(b, q...)
		}
	}
	return append(append(append(b, '"'), s...), '"')
}

// UnmarshalJSON reads the form MarshalJSON writes: the arguments are the
// keys that the kind's spec names (and arg1, arg2).
func (je *JSONEvent) UnmarshalJSON(data []byte) error {
	var h jsonHead
	var t jsonTail
	var keys map[string]json.RawMessage
	for _, v := range []any{&h, &t, &keys} {
		if err := json.Unmarshal(data, v); err != nil {
			return err
		}
	}
	*je = JSONEvent{Seq: h.Seq, T: h.T, Kind: h.Kind, M: h.M, P: h.P, G: h.G,
		Line: t.Line, Col: t.Col, Text: t.Text, Details: t.Details, Why: t.Why}
	var names []string
	if k, ok := runtime.EvKindByName(h.Kind); ok {
		for i, a := range k.Spec().Args {
			if a.Name != "" {
				names = append(names, a.Name)
			} else {
				names = append(names, rawArgNames[i])
			}
		}
	}
	for _, name := range names {
		raw, ok := keys[name]
		if !ok {
			continue
		}
		var v int64
		if err := json.Unmarshal(raw, &v); err != nil {
			return fmt.Errorf("%s event: argument %s: %v", h.Kind, name, err)
		}
		je.Args = append(je.Args, JSONArg{name, v})
	}
	return nil
}

// MarshalEvent returns ev as one line of JSON (JSONEvent's form), without
// the newline.
func MarshalEvent(ev runtime.Event) []byte {
	var args [2]JSONArg
	n := eventArgs(&args, ev)
	b, err := appendJSON(nil, jsonHead{ev.Seq, ev.T, ev.Kind.String(), ev.M, ev.P, ev.G}, args[:n],
		jsonTail{ev.Pos.Line, ev.Pos.Col, ev.Text, Details(ev), ev.Why})
	if err != nil {
		panic("gmplab bug: view.MarshalEvent: " + err.Error()) // plain fields: cannot fail
	}
	return b
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
