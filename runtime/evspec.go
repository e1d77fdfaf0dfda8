package runtime

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time" // Duration.String only: the engine never reads the clock

	"github.com/gmplab/gmplab/vm"
)

// One spec per event kind.
//
// Everything gmplab knows about an event kind is one EvSpec row in evSpecs
// (evspecs.go): its name, the function of Go's runtime it stands for and
// that function's file, what Arg1, Arg2, Text and Pos mean (named and
// typed), how its details column prints, how a timeline draws it, and the
// debugger's groups it belongs to. Every consumer reads the row: view's
// text, JSON and Chrome forms and its timeline, the debugger's breakpoints,
// expressions and stepout, gmplab real's stops, the checker and the
// generated reference docs/events.md. Adding a kind is one constant in
// event.go, one row, and the rule that emits it (docs/hacking.md).
//
// The model is Go's own trace format, internal/trace/tracev2/spec.go: one
// EventSpec per event with its arguments' names and types, read by the
// parser, the validator and the tests. Here the validator is CheckEvent,
// which Config.Check applies to every event the engine emits.
//
// Rejected: a type per kind with methods (Details, Args, …). A kind's
// parts would again be spread over as many places as it has methods, and
// a test could not walk them as it walks the rows; tracev2 chooses the
// table too.

// EvSpec describes one event kind.
type EvSpec struct {
	// Name is the kind's name in traces, JSON and breakpoints: the name of
	// the runtime function it stands for (EvKind.String).
	Name string
	// Func is the function as Delve and the profiler name it
	// ("runtime.handoffp"), in File, a path under $GOROOT/src
	// ("runtime/proc.go"); a function of gmplab's own (sim.Breakpoint) is
	// named by its import path and File is in this repository.
	// TestSpecFuncsExist finds each in the Go 1.26 source.
	Func, File string
	// Doc says what happened, in one sentence.
	Doc string
	// Args are what Arg1 and Arg2 mean. An argument with no Name is
	// unused and always 0.
	Args [2]EvArg
	// Text and Pos say what Event.Text and Event.Pos hold for this kind;
	// "" means nothing (Text is empty; Pos may still be set for an event
	// the debugger stops on by line, but nothing prints it).
	Text, Pos string
	// Details appends the details column of an event of this kind: what
	// its arguments mean, in a few words. nil prints nothing.
	Details func(b []byte, ev Event) []byte
	// DetailsGM, when not nil, replaces Details in the GM model's text (the
	// stacks layer alone), which has no Ps to speak of.
	DetailsGM func(b []byte, ev Event) []byte
	// Instant marks a decision worth finding on a timeline: the Chrome
	// trace draws it as an instant on its P's track.
	Instant bool
	// Span is what the event does to the run of a G on a P that Chrome
	// traces and timelines draw as a slice.
	Span Span
	// Mark is the timeline's marker for the kind (0: none), drawn on the
	// rows MarkOn says.
	Mark   byte
	MarkOn MarkRow
	// Leaves: the event's G leaves its M (parks, yields, is preempted,
	// exits or enters a system call); the debugger's stepout stops there.
	Leaves bool
	// World is what the event does to the world (the GC row of timelines
	// and Chrome traces): it stops, or starts again.
	World World
	// GCWorker: the event's G is the mark worker its P runs next, in the
	// mode Arg1 names (gcMarkWorkerModeValues); its run is the
	// collector's, not the program's.
	GCWorker bool
	// Groups are the breakpoint groups (EvGroups) the kind belongs to.
	Groups []string
	// Trace are the events of Go's own execution trace format that
	// record an event of this kind, the first that fits an event being
	// the one gmplab run --format trace writes for it; gmplab replay reads
	// them back as this kind, and breakpoints take their names (break
	// GoBlock). A kind the format does not record (the run queues, the
	// Ms' spinning) has none: that is what the replay's model infers.
	Trace []TraceEv
	// TraceOnly: the simulator never makes this kind; it comes from an
	// execution trace, through gmplab replay (the garbage collector,
	// runtime/trace's annotations, C threads calling into Go).
	TraceOnly bool
}

// TraceEv is an event of Go's execution trace format that records events
// of a kind.
type TraceEv struct {
	// Name is its name in the format (internal/trace/tracev2's
	// EventSpec.Name: GoCreate, GoStart, GoBlock, …);
	// TestTraceEventsExist finds each in Go 1.26's source.
	Name string
	// Arg, when not "", says that this event records only the kind's
	// events whose argument Arg is Value (exitsyscall's fast path is
	// GoSyscallEnd, its other paths GoSyscallEndBlocked).
	Arg   string
	Value int64
	// Reason is the reason string the event carries for this kind
	// (GoStop's "runtime.Gosched" or "preempted"); "" for none, or a
	// reason the event itself gives (a park's, from its wait reason).
	Reason string
}

// TraceEvent returns the trace event that records ev, nil if Go's trace
// format has none for it.
func (ev *Event) TraceEvent() *TraceEv {
	tr := ev.Kind.Spec().Trace
	for i := range tr {
		if tr[i].Arg == "" {
			return &tr[i]
		}
		if v, ok := ev.Arg(tr[i].Arg); ok && v == tr[i].Value {
			return &tr[i]
		}
	}
	return nil
}

// TraceEventNames lists the trace events the specs name, sorted, once
// each.
func TraceEventNames() []string {
	seen := map[string]bool{}
	var names []string
	for k := EvNone + 1; k < numEvKinds; k++ {
		for _, t := range evSpecs[k].Trace {
			if !seen[t.Name] {
				seen[t.Name] = true
				names = append(names, t.Name)
			}
		}
	}
	slices.Sort(names)
	return names
}

// TraceKinds lists the kinds recorded by the trace event named name, in
// declaration order (nil for none).
func TraceKinds(name string) []EvKind {
	var ks []EvKind
	for k := EvNone + 1; k < numEvKinds; k++ {
		for _, t := range evSpecs[k].Trace {
			if t.Name == name && !slices.Contains(ks, k) {
				ks = append(ks, k)
			}
		}
	}
	return ks
}

// EvArg is one argument of an event kind.
type EvArg struct {
	// Name is the argument's name in JSON (a key of its own) and in the
	// debugger's expressions (break handoffp if step == 4).
	Name string
	Type ArgType
	// Doc says what it is.
	Doc string
	// Values name the codes of an ArgCode argument.
	Values []ArgValue
}

// ArgValue names one code of an ArgCode argument.
type ArgValue struct {
	Code int64
	Name string
}

// ArgType says what an argument counts, and so how the debugger prints it
// (goids, Ps and Ms as G7, P2, M3; times and durations as the time column).
type ArgType uint8

const (
	ArgNone ArgType = iota
	ArgInt
	ArgBool
	ArgG
	ArgP
	ArgM
	ArgBytes
	ArgDuration
	ArgTime
	ArgCode
	numArgTypes
)

// argTypes name each type and say what it is (docs/events.md lists them).
var argTypes = [numArgTypes]struct{ name, doc string }{
	ArgNone:     {"none", "unused: always 0"},
	ArgInt:      {"int", "a count or a number"},
	ArgBool:     {"bool", "1 for yes, 0 for no"},
	ArgG:        {"goid", "a goroutine's id; -1 is none"},
	ArgP:        {"P", "a P's id"},
	ArgM:        {"M", "an M's id"},
	ArgBytes:    {"bytes", "a size in bytes"},
	ArgDuration: {"duration", "a length of virtual time, in ns"},
	ArgTime:     {"time", "a virtual time, in ns since the start"},
	ArgCode:     {"code", "one of a few values, each named by the kind's spec"},
}

// ArgTypes lists the argument types, ArgNone left out.
func ArgTypes() []ArgType {
	ts := make([]ArgType, 0, numArgTypes-1)
	for t := ArgNone + 1; t < numArgTypes; t++ {
		ts = append(ts, t)
	}
	return ts
}

// Doc says what an argument of type t is.
func (t ArgType) Doc() string {
	if t < numArgTypes {
		return argTypes[t].doc
	}
	return ""
}

func (t ArgType) String() string {
	if t < numArgTypes {
		return argTypes[t].name
	}
	return "ArgType(" + vm.Itoa(int64(t)) + ")"
}

// Span is what an event does to the run of a G on a P (a slice of a
// Chrome trace's P track, a run of a timeline's P row).
type Span uint8

const (
	SpanNone        Span = iota
	SpanRun              // G starts running on P (the P's previous run ends)
	SpanSyscall          // G enters a system call keeping P: a syscall run starts
	SpanExitsyscall      // G's system call ends; with a P, G runs on it
	SpanStop             // the run on P ends: G stopped or P was let go
	SpanRetake           // sysmon took P from G's system call, which goes on without it
	SpanEnd              // the program ended: every run ends
)

// World is what an event does to the world: timelines and Chrome traces
// draw a row of the collector with the stops of the world and the
// concurrent mark between them.
type World uint8

const (
	WorldNone  World = iota
	WorldStop        // the world starts stopping (a concurrent mark ends)
	WorldStart       // the world starts again; its argument "marking" is 1 if the concurrent mark runs from now
)

// MarkRow says on which timeline rows a kind's Mark goes.
type MarkRow uint8

const (
	MarkOnP           MarkRow = iota // the event's P's row (if it has a P)
	MarkOnSysmon                     // the sysmon row
	MarkOnPAndSysmon                 // both
	MarkOnPElseSysmon                // the P's row, or sysmon's for an event with no P
)

// EvGroup is a name for several kinds in a breakpoint (break preempt).
type EvGroup struct {
	Name string
	Doc  string
}

// EvGroups are the breakpoint groups, in the order help lists them; each
// kind's row says which it is in.
var EvGroups = []EvGroup{
	{"steal", "a P stole Gs from another"},
	{"preempt", "a preemption: requested, by signal, or at a prologue"},
	{"syscall", "a G entered or left a system call"},
	{"park", "a G blocked"},
	{"handoff", "a P was handed off"},
	{"spinning", "an M started to look for work"},
	{"global", "the global run queue was used"},
	{"gosched", "a G yielded with runtime.Gosched"},
	{"gc", "the garbage collector: a cycle, a stop of the world, a mark worker, an assist"},
	{"user", "a task, a region or a log of runtime/trace's annotations"},
}

// GroupKinds lists the kinds in group name, in declaration order (nil for
// no such group).
func GroupKinds(name string) []EvKind {
	var ks []EvKind
	for k := EvNone + 1; k < numEvKinds; k++ {
		for _, g := range evSpecs[k].Groups {
			if g == name {
				ks = append(ks, k)
			}
		}
	}
	return ks
}

// Spec returns k's spec (an empty one, named like String, for a kind out
// of range).
func (k EvKind) Spec() *EvSpec {
	if k < numEvKinds {
		return &evSpecs[k]
	}
	return &EvSpec{Name: k.String()}
}

func (k EvKind) String() string {
	if k < numEvKinds {
		return evSpecs[k].Name
	}
	return "EvKind(" + vm.Itoa(int64(k)) + ")"
}

// EvKindByName returns the kind whose String is name.
func EvKindByName(name string) (EvKind, bool) {
	for k := range evSpecs {
		if evSpecs[k].Name == name {
			return EvKind(k), true
		}
	}
	return EvNone, false
}

// EvKinds lists every kind but EvNone, in declaration order.
func EvKinds() []EvKind {
	ks := make([]EvKind, 0, numEvKinds-1)
	for k := EvNone + 1; k < numEvKinds; k++ {
		ks = append(ks, k)
	}
	return ks
}

// Arg returns the argument named name of ev's kind; ok is false when the
// kind has no such argument.
func (ev *Event) Arg(name string) (v int64, ok bool) {
	s := ev.Kind.Spec()
	switch name {
	case "":
	case s.Args[0].Name:
		return ev.Arg1, true
	case s.Args[1].Name:
		return ev.Arg2, true
	}
	return 0, false
}

// MustArg is Arg for code that knows the kind: a name the kind does not
// have is a bug in gmplab.
func (ev *Event) MustArg(name string) int64 {
	v, ok := ev.Arg(name)
	if !ok {
		panic("gmplab bug: event kind " + ev.Kind.String() + " has no argument " + strconv.Quote(name))
	}
	return v
}

// SetArg sets the argument named name of ev's kind: for code that builds
// events from elsewhere (gmplab real's stops). A name the kind does not
// have is a bug in gmplab.
func (ev *Event) SetArg(name string, v int64) {
	s := ev.Kind.Spec()
	switch name {
	case "":
	case s.Args[0].Name:
		ev.Arg1 = v
		return
	case s.Args[1].Name:
		ev.Arg2 = v
		return
	}
	panic("gmplab bug: event kind " + ev.Kind.String() + " has no argument " + strconv.Quote(name))
}

// AppendDetails appends ev's details column: its spec's Details (DetailsGM
// with gm, when the row has one), then, raw, anything ev carries that its
// spec does not declare, rather than hide it.
func AppendDetails(b []byte, ev Event, gm bool) []byte {
	s := ev.Kind.Spec()
	begin := len(b)
	switch {
	case gm && s.DetailsGM != nil:
		b = s.DetailsGM(b, ev)
	case s.Details != nil:
		b = s.Details(b, ev)
	}
	sep := func() {
		if len(b) > begin {
			b = append(b, ' ')
		}
	}
	for i, v := range [2]int64{ev.Arg1, ev.Arg2} {
		if v != 0 && s.Args[i].Name == "" {
			sep()
			b = strconv.AppendInt(append(b, [2]string{"arg1=", "arg2="}[i]...), v, 10)
		}
	}
	if ev.Text != "" && s.Text == "" {
		sep()
		b = strconv.AppendQuote(b, ev.Text)
	}
	return b
}

// CodeName names code v of an ArgCode argument ("" for none).
func (a *EvArg) CodeName(v int64) string { return codeName(a.Values, v) }

func codeName(vs []ArgValue, v int64) string {
	for _, c := range vs {
		if c.Code == v {
			return c.Name
		}
	}
	return ""
}

// Code returns the code named name of an ArgCode argument.
func (a *EvArg) Code(name string) (int64, bool) {
	for _, c := range a.Values {
		if c.Name == name {
			return c.Code, true
		}
	}
	return 0, false
}

// CheckEvent reports how ev breaks its kind's spec (nil if it does not):
// an undeclared argument or Text that is set, a bool that is not 0 or 1,
// a code with no name, an id below -1. Config.Check applies it to every
// event the engine emits.
func CheckEvent(ev *Event) error {
	if ev.Kind == EvNone || ev.Kind >= numEvKinds {
		return fmt.Errorf("event %d: kind %d is not a kind", ev.Seq, int64(ev.Kind))
	}
	s := ev.Kind.Spec()
	for i, v := range [2]int64{ev.Arg1, ev.Arg2} {
		a := &s.Args[i]
		bad := ""
		switch a.Type {
		case ArgNone:
			if v != 0 {
				bad = "is not an argument of this kind"
			}
		case ArgBool:
			if v != 0 && v != 1 {
				bad = "is a bool: 0 or 1"
			}
		case ArgG, ArgP, ArgM:
			if v < -1 {
				bad = "is an id: -1 or more"
			}
		case ArgInt, ArgBytes, ArgDuration, ArgTime:
			// Any value: sizes and times are checked by the invariants.
		case ArgCode:
			if a.CodeName(v) == "" && (ev.Kind != EvGopark || v != 0 || ev.Text == "") {
				bad = "is not one of its codes"
			}
		}
		if bad != "" {
			return fmt.Errorf("event %d (%s): arg%d %s (%s) %s", ev.Seq, s.Name, int64(i+1), vm.Itoa(v), a.Name, bad)
		}
	}
	if ev.Text != "" && s.Text == "" {
		return fmt.Errorf("event %d (%s): Text %q is set, but the kind has no text", ev.Seq, s.Name, ev.Text)
	}
	if ev.M < -1 || ev.P < -1 || ev.G < -1 {
		return fmt.Errorf("event %d (%s): M, P and G are ids or -1", ev.Seq, s.Name)
	}
	return nil
}

// ---- how details print --------------------------------------------------------

// AppendTime appends a virtual time in ns as milliseconds with all six
// decimals: 150 → "0.000150ms", 10e6 → "10.000000ms" (the text form's
// time column and every time in its details).
func AppendTime(b []byte, ns int64) []byte {
	if ns < 0 {
		b = append(b, '-')
		ns = -ns
	}
	b = strconv.AppendInt(b, ns/1e6, 10)
	b = append(b, '.')
	frac := ns % 1e6
	for d := int64(100000); d > 1 && frac < d; d /= 10 {
		b = append(b, '0')
	}
	b = strconv.AppendInt(b, frac, 10)
	return append(b, "ms"...)
}

// AppendID appends an M, P or G: "G7", or "G-" for -1 (none), as every
// column and detail prints one.
func AppendID(b []byte, prefix byte, v int64) []byte {
	b = append(b, prefix)
	if v < 0 {
		return append(b, '-')
	}
	return strconv.AppendInt(b, v, 10)
}

// appendDuration appends a length of virtual time as time.Duration prints
// it: 10ms, 1.5µs.
func appendDuration(b []byte, ns int64) []byte { return append(b, time.Duration(ns).String()...) }

// appendRaw appends an event's arguments as numbers, "arg1=5 arg2=7", for a
// value its row has no words for (nothing when both are 0).
func appendRaw(b []byte, ev Event) []byte {
	if ev.Arg1 != 0 || ev.Arg2 != 0 {
		b = strconv.AppendInt(append(b, "arg1="...), ev.Arg1, 10)
	}
	if ev.Arg2 != 0 {
		b = strconv.AppendInt(append(b, " arg2="...), ev.Arg2, 10)
	}
	return b
}

// appendAt appends " at line:col", or nothing without a position.
func appendAt(b []byte, pos vm.Pos) []byte {
	if pos.Line <= 0 {
		return b
	}
	return appendLineCol(append(b, " at "...), pos)
}

func appendLineCol(b []byte, pos vm.Pos) []byte {
	b = strconv.AppendInt(b, int64(pos.Line), 10)
	return strconv.AppendInt(append(b, ':'), int64(pos.Col), 10)
}

// appendN appends "1 G" or "3 Gs".
func appendN(b []byte, v int64, one, many string) []byte {
	b = strconv.AppendInt(b, v, 10)
	b = append(b, ' ')
	if v == 1 {
		return append(b, one...)
	}
	return append(b, many...)
}

// waitReasonValues are gopark's reason codes: waitReasonStrings.
func waitReasonValues() []ArgValue {
	vs := make([]ArgValue, 0, len(waitReasonStrings))
	for r, s := range waitReasonStrings {
		if s != "" {
			vs = append(vs, ArgValue{int64(r), s})
		}
	}
	return vs
}

// WaitReason names a wait reason code (gopark's reason): "chan send", or
// "waitReason(N)" for a code the runtime does not have.
func WaitReason(r int64) string {
	if r > 0 && r < int64(len(waitReasonStrings)) {
		return waitReasonStrings[r]
	}
	return "waitReason(" + strconv.FormatInt(r, 10) + ")"
}

// WaitReasonTrace returns the reason Go's execution trace gives a G that
// parks with wait reason r ("chan receive", "sync", "network", …).
func WaitReasonTrace(r int64) string {
	if r >= 0 && r < int64(len(waitReasonTraceStrings)) {
		return waitReasonTraceStrings[r]
	}
	return "unspecified"
}

// WaitReasonTraceStrings lists the reasons WaitReasonTrace gives, once
// each.
func WaitReasonTraceStrings() []string {
	var out []string
	for _, s := range waitReasonTraceStrings {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// trimNewline drops one trailing newline.
func trimNewline(s string) string { return strings.TrimSuffix(s, "\n") }
