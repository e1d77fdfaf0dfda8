package cli

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/debugger/terminal"
	"github.com/gmplab/gmplab/internal/realhost"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/replay"
	"github.com/gmplab/gmplab/view"
)

// CellExecutor runs a lesson's cells (package notebook) with gmplab's own
// run and step commands, in this process: a cell's output is the bytes the
// command prints. Root is the directory the cells' paths are relative to
// (the repository's root); "" is the current directory, and a lesson's
// scenario missing there is read from gmplab's embedded copy.
type CellExecutor struct {
	Root string
	// Width, if not 0, is a terminal's width for the run and step cells
	// to lay their events out for (the lesson reader's); 0 is the fixed
	// form of the stored outputs.
	Width int
}

var _ notebook.RealExecutor = (*CellExecutor)(nil)

// NewCellExecutor returns an executor rooted at the repository that holds
// the current directory, if any.
func NewCellExecutor() *CellExecutor {
	return &CellExecutor{Root: RepoRoot()}
}

// RepoRoot returns the gmplab repository holding the current directory
// (the nearest folder up whose go.mod is module github.com/gmplab/gmplab),
// or "".
func RepoRoot() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for {
		b, err := os.ReadFile(filepath.Join(dir, "go.mod"))
		if err == nil && strings.HasPrefix(string(b), "module github.com/gmplab/gmplab\n") {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			return ""
		}
		dir = up
	}
}

// withCommand is gmplab's command tree with one command replaced by cmd
// (the same name), so that errors and help read as the real ones.
func withCommand(cmd *cobra.Command) *cobra.Command {
	root := NewRootCmd()
	for _, c := range root.Commands() {
		if c.Name() == cmd.Name() {
			root.RemoveCommand(c)
		}
	}
	root.AddCommand(cmd)
	return root
}

// Run implements notebook.Executor.
func (x *CellExecutor) Run(args []string) (string, int) {
	var out bytes.Buffer
	cmd := newRunCmd(func(o *RunOptions) error { o.root, o.width = x.Root, x.Width; return runRun(o) })
	code := execute(withCommand(cmd), append([]string{"run"}, args...), &out, &out)
	return out.String(), code
}

// Step implements notebook.Executor.
func (x *CellExecutor) Step(args []string, commands []string) (string, int) {
	var out bytes.Buffer
	cmd := newStepCmd(func(o *StepOptions) error { o.root, o.width = x.Root, x.Width; return runStep(o) })
	root := withCommand(cmd)
	root.SetIn(strings.NewReader(commandLines(commands)))
	code := execute(root, append([]string{"step"}, args...), &out, &out)
	return out.String(), code
}

// Replay implements notebook.Executor: gmplab replay ARGS with the
// commands as its standard input.
func (x *CellExecutor) Replay(args []string, commands []string) (string, int) {
	var out bytes.Buffer
	cmd := newReplayCmd(func(o *ReplayOptions) error {
		o.root = x.Root
		o.Interactive = func() bool { return false }
		return runReplay(o)
	})
	root := withCommand(cmd)
	root.SetIn(strings.NewReader(commandLines(commands)))
	code := execute(root, append([]string{"replay"}, args...), &out, &out)
	return out.String(), code
}

// Compare implements notebook.RealExecutor: gmplab compare ARGS, which
// needs no ptrace and runs wherever the go command does.
func (x *CellExecutor) Compare(args []string) (string, int, error) {
	var out bytes.Buffer
	cmd := newCompareCmd(func(o *CompareOptions) error { o.root = x.Root; return runCompare(o) })
	code := execute(withCommand(cmd), append([]string{"compare"}, args...), &out, &out)
	return out.String(), code, nil
}

// CompareSim implements notebook.SimComparer: gmplab compare ARGS with
// the simulator's side only (no real run, an empty real column).
func (x *CellExecutor) CompareSim(args []string) (string, int, error) {
	var out bytes.Buffer
	cmd := newCompareCmd(func(o *CompareOptions) error { o.root, o.simOnly = x.Root, true; return runCompare(o) })
	code := execute(withCommand(cmd), append([]string{"compare"}, args...), &out, &out)
	return out.String(), code, nil
}

// Real implements notebook.RealExecutor: gmplab real ARGS with the
// commands as its standard input, or notebook.Unavailable where it cannot
// run (not Linux on amd64 or arm64, or the kernel refuses ptrace).
func (x *CellExecutor) Real(args []string, commands []string) (string, int, error) {
	if err := realhost.Check(); err != nil {
		return "", 0, &notebook.Unavailable{Reason: err.Error()}
	}
	var out bytes.Buffer
	cmd := newRealCmd(Extras{}, func(o *RealOptions) error {
		o.root = x.Root
		o.Interactive = func() bool { return false }
		return runReal(o)
	})
	root := withCommand(cmd)
	root.SetIn(strings.NewReader(commandLines(commands)))
	code := execute(root, append([]string{"real"}, args...), &out, &out)
	if err := unavailable(out.String(), code); err != nil {
		return "", 0, err
	}
	return out.String(), code, nil
}

// unavailable is the notebook.Unavailable of a gmplab real that failed
// because the kernel refused ptrace (real's launch error says so), or nil.
func unavailable(out string, code int) error {
	if code != 0 && strings.Contains(out, "refused ptrace") {
		return &notebook.Unavailable{Reason: strings.TrimSpace(out)}
	}
	return nil
}

// commandLines is the debugger commands as standard input, one a line.
func commandLines(commands []string) string {
	in := strings.Join(commands, "\n")
	if in != "" {
		in += "\n"
	}
	return in
}

// parseRun parses a gmplab run command line into its options, or returns
// what gmplab run would print about it.
func (x *CellExecutor) parseRun(args []string) (*RunOptions, error) {
	var opts *RunOptions
	var out bytes.Buffer
	cmd := newRunCmd(func(o *RunOptions) error { opts = o; o.root = x.Root; return nil })
	execute(withCommand(cmd), append([]string{"run"}, args...), &out, &out)
	if opts == nil {
		return nil, errors.New(strings.TrimSpace(out.String()))
	}
	return opts, nil
}

// Timeline implements notebook.Executor: the run's events, drawn by
// view.Timeline.
func (x *CellExecutor) Timeline(args []string) (string, error) {
	tl, _, err := x.TimelineOf(args)
	if err != nil {
		return "", err
	}
	if x.Width > 0 {
		// A terminal's width: its label column, then time.
		tl.Columns = min(view.TimelineWidth, x.Width-9)
	}
	return tl.String(), nil
}

// Eval implements notebook.Executor: a quiz's predicted value, computed by
// the debugger's print.
func (x *CellExecutor) Eval(args []string, commands []string, expr string) (string, error) {
	_, s, err := x.session(args)
	if err != nil {
		return "", err
	}
	var out bytes.Buffer
	term := terminal.New(s, &out, 100)
	for _, c := range commands {
		term.Exec(c)
	}
	v, err := s.Print(expr)
	if err != nil {
		return "", fmt.Errorf("print %s: %v (after %s, which printed:\n%s)", expr, err, strings.Join(commands, "; "), out.String())
	}
	return v, nil
}

// session opens a debugger session as gmplab step ARGS does.
func (x *CellExecutor) session(args []string) (*stepTarget, *debugger.Session, error) {
	var opts *StepOptions
	var out bytes.Buffer
	cmd := newStepCmd(func(o *StepOptions) error { opts = o; o.root = x.Root; return nil })
	execute(withCommand(cmd), append([]string{"step"}, args...), &out, &out)
	if opts == nil {
		return nil, nil, errors.New(strings.TrimSpace(out.String()))
	}
	tg, err := loadStepTarget(opts)
	if err != nil {
		return nil, nil, err
	}
	s, err := debugger.New(debugger.Options{Program: tg.prog, Config: tg.cfg, Name: tg.name})
	return tg, s, err
}

// Debug opens gmplab step ARGS on the terminal: the banner, the commands
// replayed as if typed, then the learner's own until exit.
func (x *CellExecutor) Debug(args []string, commands []string, out io.Writer, width int) error {
	tg, s, err := x.session(args)
	if err != nil {
		return err
	}
	term := terminal.New(s, out, width)
	defer term.Close()
	io.WriteString(out, stepBanner(tg, s.Config()))
	for _, c := range commands {
		io.WriteString(out, terminal.Prompt+c+"\n")
		term.Exec(c)
		if term.Quit() {
			return nil
		}
	}
	return term.RunTerminal()
}

// DebugReplay is Debug for a step cell of gmplab replay TRACE: the
// replay's session of that trace on the terminal, with the cell's commands
// run first, so that the lesson reader opens what the cell shows.
//
// A cell of gmplab replay TRACE --report opens no session: --report
// prints the trace's numbers and longest waits and exits, so the reader
// shows that, as the stored output does.
func (x *CellExecutor) DebugReplay(args []string, commands []string, out io.Writer, width int) error {
	if len(args) == 0 {
		return errors.New("gmplab replay: want a trace file")
	}
	if slices.ContainsFunc(args[1:], func(a string) bool { return a == "--report" || a == "-report" }) {
		o, code := x.Replay(args, commands)
		io.WriteString(out, o)
		if code != 0 {
			return fmt.Errorf("gmplab replay: exit status %d", code)
		}
		return nil
	}
	t, err := openTrace(x.Root, args[0])
	if err != nil {
		return fmt.Errorf("gmplab replay: %v", err)
	}
	term := terminal.New(replay.NewSession(t), out, width)
	defer term.Close()
	io.WriteString(out, t.Banner())
	for _, c := range commands {
		io.WriteString(out, terminal.Prompt+c+"\n")
		term.Exec(c)
		if term.Quit() {
			return nil
		}
	}
	return term.RunTerminal()
}

// ReadFile implements notebook.Executor: the file under Root, or for a
// lesson's file not on disk, gmplab's embedded copy.
func (x *CellExecutor) ReadFile(p string) ([]byte, error) {
	b, err := os.ReadFile(inRoot(x.Root, p))
	if err == nil || !errors.Is(err, os.ErrNotExist) {
		return b, err
	}
	if dir, name, ok := strings.Cut(strings.TrimPrefix(filepath.ToSlash(p), "lessons/"), "/"); ok && strings.HasPrefix(p, "lessons/") {
		if l, lerr := lessons.Find(dir); lerr == nil && l.Dir == dir {
			return l.ReadFile(name)
		}
	}
	return nil, fmt.Errorf("%s: no such file", p)
}

// SetEnv makes the commands the executor runs see the cell's environment
// settings (NAME=VALUE: GODEBUG, GOMAXPROCS) before the process's, until
// the returned function restores it (notebook.EnvExecutor).
func (x *CellExecutor) SetEnv(env []string) (restore func()) {
	old := lookupEnv
	lookupEnv = func(k string) (string, bool) {
		for i := len(env) - 1; i >= 0; i-- {
			if name, value, _ := strings.Cut(env[i], "="); name == k {
				return value, true
			}
		}
		return old(k)
	}
	return func() { lookupEnv = old }
}
