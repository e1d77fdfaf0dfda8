// Package stepper computes what the book's stepper widget steps through: a
// program's run on the simulated runtime, event by event, with the line
// `gmplab run` prints for each event and a small picture of the scheduler
// (the board) after it. The browser calls Run compiled to WebAssembly
// (book/stepper/wasm) when a widget scrolls into view and when a reader
// edits a scenario and runs it again, so the widget's lines are the CLI's
// lines for the same program and flags, byte for byte (stepper_test.go
// compares them with gmplab run).
package stepper

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/pflag"

	"github.com/gmplab/gmplab/internal/bug"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// MaxEvents bounds a trace the widget keeps: a longer run is cut there and
// says so (Trace.Cut), so that a page stays light. Runs in the lessons are
// far shorter.
const MaxEvents = 20000

// Trace is a run as the widget shows it. Field names are short because
// the trace is shipped to the browser as JSON.
type Trace struct {
	Header string   `json:"h"`           // the CLI's first line: # FILE: GOMAXPROCS=… seed=… layers=…
	Lines  []string `json:"l"`           // view.FormatEvent of each event, in order (its why on the lines after the first)
	Kinds  []string `json:"k"`           // each event's kind (the runtime function's name)
	Boards []Delta  `json:"b"`           // the board after each event (index 0: before the first), as changes
	Out    string   `json:"o"`           // what the program printed (stdout and stderr, in order)
	Exit   string   `json:"x"`           // how the run ended, as the CLI reports it ("" for exit 0)
	Cut    bool     `json:"c,omitempty"` // the run had more than MaxEvents events
}

// Board is the scheduler after an event: the Ps with their queues, the
// global queue, and the Ms.
type Board struct {
	T      int64   `json:"t"`
	Ps     []P     `json:"p"`
	Global []int64 `json:"g"`
	Ms     []M     `json:"m"`
}

// Delta is a board as what changed since the one before (the first
// holds everything): the Ps that changed by index, the global queue and
// the Ms when they changed. It keeps a trace small: most events change one
// P.
type Delta struct {
	T      int64        `json:"t"`
	Ps     map[string]P `json:"p,omitempty"`
	Global []int64      `json:"g,omitempty"`
	Ms     []M          `json:"m,omitempty"`
	Empty  bool         `json:"e,omitempty"` // the global queue became empty
}

// diff is b as a Delta from prev (nil: everything).
func diff(prev *Board, b Board) Delta {
	d := Delta{T: b.T}
	for i, p := range b.Ps {
		if prev == nil || i >= len(prev.Ps) || !sameP(prev.Ps[i], p) {
			if d.Ps == nil {
				d.Ps = map[string]P{}
			}
			d.Ps[strconv.Itoa(i)] = p
		}
	}
	if prev == nil || !slices.Equal(prev.Global, b.Global) {
		d.Global = b.Global
		d.Empty = len(b.Global) == 0
	}
	if prev == nil || !slices.Equal(prev.Ms, b.Ms) {
		d.Ms = b.Ms
	}
	return d
}

func sameP(a, b P) bool {
	return a.Status == b.Status && a.M == b.M && a.G == b.G && a.Runnext == b.Runnext && slices.Equal(a.Runq, b.Runq)
}

// P is one P on the board.
type P struct {
	Status  string  `json:"s"`
	M       int32   `json:"m"`
	G       int64   `json:"g"`
	Runnext int64   `json:"n"`
	Runq    []int64 `json:"q"`
}

// M is one M on the board.
type M struct {
	ID       int32  `json:"i"`
	State    string `json:"s"`
	P        int32  `json:"p"`
	G        int64  `json:"g"`
	Spinning bool   `json:"sp,omitempty"`
	Sysmon   bool   `json:"sm,omitempty"`
}

// Options are the flags of `gmplab run` that change the events
// (cmd/gmplab/cli: procsFlags, Limits, --seed, --layers).
type Options struct {
	GOMAXPROCS int // 0: NCPU, as Go's schedinit decides
	NCPU       int
	Seed       uint64
	Layers     string
	MaxEvents  int64
	MaxInstrs  int64
	MaxSteps   int64
	MaxTime    time.Duration
}

// DefaultOptions are gmplab run's defaults.
func DefaultOptions() Options {
	return Options{NCPU: runtime.DefaultNCPU, Seed: 1, Layers: "all",
		MaxEvents: runtime.DefaultMaxEvents, MaxInstrs: runtime.DefaultMaxInstrs,
		MaxSteps: runtime.DefaultMaxSteps, MaxTime: time.Duration(runtime.DefaultMaxTime)}
}

// ParseFlags reads the flags as `gmplab run` takes them (--gomaxprocs 2
// --seed 7 --layers stacks,procs), with the same defaults. The page has
// no environment: GOMAXPROCS is --gomaxprocs, else --ncpu.
func ParseFlags(args []string) (Options, error) { return DefaultOptions().Parse(args) }

// Parse reads flags over o: what they do not set stays as in o.
func (o Options) Parse(args []string) (Options, error) {
	fs := pflag.NewFlagSet("gmplab run", pflag.ContinueOnError)
	fs.SetOutput(&bytes.Buffer{})
	fs.IntVar(&o.GOMAXPROCS, "gomaxprocs", 0, "")
	fs.IntVar(&o.NCPU, "ncpu", o.NCPU, "")
	fs.Uint64Var(&o.Seed, "seed", o.Seed, "")
	fs.StringVar(&o.Layers, "layers", o.Layers, "")
	fs.Int64Var(&o.MaxEvents, "max-events", o.MaxEvents, "")
	fs.Int64Var(&o.MaxInstrs, "max-instrs", o.MaxInstrs, "")
	fs.Int64Var(&o.MaxSteps, "max-steps", o.MaxSteps, "")
	fs.DurationVar(&o.MaxTime, "max-time", o.MaxTime, "")
	if err := fs.Parse(args); err != nil {
		return o, err
	}
	if fs.NArg() > 0 {
		return o, fmt.Errorf("unexpected arguments: %s", strings.Join(fs.Args(), " "))
	}
	return o, nil
}

// Args are the options as `gmplab run` flags, in a fixed order; the
// limits only where they differ from the defaults.
func (o Options) Args() []string {
	d := DefaultOptions()
	a := []string{}
	// GOMAXPROCS always, resolved: the command means the same run
	// whatever $GOMAXPROCS the reader's shell has.
	a = append(a, "--gomaxprocs", fmt.Sprint(o.procs()))
	if o.NCPU != d.NCPU {
		a = append(a, "--ncpu", fmt.Sprint(o.NCPU))
	}
	a = append(a, "--seed", fmt.Sprint(o.Seed), "--layers", o.Layers)
	for _, l := range []struct {
		flag   string
		v, def int64
	}{{"--max-events", o.MaxEvents, d.MaxEvents}, {"--max-instrs", o.MaxInstrs, d.MaxInstrs}, {"--max-steps", o.MaxSteps, d.MaxSteps}} {
		if l.v != l.def {
			a = append(a, l.flag, fmt.Sprint(l.v))
		}
	}
	if o.MaxTime != d.MaxTime {
		a = append(a, "--max-time", o.MaxTime.String())
	}
	return a
}

// procs is GOMAXPROCS: the flag, else the CPUs (as Go's schedinit).
func (o Options) procs() int {
	if o.GOMAXPROCS > 0 {
		return o.GOMAXPROCS
	}
	return min(o.NCPU, 1024)
}

// compile is lang.Compile (a test puts in a faulty one).
var compile = lang.Compile

// Run compiles src (named name, as gmplab run names its file) and runs it
// with the flags in args, returning the trace. A compile error is the
// compiler's own file:line:col message. A bug in gmplab (an internal
// compiler error, a panic in the engine) is an error that says so and how
// to report it (internal/bug), not a crash of the page.
func Run(name string, src []byte, args []string) (tr *Trace, err error) {
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
	prev := board(mc.State())
	tr.Boards = append(tr.Boards, diff(nil, prev))
	var out strings.Builder
	for {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		if ev.Kind == runtime.EvPrint {
			out.WriteString(ev.Text)
		}
		if len(tr.Lines) == MaxEvents {
			tr.Cut = true
			continue
		}
		tr.Lines = append(tr.Lines, view.FormatEvent(ev))
		tr.Kinds = append(tr.Kinds, ev.Kind.String())
		b := board(mc.State())
		tr.Boards = append(tr.Boards, diff(&prev, b))
		prev = b
	}
	tr.Out = out.String()
	if ex := mc.Exit(); ex != nil && (ex.Code != 0 || ex.Msg != "") {
		tr.Exit = strings.TrimSuffix(ex.Msg, "\n")
		if tr.Exit == "" {
			tr.Exit = fmt.Sprintf("exit status %d", ex.Code)
		}
	}
	return tr, nil
}

// board keeps what the widget draws of a state.
func board(st *runtime.State) Board {
	b := Board{T: st.Clock, Global: nonNil(st.Global)}
	for _, p := range st.Ps {
		b.Ps = append(b.Ps, P{Status: p.Status, M: p.M, G: p.G, Runnext: p.Runnext, Runq: nonNil(p.Runq)})
	}
	for _, m := range st.Ms {
		b.Ms = append(b.Ms, M{ID: m.ID, State: m.State, P: m.P, G: m.CurG, Spinning: m.Spinning, Sysmon: m.Sysmon})
	}
	return b
}

func nonNil(s []int64) []int64 {
	if s == nil {
		return []int64{}
	}
	return s
}
