package view

import (
	"fmt"
	"slices"
	"strings"

	"github.com/gmplab/gmplab/runtime"
)

// EventExample is an event of a kind, from a real run of a program: the
// reference shows it in the text and JSON forms.
type EventExample struct {
	// Run is the command that prints it: "gmplab run examples/steal.go --gomaxprocs 4".
	Run   string
	Event runtime.Event
	// NoPs: the run is the GM model's (its text has no P column).
	NoPs bool
}

// EventReference returns the reference page of the event kinds
// (docs/events.md), generated from their specs (runtime.EvSpec) and one
// example of each kind from a run. TestEventReference compares it with the
// committed page; go test ./view -update rewrites the page.
func EventReference(examples map[runtime.EvKind]EventExample) string {
	var b strings.Builder
	b.WriteString(`# Event kinds

<!-- Generated from the event specs in runtime/evspecs.go by
     go test ./view -update. Do not edit. -->

Every line of ` + "`gmplab run`" + ` is an event: one decision of the simulated Go 1.26
scheduler. Its kind is the name of the runtime function that makes the same
decision in Go, so the trace reads next to ` + "`$GOROOT/src/runtime`" + `. This page lists
every kind: the function it stands for, what its two arguments mean, what its
details column says, and an example from a run of a program in this
repository.

The arguments have names. In the JSON form (` + "`--format json`" + `) each is a key of
its own, after ` + "`g`" + `, also when it is 0: ` + "`\"step\":4`" + ` for handoffp. In the debugger
they name values in conditions and ` + "`print`" + ` (` + "`break handoffp if step == 4`" + `;
` + "`arg1`" + ` and ` + "`arg2`" + ` name them by position), and ` + "`print ev`" + ` lists them. A value
in an argument that a kind does not have is a bug in gmplab; it is shown raw,
` + "`arg1=5`" + `, rather than hidden, and ` + "`--check`" + ` stops the run at it.

`)
	b.WriteString("## Breakpoint groups\n\n")
	b.WriteString("`break GROUP` in `gmplab step`, `gmplab real` and `gmplab replay` stops at any kind of the group.\n\n")
	b.WriteString("| group | kinds | what |\n|---|---|---|\n")
	for _, g := range runtime.EvGroups {
		var ks []string
		for _, k := range runtime.GroupKinds(g.Name) {
			ks = append(ks, "["+k.String()+"](#"+anchor(k.String())+")")
		}
		fmt.Fprintf(&b, "| `%s` | %s | %s |\n", g.Name, strings.Join(ks, ", "), g.Doc)
	}
	b.WriteString("\n## Argument types\n\n")
	b.WriteString("Every argument is a whole number: so it is in JSON. The debugger's `print` shows\n" +
		"a goid, a P and an M as G7, P2 and M3 (-1 as -), and a time or a duration as the\n" +
		"time column does (0.000054ms).\n\n| type | what it is |\n|---|---|\n")
	for _, t := range runtime.ArgTypes() {
		fmt.Fprintf(&b, "| %s | %s |\n", t, t.Doc())
	}
	b.WriteString("\n## Kinds\n\n| kind | runtime function | what happened |\n|---|---|---|\n")
	for _, k := range runtime.EvKinds() {
		s := k.Spec()
		fmt.Fprintf(&b, "| [%s](#%s) | `%s` | %s |\n", s.Name, anchor(s.Name), s.Func, s.Doc)
	}
	for _, k := range runtime.EvKinds() {
		b.WriteString("\n")
		writeKind(&b, k, examples[k])
	}
	return b.String()
}

func writeKind(b *strings.Builder, k runtime.EvKind, ex EventExample) {
	s := k.Spec()
	fmt.Fprintf(b, "### %s\n\n", s.Name)
	fmt.Fprintf(b, "`%s` (`%s`). %s\n\n", s.Func, s.File, s.Doc)
	rows := [][3]string{}
	for i, a := range s.Args {
		if a.Name == "" {
			continue
		}
		doc := a.Doc
		for _, v := range a.Values {
			doc += fmt.Sprintf("; %d: %s", v.Code, v.Name)
		}
		rows = append(rows, [3]string{fmt.Sprintf("`%s` (arg%d)", a.Name, i+1), a.Type.String(), doc})
	}
	if s.Text != "" {
		rows = append(rows, [3]string{"`text`", "string", s.Text})
	}
	if s.Pos != "" {
		rows = append(rows, [3]string{"`line`, `col`", "position", s.Pos})
	}
	if len(rows) == 0 {
		b.WriteString("No arguments.\n\n")
	} else {
		b.WriteString("| field | type | meaning |\n|---|---|---|\n")
		for _, r := range rows {
			fmt.Fprintf(b, "| %s | %s | %s |\n", r[0], r[1], r[2])
		}
		b.WriteString("\n")
	}
	var notes []string
	if len(s.Groups) > 0 {
		notes = append(notes, "breakpoint groups: "+strings.Join(s.Groups, ", "))
	}
	if s.Leaves {
		notes = append(notes, "its G leaves its M: `stepout` stops here")
	}
	switch s.Span {
	case runtime.SpanRun:
		notes = append(notes, "starts a run of G on P (timeline and Chrome trace)")
	case runtime.SpanSyscall:
		notes = append(notes, "starts a run of G in a system call on P")
	case runtime.SpanExitsyscall:
		notes = append(notes, "ends G's system call; G runs on P if it has one")
	case runtime.SpanStop:
		notes = append(notes, "ends the run on P")
	case runtime.SpanRetake:
		notes = append(notes, "ends the run on P; the system call goes on without it (the timeline's Ms row)")
	case runtime.SpanEnd:
		notes = append(notes, "ends every run")
	}
	if s.Instant {
		notes = append(notes, "an instant in the Chrome trace")
	}
	if len(s.Trace) > 0 {
		var names []string
		for _, t := range s.Trace {
			if !slices.Contains(names, "`"+t.Name+"`") {
				names = append(names, "`"+t.Name+"`")
			}
		}
		notes = append(notes, "Go's execution trace records it as "+strings.Join(names, " or ")+" (`gmplab run --format trace` writes it, `gmplab replay` reads it, `break "+s.Trace[0].Name+"` stops at it)")
	}
	if s.TraceOnly {
		notes = append(notes, "the simulator does not make it: it comes from an execution trace, in `gmplab replay`")
	}
	if s.Mark != 0 {
		notes = append(notes, fmt.Sprintf("timeline mark `%c`", s.Mark))
	}
	if len(notes) > 0 {
		b.WriteString(upperFirst(strings.Join(notes, "; ")) + ".\n\n")
	}
	if ex.Run == "" {
		return
	}
	fmt.Fprintf(b, "From `%s`:\n\n```\n%s\n```\n\n```json\n%s\n```\n", ex.Run, Text{NoPs: ex.NoPs}.Format(ex.Event), MarshalEvent(ex.Event))
}

// anchor is the id GitHub and the book give a heading.
func anchor(h string) string { return strings.ToLower(h) }

func upperFirst(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
