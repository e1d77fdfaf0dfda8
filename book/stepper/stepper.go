// Package stepper computes what the book's stepper widget steps through: a
// program's run on the simulated runtime, event by event, with the line
// `gmplab run` prints for each event, the source line each event happens
// at, the program's output as it grows, a small picture of the scheduler
// (the board) after each event with the line every G on it is at, and
// the run's per-P timeline. The browser calls Run compiled to WebAssembly
// (book/stepper/wasm), in a Web Worker, when a widget scrolls into view
// and when a reader edits a scenario and runs it again, so the widget's
// lines are the CLI's lines for the same program and flags, byte for byte
// (stepper_test.go compares them with gmplab run).
package stepper

import (
	"errors"
	"fmt"
	"strings"

	"github.com/gmplab/gmplab/internal/bug"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// MaxEvents bounds a trace the widget keeps: a longer run is cut there and
// says so (Trace.Cut, Trace.Total), so that a page stays light. Runs in
// the lessons are far shorter. It is the page's limit, not gmplab run's:
// the run goes on to its end (its output and how it ended are whole).
const MaxEvents = 20000

// ProgressEvery is how many events pass between two calls of a run's
// progress function.
const ProgressEvery = 2048

// Trace is a run as the widget shows it. Field names are short because
// the trace is shipped to the browser as JSON.
type Trace struct {
	Header string   `json:"h"`             // the CLI's first line: # FILE: GOMAXPROCS=… seed=… layers=…
	Lines  []string `json:"l"`             // view.FormatEvent of each event, in order (its why on the lines after the first)
	Kinds  []string `json:"k"`             // each event's kind (the runtime function's name)
	Src    []int32  `json:"s"`             // each event's line in the program's file (0: none; see srcLine)
	Boards []Delta  `json:"b"`             // the board after each event (index 0: before the first), as changes
	Out    string   `json:"o"`             // what the program printed (stdout and stderr, in order)
	OutAt  [][2]int `json:"op,omitempty"`  // after event OutAt[i][0] (1-based), the output is Out[:OutAt[i][1]]: one pair per print
	Exit   string   `json:"x"`             // how the run ended, as the CLI reports it ("" for exit 0)
	Limit  string   `json:"lim,omitempty"` // the limit that stopped the run: "max-instrs", "max-events", "max-steps" or "max-time"
	Cut    bool     `json:"c,omitempty"`   // the run had more than MaxEvents events
	Total  int64    `json:"n"`             // the run's events (more than len(Lines) when Cut)
	TL     Timeline `json:"tl"`            // the kept events' timeline
}

// Timeline is view.Timeline's runs and marks, for the widget's drawing
// (book/timelines draws the lessons' from the same data).
type Timeline struct {
	Rows  []string    `json:"r"` // lane names, top to bottom: P0, P1, …, then Ms and sysmon when used
	Runs  [][5]int64  `json:"u"` // lane, goid, start, end, kind: 0 a run, 1 in a system call, 2 the world stopped, 3 the collector marking (the world's lane, goid -1)
	Marks [][3]int64  `json:"m"` // lane, time, the mark's character
	Names [][3]string `json:"n"` // the marks used: character, CSS class, name (view.TimelineMarks)
	End   int64       `json:"e"`
}

// compile is lang.Compile (a test puts in a faulty one).
var compile = lang.Compile

// Run compiles src (named name, as gmplab run names its file) and runs it
// with the flags in args, returning the trace. A compile error is the
// compiler's own file:line:col message. A bug in gmplab (an internal
// compiler error, a panic in the engine) is an error that says so and how
// to report it (internal/bug), not a crash of the page.
func Run(name string, src []byte, args []string) (*Trace, error) {
	return RunProgress(name, src, args, nil)
}

// RunProgress is Run calling progress(events so far) every ProgressEvery
// events: the page shows it while a long run goes on in its worker.
func RunProgress(name string, src []byte, args []string, progress func(events int64)) (tr *Trace, err error) {
	defer func() {
		if r := recover(); r != nil {
			tr, err = nil, errors.New(bug.Panic(fmt.Sprintf("a panic in gmplab's stepper (%.200v)", r), r, ""))
		}
	}()
	o, err := ParseFlags(args)
	if err != nil {
		return nil, err
	}
	procs := o.procs()
	if procs < 1 || procs > 1024 || o.NCPU < 1 {
		return nil, fmt.Errorf("--gomaxprocs %d --ncpu %d: want 1 to 1024 Ps and at least one CPU", o.GOMAXPROCS, o.NCPU)
	}
	layers, err := runtime.ParseLayers(o.Layers)
	if err != nil {
		return nil, fmt.Errorf("--layers %q: %v", o.Layers, err)
	}
	prog, err := compile(name, src)
	if le := (*lang.Error)(nil); errors.As(err, &le) && le.Internal {
		return nil, errors.New(bug.Report("the compiler failed", err.Error()))
	}
	if err != nil {
		return nil, err
	}
	cfg := runtime.Config{GOMAXPROCS: procs, NCPU: o.NCPU, Seed: o.Seed, Layers: layers,
		MaxEvents: o.MaxEvents, MaxInstrs: o.MaxInstrs, MaxSteps: o.MaxSteps, MaxTime: int64(o.MaxTime), Why: true}
	mc, err := runtime.New(prog, cfg)
	if err != nil {
		return nil, err
	}
	tr = &Trace{Header: fmt.Sprintf("# %s: GOMAXPROCS=%d ncpu=%d seed=%d layers=%s", name, procs, o.NCPU, o.Seed, layers)}
	prev := board(mc.State(), name)
	tr.Boards = append(tr.Boards, diff(nil, prev))
	tl := view.NewTimeline(procs)
	tl.NoPs = !layers.Has(runtime.LayerProcs)
	var out strings.Builder
	for {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		tr.Total++
		if progress != nil && tr.Total%ProgressEvery == 0 {
			progress(tr.Total)
		}
		if ev.Kind == runtime.EvPrint {
			out.WriteString(ev.Text)
		}
		if len(tr.Lines) == MaxEvents {
			tr.Cut = true
			continue
		}
		tl.Event(ev)
		st := mc.State()
		b := board(st, name)
		tr.Lines = append(tr.Lines, view.FormatEvent(ev))
		tr.Kinds = append(tr.Kinds, ev.Kind.String())
		tr.Src = append(tr.Src, srcLine(prog.FileName(ev.Pos), ev, st, name))
		if ev.Kind == runtime.EvPrint {
			tr.OutAt = append(tr.OutAt, [2]int{len(tr.Lines), out.Len()})
		}
		tr.Boards = append(tr.Boards, diff(prev, b))
		prev = b
	}
	tr.Out = out.String()
	if ex := mc.Exit(); ex != nil {
		if strings.HasPrefix(ex.Reason, "max-") {
			tr.Limit = ex.Reason
		}
		if ex.Code != 0 || ex.Msg != "" {
			tr.Exit = strings.TrimSuffix(ex.Msg, "\n")
			if tr.Exit == "" {
				tr.Exit = fmt.Sprintf("exit status %d", ex.Code)
			}
		}
	}
	tr.TL = timeline(tl, procs)
	return tr, nil
}

// srcLine is the line of the program's file an event happens at: where
// the event says it is (a go statement, a channel operation, a print…),
// else the line its G is at after it (a G that starts running, is
// preempted or is stolen), else 0 (an event of an M or a P alone).
func srcLine(posFile string, ev runtime.Event, st *runtime.State, file string) int32 {
	if ev.Pos.Line > 0 && posFile == file {
		return ev.Pos.Line
	}
	if ev.G >= 0 {
		return lineOf(st, ev.G, file)
	}
	return 0
}

// timeline is the widget's copy of a view.Timeline.
func timeline(tl *view.Timeline, procs int) Timeline {
	tl.Close()
	var t Timeline
	lanes := map[int]int{}
	for _, r := range tl.Runs {
		procs = max(procs, r.Row+1)
	}
	for _, m := range tl.Marks {
		procs = max(procs, m.Row+1)
	}
	for p := range procs {
		lanes[p] = p
		t.Rows = append(t.Rows, tl.RowName(p))
	}
	lane := func(row int) int {
		if l, ok := lanes[row]; ok {
			return l
		}
		lanes[row] = len(t.Rows)
		t.Rows = append(t.Rows, tl.RowName(row))
		return lanes[row]
	}
	// Ms before sysmon, then the collector's world, as the lessons'
	// drawings order them.
	for _, want := range []int{view.RowMs, view.RowSysmon, view.RowWorld} {
		for _, r := range tl.Runs {
			if r.Row == want {
				lane(want)
				break
			}
		}
		for _, m := range tl.Marks {
			if m.Row == want {
				lane(want)
				break
			}
		}
	}
	used := map[byte]bool{}
	for _, r := range tl.Runs {
		sys := int64(0)
		switch {
		case r.Syscall:
			sys = 1
		case r.Row == view.RowWorld && r.World == '#':
			sys = 2
		case r.Row == view.RowWorld:
			sys = 3
		}
		t.Runs = append(t.Runs, [5]int64{int64(lane(r.Row)), r.G, r.Start, r.End, sys})
		t.End = max(t.End, r.End)
	}
	for _, m := range tl.Marks {
		t.Marks = append(t.Marks, [3]int64{int64(lane(m.Row)), m.T, int64(m.Mark)})
		t.End = max(t.End, m.T)
		used[m.Mark] = true
	}
	for _, m := range view.TimelineMarks {
		if used[m.Mark] {
			t.Names = append(t.Names, [3]string{string(m.Mark), m.Class, m.Name})
		}
	}
	return t
}
