package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
	"github.com/gmplab/gmplab/vm"
)

// Output formats of `gmplab run`.
const (
	formatText       = "text"
	formatJSON       = "json"
	formatSchedtrace = "schedtrace"
	formatGctrace    = "gctrace"
	formatChrome     = "chrome"
	formatTrace      = "trace"
)

var formats = []string{formatText, formatJSON, formatSchedtrace, formatGctrace, formatChrome, formatTrace}

// defaultSchedtracePeriod is one millisecond of virtual time: the smallest
// period GODEBUG=schedtrace accepts (its unit is ms), and short enough that
// the examples, which run for a few virtual ms, print several lines.
const defaultSchedtracePeriod = time.Millisecond

// maxGOMAXPROCS is the runtime's _MaxGomaxprocs (runtime2.go).
const maxGOMAXPROCS = 1024

// RunOptions are the inputs of `gmplab run`, filled from its flags.
type RunOptions struct {
	In       io.Reader // the program's os.Stdin (read only if it reads it)
	Out, Err io.Writer

	File     string
	ProgArgs []string // after --: os.Args[1:]
	procsFlags
	Seed   uint64
	Layers string
	Limits
	Check            bool
	Quiet            bool
	Format           string
	Wide             bool
	SchedtracePeriod time.Duration
	StateAt          string
	Stats            bool
	Output           string // -o: a file to write the output to

	// Set by validate.
	gomaxprocs      int    // in force
	gomaxprocsFrom  string // where it came from (procsFlags.resolve)
	asyncPreemptOff bool   // GODEBUG=asyncpreemptoff=1 in the environment (godebug.go)
	gcHeader        string // GOGC and GOMEMLIMIT from the environment, for the header
	layers          runtime.Layers
	stateAt         stateAt
	// Whether the flag was given (some combinations make no sense).
	formatSet, periodSet bool
	// root, when set, is the directory relative paths are read from (the
	// repository's root, for a lesson's cells); names stay as given.
	root  string
	width int // a terminal's width to lay out for (0: the output's: layoutWidth)
}

// newRunCmd builds `gmplab run`. runF, if not nil, replaces the run itself
// (tests of flag handling call it with the validated options).
func newRunCmd(runF func(*RunOptions) error) *cobra.Command {
	o := &RunOptions{}
	cmd := &cobra.Command{
		Use:   "run FILE.go",
		Short: "Run a Go program on the simulated runtime and print its schedule",
		Long: `Run compiles FILE.go (package main, in the subset of Go that gmplab supports)
and runs it on the simulated Go 1.26 runtime, printing every scheduling
decision: which runtime function made it, on which M, P and G, at what
virtual time, and why.

Output (--format):
  text        one line per event: seq, virtual time, M, P, G, the runtime function,
              what it did, and the rule that decided it; the program's own output
              appears as print events, in order (the default)
  json        one JSON object per event per line, "kind" being the function's name
  schedtrace  only the GODEBUG=schedtrace lines of Go 1.26, one per
              --schedtrace-period of virtual time
  gctrace     only the GODEBUG=gctrace=1 lines of Go 1.26, one per GC cycle
              (the gc layer; GOGC and GOMEMLIMIT are read from the environment)
  chrome      a Chrome trace-event file with one track per P: open it in
              https://ui.perfetto.dev or chrome://tracing
  trace       Go's own execution trace format, as runtime/trace writes it
              (redirect it to a file): gmplab replay, go tool trace and
              gotraceui open it as they open a real run's
Arguments after -- are the program's: os.Args[1:] (os.Args[0] is the
file's name without .go).

With --quiet, gmplab prints only what the program prints (fmt to stdout,
println and a crash's message to stderr), as go run would when the real
scheduler makes the same choices, and exits with the program's exit code.

Time is virtual: the simulation never reads the clock, so the same file,
flags and seed give the same output, byte for byte, on every machine.
The simulated machine has --ncpu CPUs (4 unless told otherwise, never the
host's count, for the same reason): runtime.NumCPU() returns it and
GOMAXPROCS defaults to it, as in Go. The GOMAXPROCS environment variable is
honoured as Go honours it, and --gomaxprocs wins over both. So is
GODEBUG=asyncpreemptoff=1: preemption only at the prologue checks the
compiler leaves, no signal. The header line says what is in force.

Exit status: the program's (0; 2 for a panic or a deadlock, as Go); 1 if
gmplab could not compile or finish the program (--max-events, --max-instrs,
--max-steps, --max-time);
2 for a bad command line; 70 for a bug in gmplab.`,
		Example: `  gmplab run examples/spawn300.go --gomaxprocs 1
  gmplab run examples/pingpong.go --gomaxprocs 2 --seed 7 --format json
  gmplab run examples/steal.go --gomaxprocs 4 --state-at end
  gmplab run examples/spawn300.go --format schedtrace
  gmplab run examples/spawn300.go --gomaxprocs 1 --quiet
  gmplab run examples/preempt.go --layers stacks,procs,steal,sysmon --max-time 100ms`,
		Args: func(cmd *cobra.Command, args []string) error {
			if dash := cmd.ArgsLenAtDash(); dash >= 0 {
				args = args[:dash] // after --: the program's os.Args[1:]
			}
			switch len(args) {
			case 1:
				return nil
			case 0:
				return errors.New("missing FILE.go: give the Go file to run")
			}
			return fmt.Errorf("want one Go file, got %d arguments: %s", len(args), strings.Join(args, " "))
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.File = args[0]
			if dash := cmd.ArgsLenAtDash(); dash >= 0 {
				o.ProgArgs = args[dash:]
			}
			o.procsFlags.set = cmd.Flags().Changed("gomaxprocs")
			o.In = cmd.InOrStdin()
			o.Out = cmd.OutOrStdout()
			o.Err = cmd.ErrOrStderr()
			o.formatSet = cmd.Flags().Changed("format")
			o.periodSet = cmd.Flags().Changed("schedtrace-period")
			if err := o.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(o)
			}
			return runRun(o)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	o.procsFlags.register(f, "")
	f.Uint64Var(&o.Seed, "seed", 1, "seed of the random choices (the steal order)")
	f.StringVar(&o.Layers, "layers", "all",
		"layers of the runtime to switch on: all, or a comma-separated list of "+strings.Join(runtime.LayerNames(), ", "))
	addLimitFlags(f, &o.Limits)
	f.BoolVar(&o.Check, "check", false, "check every invariant of the runtime after every event")
	f.BoolVarP(&o.Quiet, "quiet", "q", false, "print only the program's own output, and exit with its exit code")
	f.StringVar(&o.Format, "format", formatText, "output: "+strings.Join(formats, ", "))
	f.BoolVar(&o.Wide, "wide", false, "text: one line per event, the why at its end (by default it goes on indented lines below, to fit 100 columns)")
	f.DurationVar(&o.SchedtracePeriod, "schedtrace-period", defaultSchedtracePeriod,
		"virtual time between schedtrace lines (as GODEBUG=schedtrace=1 for 1ms); given with text or json, adds schedtrace events")
	f.StringVar(&o.StateAt, "state-at", "",
		"print the runtime's state as JSON after event `SEQ`, at the end, or at breakpoint[:N] (the Nth sim.Breakpoint), and stop")
	f.BoolVar(&o.Stats, "stats", false, "print the run's counters (events, threads, steals, …) on stderr at the end")
	f.StringVarP(&o.Output, "output", "o", "", "write the output to `FILE` instead of standard output (--format trace > FILE does the same)")
	return cmd
}

// stateAt is a parsed --state-at.
type stateAt struct {
	on         bool
	end        bool
	breakpoint int64 // the Nth breakpoint (≥1), or 0
	seq        int64 // the event, when neither end nor breakpoint
}

func parseStateAt(s string) (stateAt, error) {
	bad := fmt.Errorf("--state-at %q: want an event number (0 is the start), end, breakpoint or breakpoint:N", s)
	switch {
	case s == "end":
		return stateAt{on: true, end: true}, nil
	case s == "breakpoint":
		return stateAt{on: true, breakpoint: 1}, nil
	case strings.HasPrefix(s, "breakpoint:"):
		n, err := strconv.ParseInt(strings.TrimPrefix(s, "breakpoint:"), 10, 64)
		if err != nil || n < 1 {
			return stateAt{}, fmt.Errorf("--state-at %q: breakpoints count from 1 (breakpoint:1 is the first)", s)
		}
		return stateAt{on: true, breakpoint: n}, nil
	}
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return stateAt{}, bad
	}
	return stateAt{on: true, seq: n}, nil
}

// validate checks the flags together and parses the structured ones.
func (o *RunOptions) validate() error {
	if err := o.procsFlags.validate(); err != nil {
		return err
	}
	var err error
	o.asyncPreemptOff = asyncPreemptOff()
	if o.gomaxprocs, o.gomaxprocsFrom, err = o.procsFlags.resolve(0); err != nil {
		return err
	}
	ls, err := runtime.ParseLayers(o.Layers)
	if err != nil {
		return fmt.Errorf("--layers %q: %v", o.Layers, err)
	}
	o.layers = ls
	if err := o.Limits.validate(); err != nil {
		return err
	}
	if o.SchedtracePeriod <= 0 {
		return fmt.Errorf("--schedtrace-period %v: want a positive duration (examples: 1ms, 100us)", o.SchedtracePeriod)
	}
	known := false
	for _, f := range formats {
		known = known || o.Format == f
	}
	if !known {
		return fmt.Errorf("--format %q: want one of %s", o.Format, strings.Join(formats, ", "))
	}
	if o.StateAt != "" {
		if o.stateAt, err = parseStateAt(o.StateAt); err != nil {
			return err
		}
	}
	if o.Format == formatGctrace && !ls.Has(runtime.LayerGC) {
		return fmt.Errorf("--format gctrace: the layers %s have no garbage collector (add gc, or use all)", ls)
	}
	switch {
	case o.Quiet && o.formatSet:
		return errors.New("--quiet and --format: choose one (--quiet prints only the program's output)")
	case o.Quiet && o.stateAt.on:
		return errors.New("--quiet and --state-at: choose one (--state-at prints only the state)")
	case o.stateAt.on && o.formatSet:
		return errors.New("--state-at and --format: choose one (--state-at prints only the state, as JSON)")
	}
	return nil
}

// config is the engine's configuration for these options.
func (o *RunOptions) config() runtime.Config {
	cfg := runtime.Config{
		GOMAXPROCS: o.gomaxprocs,
		NCPU:       o.NCPU,
		Seed:       o.Seed,
		Layers:     o.layers,
		Check:      o.Check,

		AsyncPreemptOff: o.asyncPreemptOff,
	}
	o.Limits.apply(&cfg)
	o.gcHeader = gcEnv(&cfg)
	switch {
	case o.Quiet || o.stateAt.on:
	case o.Format == formatText || o.Format == formatJSON || o.Format == formatChrome:
		cfg.Why = true
	}
	if !o.Quiet && !o.stateAt.on && (o.Format == formatSchedtrace || o.periodSet) {
		cfg.SchedtracePeriod = int64(o.SchedtracePeriod)
	}
	return cfg
}

// compile reads and compiles the program, with errors as a person needs
// them: the compiler's `file:line:col: …` lines as they are, a missing
// file as one line. Relative paths are read from root ("": the current
// directory); a lesson's scenario that is not on disk
// (lessons/04-sysmon/handoff.go, from another directory) is gmplab's
// embedded copy, as for gmplab step.
func compile(root, file string) (*vm.Program, error) {
	disk := inRoot(root, file)
	fi, err := os.Stat(disk)
	switch {
	case errors.Is(err, os.ErrNotExist):
		if t, rerr := lessons.Resolve(file, func(string) bool { return false }); rerr == nil && t.Lesson != nil && strings.HasSuffix(file, ".go") {
			return compileResult(compileEmbedded(t))
		}
		return nil, &ExitError{Code: 1, Msg: "gmplab run: " + file + ": no such file"}
	case err != nil:
		return nil, &ExitError{Code: 1, Msg: "gmplab run: " + err.Error()}
	case fi.IsDir():
		return nil, &ExitError{Code: 1, Msg: "gmplab run: " + file + " is a directory: give one .go file"}
	case !strings.HasSuffix(file, ".go"):
		return nil, &ExitError{Code: 1, Msg: "gmplab run: " + file + ": not a .go file"}
	}
	src, err := os.ReadFile(disk)
	if err != nil {
		return nil, &ExitError{Code: 1, Msg: "gmplab run: " + err.Error()}
	}
	return compileResult(compileSource(file, src))
}

// inRoot is where a path given relative to root lies on disk.
func inRoot(root, p string) string {
	if root == "" || filepath.IsAbs(p) {
		return p
	}
	return filepath.Join(root, p)
}

// runRun compiles and runs o.File and prints what the options ask for.
func runRun(o *RunOptions) (err error) {
	prog, err := compile(o.root, o.File)
	if err != nil {
		return err
	}
	mc, err := runtime.New(prog, o.config())
	if err == nil {
		mc.SetArgs(o.ProgArgs)
		mc.SetStdin(o.In)
	}
	if se := (*runtime.StartError)(nil); errors.As(err, &se) {
		return &ExitError{Code: 2, Msg: se.Msg} // Go's own message and status
	}
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab run: " + err.Error()}
	}
	if o.stateAt.on {
		if o.Output != "" {
			return &ExitError{Code: 2, Msg: "gmplab run: --state-at and --output: --state-at prints the state on standard output"}
		}
		return runStateAt(o, mc)
	}

	dst := o.Out
	var file *os.File
	if o.Output != "" {
		f, err := os.Create(inRoot(o.root, o.Output))
		if err != nil {
			return &ExitError{Code: 1, Msg: "gmplab run: " + err.Error()}
		}
		defer f.Close()
		file, dst = f, f
	}
	out := bufio.NewWriterSize(dst, 64<<10)
	var chrome *view.ChromeWriter
	var gotrace *view.GoTraceWriter
	width := o.width
	if width == 0 {
		width = layoutWidth(o.Out) // 0: a pipe's fixed form
	}
	style := view.Text{Wide: o.Wide, NoPs: !o.layers.Has(runtime.LayerProcs), Width: width}
	var line []byte
	switch {
	case o.Quiet:
	case o.Format == formatText:
		out.WriteString(view.Fill(fmt.Sprintf("# %s: %s seed=%d layers=%s%s%s\n", o.File, procsHeader(o.gomaxprocs, o.gomaxprocsFrom, o.NCPU), o.Seed, o.layers, godebugHeader(o.asyncPreemptOff), o.gcHeader), width))
		out.WriteString(style.Header())
		out.WriteByte('\n')
	case o.Format == formatChrome:
		chrome = view.NewChromeWriter(out)
	case o.Format == formatTrace:
		if file == nil && isTerminalW(o.Out) {
			return &ExitError{Code: 2, Msg: "gmplab run --format trace writes a binary file: redirect it (gmplab run " + o.File + " --format trace > run.trace)"}
		}
		gotrace = view.NewGoTraceWriter(out, prog, mc.State())
		gotrace.State = mc.State
	}

	var last runtime.Event
	// A broken invariant panics in the engine (the first word of the
	// message names the function): a bug in gmplab, reported with the
	// event it followed, after what the program printed so far.
	defer recoverBug(&err, func() string {
		out.Flush()
		return fmt.Sprintf("in the simulated runtime after event %d:\n%s", last.Seq, style.Format(last))
	})
	for {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		last = ev
		switch {
		case o.Quiet:
			if ev.Kind == runtime.EvPrint {
				if ev.MustArg("stream") == 1 {
					// Keep the order of the two streams: what the
					// program printed on stdout so far goes out first.
					if err := out.Flush(); err != nil {
						return writeError(err)
					}
					io.WriteString(o.Err, ev.Text)
				} else {
					out.WriteString(ev.Text)
				}
			}
		case o.Format == formatText:
			line = append(style.Append(line[:0], ev), '\n')
			out.Write(line)
		case o.Format == formatJSON:
			out.Write(view.MarshalEvent(ev))
			out.WriteByte('\n')
		case o.Format == formatSchedtrace:
			if ev.Kind == runtime.EvSchedtrace {
				out.WriteString(strings.TrimSuffix(ev.Text, "\n"))
				out.WriteByte('\n')
			}
		case o.Format == formatGctrace:
			if ev.Kind == runtime.EvGCMarkTermination {
				out.WriteString(ev.Text)
				out.WriteByte('\n')
			}
		case o.Format == formatChrome:
			chrome.Event(ev)
		case o.Format == formatTrace:
			gotrace.Event(ev)
		}
	}
	if chrome != nil {
		chrome.Close()
	}
	if gotrace != nil {
		if err := gotrace.Close(); err != nil {
			return writeError(err)
		}
	}
	if err := out.Flush(); err != nil {
		return writeError(err)
	}
	if file != nil {
		fi, err := file.Stat()
		if err == nil {
			err = file.Close()
		}
		if err != nil {
			return &ExitError{Code: 1, Msg: "gmplab run: " + err.Error()}
		}
		what := o.Format
		if o.Format == formatTrace {
			what = "Go's execution trace format"
		}
		fmt.Fprintf(o.Err, "gmplab run: wrote %s: %d bytes, %s\n", o.Output, fi.Size(), what)
	}
	if o.Stats {
		fmt.Fprintf(o.Err, "stats: %s\n", view.FormatStats(mc.Stats()))
	}
	return exitOf(mc)
}

// exitOf turns how the run ended into the command's result.
func exitOf(mc *runtime.Machine) error {
	ex := mc.Exit()
	if ex == nil {
		panic("gmplab run: the engine stopped without saying how the run ended")
	}
	switch ex.Reason {
	case "max-events", "max-instrs", "max-steps", "max-time":
		// gmplab gave up, not the program: not the program's exit code.
		return &ExitError{Code: 1, Msg: ex.Msg}
	}
	if ex.Code == 0 && ex.Msg == "" {
		return nil
	}
	return &ExitError{Code: ex.Code, Msg: ex.Msg}
}

func writeError(err error) error {
	return &ExitError{Code: 1, Msg: "gmplab run: writing the output: " + err.Error()}
}

// stateAfter is the state right after event seq, which mc has just handed
// out: recorded on the way if mc was watching it, else by running start (a
// clone of the machine at the start) again with a watch on it. The engine is
// deterministic, so the second run makes the same events.
func stateAfter(mc, start *runtime.Machine, seq int64) *runtime.State {
	if st := mc.StateAt(seq); st != nil {
		return st
	}
	start.WatchState(seq)
	for {
		ev, ok := start.Step()
		if !ok {
			panic("gmplab run: the second run ended before event " + strconv.FormatInt(seq, 10))
		}
		if ev.Seq == seq {
			return start.StateAt(seq)
		}
	}
}

// runStateAt runs until the point --state-at names and prints the state.
func runStateAt(o *RunOptions, mc *runtime.Machine) error {
	at := o.stateAt
	var last runtime.Event
	breakpoints := int64(0)
	found := !at.end && at.breakpoint == 0 && at.seq == 0 // the start
	start := mc.Clone()
	if !at.end && at.breakpoint == 0 {
		mc.WatchState(at.seq)
	}
	for !found {
		ev, ok := mc.Step()
		if !ok {
			break
		}
		last = ev
		switch {
		case at.breakpoint > 0:
			if ev.Kind == runtime.EvBreakpoint {
				breakpoints++
				found = breakpoints == at.breakpoint
			}
		case !at.end:
			found = ev.Seq >= at.seq
		}
	}
	if !found && !at.end {
		ex := mc.Exit()
		how := ""
		if ex != nil {
			how = " (" + ex.Reason + ")"
		}
		if at.breakpoint > 0 {
			return &ExitError{Code: 1, Msg: fmt.Sprintf("gmplab run: --state-at %s: the run ended%s after event %d, having reached %d breakpoint(s)",
				o.StateAt, how, last.Seq, breakpoints)}
		}
		return &ExitError{Code: 1, Msg: fmt.Sprintf("gmplab run: --state-at %s: the run ended%s after event %d", o.StateAt, how, last.Seq)}
	}
	st := mc.State() // the start
	if last.Seq > 0 {
		st = stateAfter(mc, start, last.Seq)
	}
	if err := view.WriteState(o.Out, st); err != nil {
		return writeError(err)
	}
	return nil
}
