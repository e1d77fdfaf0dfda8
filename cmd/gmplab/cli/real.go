package cli

import (
	"context"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/debugger/terminal"
	"github.com/gmplab/gmplab/internal/gobuild"
	"github.com/gmplab/gmplab/internal/realhost"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
)

// RealOptions are the inputs of `gmplab real`, filled from its flags.
type RealOptions struct {
	In       io.Reader
	Out, Err io.Writer

	Target     string
	GOMAXPROCS int
	Init       string
	Timeout    time.Duration

	gomaxprocsSet bool
	Interactive   func() bool
	root          string // paths are relative to it ("" : the current directory)

	open func(context.Context, RealSpec) (RealDebugger, error) // nil: run gmplab-full
	cmd  *cobra.Command                                        // and args: what to run it with
	args []string
}

// newRealCmd builds `gmplab real`, which runs the program under Delve
// with x.OpenReal, or in gmplab-full without it. runF, if not nil,
// replaces the session.
func newRealCmd(x Extras, runF func(*RealOptions) error) *cobra.Command {
	o := &RealOptions{open: x.OpenReal}
	cmd := &cobra.Command{
		Use:   "real LESSON|FILE.go",
		Short: "Step through the same program on the real Go runtime, under Delve",
		Long: `Real builds a lesson's scenario, or any Go file, with the real toolchain
(` + gobuild.RealGCFlags + `: the runtime's small functions stay real functions), runs
it under Delve and stops it at the real scheduler's decisions: execute,
newproc, runqputslow, runqsteal, handoffp, preemptone, injectglist,
entersyscall, exitsyscall, gopark, goready, goschedImpl, goexit0, newm, stopm.
The REPL is gmplab step's: step, next, stepout, continue, break, board,
procs, goroutines, print p0.runq read the real runtime's structures. Every
stop prints the simulator's line, with the real M, P and G.

Stopping the threads changes the real schedule, and a real run cannot go
backwards: gmplab step does that on the model. Linux (amd64, arm64) only,
where ptrace is allowed. The program builds with the go command where go
build would build it: in its own module, or in one made for it; a program
that imports gmplab's sim package builds in your clone of gmplab.

Delve is not in the gmplab binary (it would double its build time): gmplab
real runs in gmplab-full, gmplab with Delve built in, which gmplab builds
from its source the first time (a minute or two, with a progress line) and
keeps in your cache folder.

Commands are read from the terminal, or from standard input when it is not
one: echo 'break handoffp
continue' | gmplab real lesson-04.`,
		Example: `  gmplab real lesson-04
  gmplab real examples/steal.go --gomaxprocs 4
  printf 'break handoffp\ncontinue\nprocs\n' | gmplab real lesson-04`,
		Args: oneTarget,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Target = args[0]
			o.In, o.Out, o.Err = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			o.cmd, o.args = cmd, args
			o.gomaxprocsSet = cmd.Flags().Changed("gomaxprocs")
			if o.Interactive == nil {
				o.Interactive = func() bool { return isTerminal(o.In) }
			}
			if o.gomaxprocsSet && (o.GOMAXPROCS < 1 || o.GOMAXPROCS > maxGOMAXPROCS) {
				return fmt.Errorf("--gomaxprocs %d: want 1 to %d", o.GOMAXPROCS, maxGOMAXPROCS)
			}
			if o.Timeout < 0 {
				return fmt.Errorf("--timeout %v: want a duration of 0 or more (examples: 10s, 2m)", o.Timeout)
			}
			if runF != nil {
				return runF(o)
			}
			return runReal(o)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	f.IntVar(&o.GOMAXPROCS, "gomaxprocs", 0, "GOMAXPROCS of the real run (default: the lesson's, else "+strconv.Itoa(runtime.DefaultGOMAXPROCS)+")")
	f.StringVar(&o.Init, "init", "", "run the debugger commands in this `file` first")
	f.DurationVar(&o.Timeout, "timeout", time.Minute, "interrupt a continue, next or stepout that has not stopped after this long (0: never)")
	return cmd
}

// realProgram resolves a lesson or file to a Go file on disk (a lesson's
// embedded scenario is written to a temporary one; cleanup removes it)
// and the GOMAXPROCS to run it with. A relative path is from root ("":
// the current directory); name is the path as given.
func realProgram(root, target string, gomaxprocs int, set bool) (file, name string, procs int, cleanup func(), err error) {
	exists := func(p string) bool { _, err := os.Stat(inRoot(root, p)); return err == nil }
	t, err := lessons.Resolve(target, exists)
	if err != nil {
		return "", "", 0, nil, err
	}
	procs = runtime.DefaultGOMAXPROCS
	if t.Lesson != nil {
		procs = t.Lesson.GOMAXPROCS
	}
	if set {
		procs = gomaxprocs
	}
	cleanup = func() {}
	file = t.File
	if file == "" {
		src, err := t.Lesson.Source(t.Scenario)
		if err != nil {
			return "", "", 0, nil, err
		}
		// A stable path (the user's cache) so that the built binary is
		// reused from one launch to the next (gobuild.CachedBuild).
		dir := ""
		if cache, err := os.UserCacheDir(); err == nil {
			dir = filepath.Join(cache, "gmplab", "lessons", t.Lesson.Dir)
			if os.MkdirAll(dir, 0o755) != nil {
				dir = ""
			}
		}
		if dir == "" {
			if dir, err = os.MkdirTemp("", "gmplab-src-"); err != nil {
				return "", "", 0, nil, err
			}
			cleanup = func() { os.RemoveAll(dir) }
		}
		file = filepath.Join(dir, t.Scenario)
		if err := os.WriteFile(file, src, 0o644); err != nil {
			cleanup()
			return "", "", 0, nil, err
		}
	} else if fi, err := os.Stat(inRoot(root, file)); err != nil {
		return "", "", 0, nil, err
	} else if fi.IsDir() {
		return "", "", 0, nil, fmt.Errorf("%s is a directory: give one .go file", file)
	} else {
		file = inRoot(root, file)
	}
	return file, t.Display(), procs, cleanup, nil
}

// runReal opens the REPL on the real runtime, or runs gmplab-full to.
func runReal(o *RealOptions) error {
	if err := realhost.Check(); err != nil {
		return &ExitError{Code: 1, Msg: err.Error()}
	}
	file, name, procs, cleanup, err := realProgram(o.root, o.Target, o.GOMAXPROCS, o.gomaxprocsSet)
	if err != nil {
		return lessonError("gmplab real", err)
	}
	defer cleanup()
	if o.open == nil {
		// Checked here first, so that a wrong name does not wait for
		// gmplab-full's build.
		return runFull(o.cmd, o.args, o.root, "Delve, for gmplab real")
	}
	s, err := o.open(context.Background(), RealSpec{File: file, Name: name, GOMAXPROCS: procs, Timeout: o.Timeout})
	if err != nil {
		msg := err.Error()
		if !strings.HasPrefix(msg, "gmplab real") {
			msg = "gmplab real: " + msg
		}
		return &ExitError{Code: 1, Msg: msg}
	}
	defer s.Close()
	term := terminal.New(s, o.Out, layoutWidth(o.Out))
	defer term.Close()
	term.Print(s.Banner())
	return runREPL(term, "gmplab real", o.Init, o.Interactive(), o.In)
}
