package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/debugger/terminal"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/replay"
	"github.com/gmplab/gmplab/view"
)

// ReplayOptions are the inputs of `gmplab replay`, filled from its flags.
type ReplayOptions struct {
	In       io.Reader
	Out, Err io.Writer

	Trace  string
	Report bool
	Top    int
	Init   string

	Interactive func() bool
	root        string // paths are relative to it ("": the current directory)
}

// newReplayCmd builds `gmplab replay`. runF, if not nil, replaces the
// session.
func newReplayCmd(runF func(*ReplayOptions) error) *cobra.Command {
	o := &ReplayOptions{}
	cmd := &cobra.Command{
		Use:   "replay TRACE",
		Short: "Step through a real execution trace (runtime/trace, go test -trace, a flight recorder)",
		Long: `Replay opens an execution trace written by Go 1.22 or later (go test -trace,
runtime/trace.Start, trace.FlightRecorder, or gmplab run --format trace) in
gmplab step's debugger: step, next, continue, rev step, rev continue, goto N,
break on an event (GoCreate, GoStart, GoBlock, GoUnblock, ProcStart,
ProcStop, syscall, GC phases, user regions and tasks, or the runtime's own
names: newproc, execute, gopark, …) or on a goroutine (break g7), goroutines,
goroutine N with the stack the trace recorded, procs, board, why, print.

The trace records what ran, not the run queues: the model puts each
runnable goroutine where Go 1.26's rules do (runnext of the P that readied
it, the global queue after a preemption, …) and says, when a goroutine
starts, which rule took it (runqget, globrunqget, runqsteal); the board
marks those queues as inferred. Where the trace does what the rules would
not, the why says so: a finding, not an error.

why-waited N explains a goroutine's wait from runnable to running; with
--report, replay prints the trace in numbers, the findings and the longest
waits with their causes, and exits.`,
		Example: `  gmplab replay trace.out
  gmplab replay trace.out --report
  printf 'break GoBlock\ncontinue\nwhy\n' | gmplab replay trace.out`,
		Args: func(cmd *cobra.Command, args []string) error {
			switch len(args) {
			case 1:
				return nil
			case 0:
				return errors.New("missing TRACE: the execution trace to open (go test -trace trace.out writes one)")
			}
			return fmt.Errorf("want one trace file, got %d arguments: %s", len(args), strings.Join(args, " "))
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Trace = args[0]
			o.In, o.Out, o.Err = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if o.Interactive == nil {
				o.Interactive = func() bool { return isTerminal(o.In) }
			}
			if o.Top < 1 {
				return fmt.Errorf("--top %d: want 1 or more", o.Top)
			}
			if cmd.Flags().Changed("top") && !o.Report {
				return errors.New("--top counts the waits of --report: give --report too")
			}
			if o.Report && o.Init != "" {
				return errors.New("--report and --init: choose one (--report prints and exits)")
			}
			if runF != nil {
				return runF(o)
			}
			return runReplay(o)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.BoolVar(&o.Report, "report", false, "print the trace in numbers, the findings and the longest waits with their causes, and exit")
	f.IntVar(&o.Top, "top", 10, "how many of the longest waits --report explains")
	f.StringVar(&o.Init, "init", "", "run the debugger commands in this `file` first")
	return cmd
}

// openTrace opens a trace file; a lesson's stored trace
// (lessons/07-production/pingpong.trace) that is not on disk, outside a
// checkout, is gmplab's embedded copy, as a lesson's scenarios are.
func openTrace(root, path string) (*replay.Trace, error) {
	disk := inRoot(root, path)
	if _, err := os.Stat(disk); errors.Is(err, os.ErrNotExist) {
		if dir, name, ok := strings.Cut(strings.TrimPrefix(path, "lessons/"), "/"); ok && strings.HasPrefix(path, "lessons/") && !strings.Contains(name, "/") {
			if l, lerr := lessons.Find(dir); lerr == nil && l.Dir == dir {
				if b, rerr := l.ReadFile(name); rerr == nil {
					return replay.Read(bytes.NewReader(b), replay.Options{Name: path})
				}
			}
		}
	}
	return replay.Open(disk, replay.Options{Name: path})
}

// runReplay opens the trace and the REPL (or prints the report).
func runReplay(o *ReplayOptions) error {
	t, err := openTrace(o.root, o.Trace)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab replay: " + err.Error()}
	}
	if o.Report {
		// On a terminal, folded to its width; into a pipe, the fixed
		// form.
		var b strings.Builder
		err := t.Report(&b, o.Top)
		io.WriteString(o.Out, view.Fill(b.String(), layoutWidth(o.Out)))
		if err != nil {
			return &ExitError{Code: 1, Msg: "gmplab replay: " + err.Error()}
		}
		return nil
	}
	s := replay.NewSession(t)
	term := terminal.New(s, o.Out, layoutWidth(o.Out))
	defer term.Close()
	banner := t.Banner()
	if width := layoutWidth(o.Out); width > 0 {
		// The banner is broken for 100 columns: its header alone, the
		// prose under it unfolded and filled again for the terminal.
		head, prose, _ := strings.Cut(banner, "\n")
		banner = view.Fill(head+"\n", width) + view.Fill(view.Unfold(prose), width)
	}
	io.WriteString(o.Out, banner)
	return runREPL(term, "gmplab replay", o.Init, o.Interactive(), o.In)
}
