package notebook

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// Executor runs gmplab's own commands for the cells, in the same process.
// The command line implements it (cmd/gmplab/cli), so that a cell's output
// is what the command prints. Paths in args are already resolved (see
// ResolveArgs): relative to the repository's root.
type Executor interface {
	// Run runs `gmplab run ARGS` and returns what it printed on stdout and
	// stderr, in the order it printed it, and its exit code.
	Run(args []string) (out string, code int)
	// Step runs `gmplab step ARGS` with the commands, one a line, as its
	// standard input, and returns the transcript and the exit code.
	Step(args []string, commands []string) (out string, code int)
	// Timeline runs `gmplab run ARGS` and draws its per-P timeline.
	Timeline(args []string) (string, error)
	// Eval opens `gmplab step ARGS`, runs the commands without showing
	// them, and returns expr's value as the debugger's print shows it.
	Eval(args []string, commands []string, expr string) (string, error)
	// ReadFile reads a file by its path from the repository's root.
	ReadFile(path string) ([]byte, error)
	// Replay runs `gmplab replay ARGS` with the commands as its standard
	// input, and returns the transcript and the exit code.
	Replay(args []string, commands []string) (out string, code int)
}

// EnvExecutor is an Executor that can run a command with environment
// variables set (a cell's `GODEBUG=asyncpreemptoff=1 gmplab run …`):
// SetEnv sets them and returns what restores the environment.
type EnvExecutor interface {
	Executor
	SetEnv(env []string) (restore func())
}

// RealExecutor is an Executor that also runs the real cells: a run cell's
// `gmplab compare ARGS` and a step cell's `gmplab real ARGS` (the
// command line's implements it). Each returns what the command printed and
// its exit code, or an *Unavailable error when the real runtime cannot be
// run here (no ptrace, another platform); then out and code mean nothing.
type RealExecutor interface {
	Executor
	Compare(args []string) (out string, code int, err error)
	Real(args []string, commands []string) (out string, code int, err error)
}

// SimComparer is an Executor that runs the simulator's side of a
// `gmplab compare ARGS` cell alone: the command's output with no real run
// (its real column empty). The simulator is deterministic, so the tests
// check that side of a stored compare output exactly, with -short too, and
// Update refreshes it where the real side cannot run (see SimColumn).
type SimComparer interface {
	CompareSim(args []string) (out string, code int, err error)
}

// Unavailable is the error of a real cell that cannot run here: the kernel
// refuses ptrace, the platform is not Linux on amd64 or arm64, or the
// executor runs no real programs (go test -short). It is not a fault of
// the lesson: tests skip the cell with Reason, and Update keeps its stored
// output.
type Unavailable struct {
	Reason string
}

func (u *Unavailable) Error() string { return "cannot run on the real runtime here: " + u.Reason }

// Path resolves a path written in a cell: a bare name (handoff.go) is in
// the lesson's folder (Dir), anything else is relative to the repository's
// root (examples/steal.go).
func (nb *Notebook) Path(p string) string {
	if nb.Dir == "" || strings.Contains(p, "/") {
		return p
	}
	return nb.Dir + "/" + p
}

// A trace is a file one cell writes and another reads: a run cell's
// `gmplab run server.go --format trace -o server.trace` writes it, a step
// cell's `gmplab replay server.trace` opens it. A bare *.trace name is in
// the notebook's scratch folder (Scratch, made when first needed, removed
// by Close), never in the lesson's, so that running a lesson changes no
// file of the repository; a replay cell whose trace is not written yet
// runs the cell that writes it first.

// isTrace reports whether a is a bare trace name.
func isTrace(a string) bool {
	return strings.HasSuffix(a, ".trace") && !strings.Contains(a, "/") && !strings.HasPrefix(a, "-")
}

// scratch returns the scratch folder, made on first use.
func (nb *Notebook) scratch() (string, error) {
	if nb.Scratch == "" {
		d, err := os.MkdirTemp("", "gmplab-cells-")
		if err != nil {
			return "", err
		}
		nb.Scratch, nb.ownScratch = d, true
	}
	return nb.Scratch, nil
}

// Close removes the scratch folder Exec made.
func (nb *Notebook) Close() error {
	if !nb.ownScratch {
		return nil
	}
	nb.ownScratch = false
	d := nb.Scratch
	nb.Scratch = ""
	return os.RemoveAll(d)
}

// PrepareReplay makes sure the traces a replay cell names are written,
// running the cells that write them (as Exec does), for a caller that
// opens the cell's session itself (the lesson reader's debugger).
func (nb *Notebook) PrepareReplay(x Executor, c *Cell) error {
	if c.Command == nil || c.Command.Verb != "replay" {
		return nil
	}
	for _, a := range c.Command.Args {
		if isTrace(a) {
			if err := nb.ensureTrace(x, a); err != nil {
				return err
			}
		}
	}
	return nil
}

// ensureTrace runs the cell that writes trace name, if it is not there.
func (nb *Notebook) ensureTrace(x Executor, name string) error {
	dir, err := nb.scratch()
	if err != nil {
		return err
	}
	if _, err := os.Stat(filepath.Join(dir, name)); err == nil {
		return nil
	}
	for _, c := range nb.Cells() {
		if c.Kind != Run || c.Command == nil || c.Command.Verb != "run" {
			continue
		}
		for i, a := range c.Command.Args {
			if a == name && i > 0 && (c.Command.Args[i-1] == "-o" || c.Command.Args[i-1] == "--output") {
				if _, err := nb.Exec(x, c); err != nil {
					return err
				}
				return nil
			}
		}
	}
	return fmt.Errorf("no cell writes %s (a run cell with -o %s)", name, name)
}

// ResolveArgs returns a command's arguments with the .go files resolved by
// Path. `gmplab step` with no file opens the lesson's first scenario with
// the lesson's front matter (its path in the repository brings that; a
// lesson read from elsewhere on disk gets the flags).
func (nb *Notebook) ResolveArgs(cmd *Command) []string {
	args := make([]string, 0, len(cmd.Args)+1)
	file := false
	for i, a := range cmd.Args {
		if strings.HasSuffix(a, ".go") && !strings.HasPrefix(a, "-") && (i == 0 || !strings.HasPrefix(cmd.Args[i-1], "--init")) {
			a, file = nb.Path(a), true
		}
		if isTrace(a) {
			if dir, err := nb.scratch(); err == nil {
				a = filepath.Join(dir, a)
			}
		}
		args = append(args, a)
	}
	named := len(cmd.Args) > 0 && !strings.HasPrefix(cmd.Args[0], "-") // gmplab step lesson-04
	if l := nb.Lesson; !file && !named && cmd.Verb == "step" && l != nil {
		first := []string{nb.Path(l.Scenarios[0])}
		if nb.Dir != "lessons/"+l.Dir {
			set := strings.Join(cmd.Args, " ")
			for _, f := range []struct{ flag, val string }{
				{"--gomaxprocs", strconv.Itoa(l.GOMAXPROCS)},
				{"--seed", strconv.FormatUint(l.Seed, 10)},
				{"--layers", l.Layers().String()},
			} {
				if !strings.Contains(set, f.flag) {
					first = append(first, f.flag, f.val)
				}
			}
		}
		args = append(first, args...)
	}
	return args
}

// Shown is a command's line as a learner types it in a shell: as written,
// but where a step cell opens the lesson's own scenario (`gmplab step`,
// which alone says "missing LESSON or FILE.go" in a shell), with the
// lesson named after it (`gmplab step lesson-04`), or for a lesson read
// from elsewhere on disk its scenario's path and the lesson's settings,
// as ResolveArgs gives them.
func (nb *Notebook) Shown(cmd *Command) string {
	const verb = "gmplab step"
	l, i := nb.Lesson, strings.Index(cmd.Line, verb)
	if l == nil || cmd.Verb != "step" || i < 0 {
		return cmd.Line
	}
	args := nb.ResolveArgs(cmd)
	added := len(args) - len(cmd.Args) // the scenario and its flags, when none is named
	if added == 0 {
		return cmd.Line
	}
	target := l.Name()
	if nb.Dir != "lessons/"+l.Dir {
		target = strings.Join(args[:added], " ")
	}
	return cmd.Line[:i+len(verb)] + " " + target + cmd.Line[i+len(verb):]
}

// Exec runs one cell and returns what belongs in its output block (for a
// source cell: its body). An error says the cell cannot be run as written
// (a missing file, a quiz the engine does not answer); a program that
// fails is not an error, its failure is the output.
func (nb *Notebook) Exec(x Executor, c *Cell) (string, error) {
	var out string
	switch c.Kind {
	case Source:
		b, err := x.ReadFile(nb.Path(c.File))
		if err != nil {
			return "", nb.cellErr(c, err)
		}
		out = string(b)
		if c.Lines[0] > 0 {
			lines := strings.SplitAfter(out, "\n")
			if c.Lines[1] > len(lines) || (c.Lines[1] == len(lines) && lines[len(lines)-1] == "") {
				return "", nb.cellErr(c, fmt.Errorf("lines=%d-%d: %s has %d lines", c.Lines[0], c.Lines[1], c.File, strings.Count(out, "\n")))
			}
			out = strings.Join(lines[c.Lines[0]-1:c.Lines[1]], "")
		}
	case Run, Step:
		o, code, err := nb.execCommand(x, c)
		if err != nil {
			return "", nb.cellErr(c, err)
		}
		for _, f := range c.Command.Filters {
			o = f.Apply(o)
		}
		out = withStatus(o, code)
	case Timeline:
		o, err := x.Timeline(nb.ResolveArgs(c.Command))
		if err != nil {
			return "", nb.cellErr(c, err)
		}
		out = o
	case Quiz:
		i, err := nb.Answer(x, c.Q)
		if err != nil {
			return "", nb.cellErr(c, err)
		}
		out = "answer: " + c.Q.Choices[i]
	case Guide, Diagram:
		return "", nil
	case RunsKind:
		o, err := nb.execRuns(x, c)
		var f *ChecksFailed
		if err != nil && !errors.As(err, &f) {
			return "", nb.cellErr(c, err)
		}
		return o, err
	}
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out, nil
}

// execCommand runs a run or step cell's command: gmplab run, step,
// replay, compare or real.
func (nb *Notebook) execCommand(x Executor, c *Cell) (string, int, error) {
	if c.Command.Verb == "replay" && isTrace(c.Command.Args[0]) {
		if err := nb.ensureTrace(x, c.Command.Args[0]); err != nil {
			return "", 0, err
		}
	}
	o, code, err := nb.execArgs(x, c)
	if nb.Scratch != "" {
		o = strings.ReplaceAll(o, nb.Scratch+string(filepath.Separator), "") // a trace is named as the cell names it
	}
	return o, code, err
}

func (nb *Notebook) execArgs(x Executor, c *Cell) (string, int, error) {
	args := nb.ResolveArgs(c.Command)
	if len(c.Command.Env) > 0 {
		ex, ok := x.(EnvExecutor)
		if !ok {
			return "", 0, fmt.Errorf("this executor cannot set the environment (%s)", strings.Join(c.Command.Env, " "))
		}
		defer ex.SetEnv(c.Command.Env)()
	}
	if c.Command.Verb == "replay" {
		o, code := x.Replay(args, c.Steps)
		return o, code, nil
	}
	if !c.Real() {
		if c.Kind == Step {
			o, code := x.Step(args, c.Steps)
			return o, code, nil
		}
		o, code := x.Run(args)
		return o, code, nil
	}
	rx, ok := x.(RealExecutor)
	if !ok {
		return "", 0, &Unavailable{Reason: "this executor runs no real programs"}
	}
	if c.Kind == Step {
		return rx.Real(args, c.Steps)
	}
	return rx.Compare(args)
}

func (nb *Notebook) cellErr(c *Cell, err error) error {
	return fmt.Errorf("%s:%d: %s cell: %w", nb.Name, c.Line, c.Kind, err)
}

// withStatus adds the line `exit status N` for a non-zero exit code, as a
// shell shows it.
func withStatus(out string, code int) string {
	if code == 0 {
		return out
	}
	if out != "" && !strings.HasSuffix(out, "\n") {
		out += "\n"
	}
	return out + "exit status " + strconv.Itoa(code) + "\n"
}

// Answer returns the index of a question's right choice: the marked one,
// or for kind: predict the one equal to the expression's value in the
// engine's run, which must be exactly one.
func (nb *Notebook) Answer(x Executor, q *Question) (int, error) {
	if q.Kind != "predict" {
		return q.Right, nil
	}
	args := nb.ResolveArgs(q.Run)
	defer withEnv(x, q.Run)()
	v, err := x.Eval(args, q.Do, q.Expr)
	if err != nil {
		return -1, fmt.Errorf("quiz %s: %v", q.ID, err)
	}
	v = strings.TrimSpace(v)
	right := -1
	for i, ch := range q.Choices {
		if ch != v {
			continue
		}
		if right >= 0 {
			return -1, fmt.Errorf("quiz %s: two choices say %q", q.ID, v)
		}
		right = i
	}
	if right < 0 {
		return -1, fmt.Errorf("quiz %s: the engine says %s = %s after %s, which is none of the choices (%s): make one of them %q",
			q.ID, q.Expr, v, strings.Join(q.Do, "; "), strings.Join(q.Choices, " | "), v)
	}
	return right, nil
}

// SimSide runs the simulator's side of a gmplab compare cell (see
// SimComparer): ok is false for any other cell or an executor that cannot.
func (nb *Notebook) SimSide(x Executor, c *Cell) (out string, ok bool, err error) {
	sc, can := x.(SimComparer)
	if !can || !c.Real() || c.Kind != Run {
		return "", false, nil
	}
	o, code, err := sc.CompareSim(nb.ResolveArgs(c.Command))
	if err != nil {
		return "", true, nb.cellErr(c, err)
	}
	for _, f := range c.Command.Filters {
		o = f.Apply(o)
	}
	return withStatus(o, code), true, nil
}

// Update runs every cell and stores its output (or a source cell's body),
// adding output blocks where they are missing. A real cell that cannot run
// here (Unavailable) keeps its stored output, except that a gmplab compare
// cell's simulator column is refreshed when the executor is a SimComparer
// (WithSimColumn). It returns the first cell that cannot run for another
// reason; the others are still updated.
func (nb *Notebook) Update(x Executor) error {
	var first error
	for _, c := range nb.Cells() {
		out, err := nb.Exec(x, c)
		var u *Unavailable
		if errors.As(err, &u) {
			sim, ok, err := nb.SimSide(x, c)
			if ok && err == nil && c.HasOutput {
				out, err = WithSimColumn(c.Output, sim)
				if err == nil {
					c.set(out)
				}
			}
			if err != nil && first == nil {
				first = fmt.Errorf("%s:%d: %s cell: %w", nb.Name, c.Line, c.Kind, err)
			}
			continue
		}
		if err != nil {
			if first == nil {
				first = err
			}
			continue
		}
		c.set(out)
	}
	return first
}

// set stores a freshly computed output.
func (c *Cell) set(out string) {
	switch {
	case c.Kind == Source:
		c.Body = out
	case c.Kind.HasOutput():
		c.Output, c.HasOutput = out, true
	}
}

// Stored returns what the file holds for the cell: its output block, or a
// source cell's body.
func (c *Cell) Stored() string {
	if c.Kind == Source {
		return c.Body
	}
	return c.Output
}

// Title is a short name for the cell in messages: "run cell at line 40
// (gmplab run handoff.go --quiet)".
func (c *Cell) Title() string {
	what := ""
	switch {
	case c.Command != nil:
		what = c.Command.Line
	case c.Kind == Source:
		what = "source " + c.Args
	case c.Kind == Quiz:
		what = "quiz " + c.Q.ID
	case c.Kind == RunsKind:
		what = fmt.Sprintf("%s, %d real runs", c.Runs.Program, c.Runs.N)
	case c.Kind == Diagram:
		what = "diagram " + c.Args
	}
	return fmt.Sprintf("%s cell at line %d (%s)", c.Kind, c.Line, what)
}
