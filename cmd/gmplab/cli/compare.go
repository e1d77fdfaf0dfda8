package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/internal/compare"
	"github.com/gmplab/gmplab/internal/gobuild"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// CompareOptions are the inputs of `gmplab compare`.
type CompareOptions struct {
	Out, Err   io.Writer
	Target     string
	GOMAXPROCS int
	Runs       int

	gomaxprocsSet bool
	root          string // paths are relative to it ("": the current directory)
	simOnly       bool   // the simulator's side alone, no real run (CellExecutor.CompareSim)
}

// maxRuns bounds --runs: each real run takes a second or more.
const maxRuns = 50

func newCompareCmd(runF func(*CompareOptions) error) *cobra.Command {
	o := &CompareOptions{}
	cmd := &cobra.Command{
		Use:   "compare LESSON|FILE.go",
		Short: "Run a program on the simulator and on the real runtime, side by side",
		Long: `Compare runs the program on the simulator and, --runs times, on the real Go
runtime with runtime/trace on (decoded by go tool trace -d=parsed), and prints
side by side: the program's output (with a diff), threads and goroutines
created, context switches per P, preemptions, system calls and those handed
off, and how long goroutines waited runnable (percentiles). The real column is
the range over the runs: a real run varies with the machine's load. The trace
cannot show the run queues' contents, runnext or steals: gmplab real can.

Needs the go command, and builds the program where go build would build it:
in its own module, or in one made for it; a program that imports gmplab's
sim package builds in your clone of gmplab. It needs no ptrace and no
terminal.`,
		Example: `  gmplab compare examples/steal.go --gomaxprocs 4
  gmplab compare lesson-04 --runs 5`,
		Args: oneTarget,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Target = args[0]
			o.Out, o.Err = cmd.OutOrStdout(), cmd.ErrOrStderr()
			o.gomaxprocsSet = cmd.Flags().Changed("gomaxprocs")
			if o.gomaxprocsSet && (o.GOMAXPROCS < 1 || o.GOMAXPROCS > maxGOMAXPROCS) {
				return fmt.Errorf("--gomaxprocs %d: want 1 to %d", o.GOMAXPROCS, maxGOMAXPROCS)
			}
			if o.Runs < 1 || o.Runs > maxRuns {
				return fmt.Errorf("--runs %d: want 1 to %d", o.Runs, maxRuns)
			}
			if runF != nil {
				return runF(o)
			}
			return runCompare(o)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.IntVar(&o.GOMAXPROCS, "gomaxprocs", 0, "number of Ps, on both (default: the lesson's, else "+strconv.Itoa(runtime.DefaultGOMAXPROCS)+")")
	f.IntVar(&o.Runs, "runs", 3, "how many real runs (the real column is their range)")
	return cmd
}

func runCompare(o *CompareOptions) error {
	fail := func(err error) error {
		msg := strings.Replace(err.Error(), "gmplab step: ", "", 1)
		code := 1
		if ee := (*ExitError)(nil); errors.As(err, &ee) {
			code = ee.Code
		}
		return &ExitError{Code: code, Msg: "gmplab compare: " + msg}
	}
	tg, err := loadStepTarget(&StepOptions{Target: o.Target, root: o.root,
		procsFlags: procsFlags{GOMAXPROCS: o.GOMAXPROCS, NCPU: runtime.DefaultNCPU, set: o.gomaxprocsSet},
		Seed:       1, Limits: defaultLimits()})
	if err != nil {
		return fail(err)
	}
	file, name, procs, cleanup, err := realProgram(o.root, o.Target, o.GOMAXPROCS, o.gomaxprocsSet)
	if err != nil {
		return fail(err)
	}
	defer cleanup()
	if procs != tg.cfg.GOMAXPROCS {
		return fail(fmt.Errorf("internal: GOMAXPROCS %d for the simulator and %d for the real run", tg.cfg.GOMAXPROCS, procs))
	}
	sim, err := compare.Sim(tg.prog, tg.cfg)
	if err != nil {
		return fail(err)
	}
	if o.simOnly {
		io.WriteString(o.Out, foldReport(compare.Format(name, procs, sim, nil), layoutWidth(o.Out)))
		return nil
	}
	gocmd, err := gobuild.GoCommand("gmplab compare")
	if err != nil {
		return fail(err)
	}
	md, err := gobuild.Where(gocmd, file, inRoot(o.root, "."), gobuild.SourceDir())
	if err != nil {
		return fail(err)
	}
	status := newStatusLine(o.Err, "gmplab compare: ")
	runs, err := compare.Real(context.Background(), file, md, procs, o.Runs, status.show)
	status.clear()
	if err != nil {
		var ee *ExitError
		if errors.As(err, &ee) {
			return err
		}
		return fail(err)
	}
	io.WriteString(o.Out, foldReport(compare.Format(name, procs, sim, runs), layoutWidth(o.Out)))
	return nil
}

// foldReport lays compare's report out for a terminal of width columns (0:
// the fixed form, as it is): its closing paragraph, prose broken for 80
// columns, is filled again, and every line folds (view.Fill). The output
// diff above it keeps its lines (view.Unfold would join a "+ line" to the
// sentence before it).
func foldReport(report string, width int) string {
	if width == 0 {
		return report
	}
	if i := strings.LastIndex(strings.TrimSuffix(report, "\n"), "\n\n"); i >= 0 {
		report = report[:i+2] + view.Unfold(report[i+2:])
	}
	return view.Fill(report, width)
}
