package notebook

import (
	"errors"
	"fmt"
	"maps"
	"math"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// A runs cell checks a claim about the real runtime that one run cannot
// settle (a race, a proportion, a bound that a busy host may break once):
// it builds a real Go program once (go build, never go run: the go command
// obeys GODEBUG and GOMAXPROCS too), runs the binary N times with the
// cell's environment, reads named figures from each run's output, and
// checks predicates over the runs. Its output is the runs' figures and one
// line per check, holds or FAILS; docs/notebook.md ("runs") is the format.
//
//	```runs
//	program: real/start.go
//	env: GOMAXPROCS=4
//	runs: 20
//	figure: P = began on P(\d+)
//	check: varies P
//	check: count P = 0 in 10%..90%
//	```

// Runs is a runs cell's body.
type Runs struct {
	Program string   // the program's path as written (a bare name is in the lesson's folder)
	Env     []string // NAME=VALUE, set for the binary's runs only (not for go build)
	// Build: go build's environment (a GOEXPERIMENT), each for every
	// release of Go or for one (build go1.26: ...), since an experiment
	// comes and goes with the releases.
	Build []BuildEnv
	Args  []string // the binary's arguments
	N     int      // how many runs
	// Then: optional, gmplab replay TRACE ARGS run after each run on the
	// trace the run wrote, in the folder it ran in; its output follows
	// the run's, so figures read the report too.
	Then *Command
	// Model: optional, the simulator's run of the same program
	// (model: gmplab run ARGS, no pipes), whose output a figure "lines
	// unlike model" compares each real run's with.
	Model   *Command
	Figures []Figure
	Checks  []Predicate
}

// Figure is a number read from each run's output: by default the first
// submatch of Re at its first match. Of says how the matches make the
// figure when a run prints the number many times (a line a period, as
// GODEBUG=schedtrace does):
//
//	""         the first match's number
//	"last"     the last match's number
//	"count"    how many matches (Re needs no group)
//	"changes"  how many matches' numbers differ from the match before
//	"distinct" how many different numbers the matches have
//	"max"      the largest of the matches' numbers
//	"min"      the smallest
//	"model"    how many lines of the run's output differ from the
//	           simulator's (the cell's model:), line by line: the i-th
//	           line of each, and every line one has past the other's end
//	           (Re is nil; written "NAME = lines unlike model")
type Figure struct {
	Name string
	Re   *regexp.Regexp
	Of   string
}

// BuildEnv is a build line of a runs cell: NAME=VALUE words for go build,
// on the release Release (go1.26: what go env GOVERSION says, without its
// patch number) or, where Release is "", on every release.
type BuildEnv struct {
	Release string
	Env     []string
}

// String is the build line as the cell's output names it.
func (b BuildEnv) String() string {
	if b.Release == "" {
		return strings.Join(b.Env, " ")
	}
	return strings.Join(b.Env, " ") + " on " + b.Release
}

// releaseRE is a release of Go as a build line names it; versionRE the
// release at the start of a version.
var (
	releaseRE = regexp.MustCompile(`^go1\.\d+$`)
	versionRE = regexp.MustCompile(`^go1\.\d+`)
)

// Release is the release of a Go version (go1.26.8, go1.27rc1) as a
// build line names it (go1.26).
func Release(version string) string { return versionRE.FindString(version) }

// Qualified reports whether a build line names a release, so that the
// executor must ask its go command which release it is.
func (r *Runs) Qualified() bool {
	for _, b := range r.Build {
		if b.Release != "" {
			return true
		}
	}
	return false
}

// BuildEnvFor is go build's environment on release: the build lines for
// every release, then those for this one.
func (r *Runs) BuildEnvFor(release string) []string {
	var env []string
	for _, b := range r.Build {
		if b.Release == "" || b.Release == release {
			env = append(env, b.Env...)
		}
	}
	return env
}

// figureAggregates are Figure's Of forms, as a figure line writes them
// ("figure: moves = changes of REGEXP").
var figureAggregates = []string{"last", "count", "changes", "distinct", "max", "min"}

// unlikeModel is the figure form that compares a run's output with the
// model's.
const unlikeModel = "lines unlike model"

// Predicate is a check over the runs' figures. Where it names a figure it
// may instead name two joined by -, + or / (A-B, A/B): the value each run
// gives for that expression, to compare two figures of the same run (the
// leaked goroutines with the requests that timed out, GOMAXPROCS with the
// rule's value):
//
//	varies NAME                  not every run gives the same value
//	all NAME in A..B             every run's value is in [A, B]
//	median NAME in A..B          the median run's value is in [A, B]
//	count NAME OP X in A..B      the number of runs whose value OP X
//	                             (=, !=, <, <=, >, >=) is in [A, B];
//	                             A and B may be percentages of the runs
//	                             (50%..100%): a proportion
type Predicate struct {
	Text   string  // as written
	Op     string  // varies, all, median or count
	Figure string  // the first figure named, or the only one
	Arith  string  // "", "-", "+" or "/": Figure Arith Other is the value checked
	Other  string  // the second figure, with Arith
	Cmp    string  // count: the comparison
	X      float64 // count: what the value is compared with
	Lo, Hi float64 // the range
	Pct    bool    // the range is in percent of the runs
}

// maxRuns bounds a runs cell: each run is a process, and the lesson's test
// makes them all.
const maxRuns = 200

func parseRuns(lines []string) (*Runs, error) {
	r := &Runs{}
	names := map[string]bool{}
	for _, l := range lines {
		key, val, ok := strings.Cut(l, ":")
		if !ok {
			return nil, fmt.Errorf("%q: want key: value (keys: %s)", l, runsKeys)
		}
		val = strings.TrimSpace(val)
		key = strings.TrimSpace(key)
		if rel, ok := strings.CutPrefix(key, "build "); ok || key == "build" {
			b := BuildEnv{}
			if ok {
				b.Release = strings.TrimSpace(rel)
			}
			if b.Release != "" && !releaseRE.MatchString(b.Release) {
				return nil, fmt.Errorf("build %s: want a release of Go as go env GOVERSION names it without its patch (build go1.26: NAME=VALUE)", b.Release)
			}
			for _, w := range strings.Fields(val) {
				name, _, ok := strings.Cut(w, "=")
				if !ok || !envName.MatchString(name) {
					return nil, fmt.Errorf("build: want NAME=VALUE words (go build's environment), got %q", w)
				}
				if name == "GOTOOLCHAIN" || name == "GOOS" || name == "GOARCH" {
					return nil, fmt.Errorf("build: %s would build with another toolchain or for another machine than the runs run on", name)
				}
				b.Env = append(b.Env, w)
			}
			if len(b.Env) == 0 {
				return nil, errors.New("build: want NAME=VALUE words (go build's environment)")
			}
			r.Build = append(r.Build, b)
			continue
		}
		switch key {
		case "program":
			if !strings.HasSuffix(val, ".go") || strings.ContainsAny(val, " \t") {
				return nil, fmt.Errorf("program: want a .go file, got %q", val)
			}
			r.Program = val
		case "env":
			for _, w := range strings.Fields(val) {
				name, _, ok := strings.Cut(w, "=")
				if !ok || !envName.MatchString(name) {
					return nil, fmt.Errorf("env: want NAME=VALUE words, got %q", w)
				}
				r.Env = append(r.Env, w)
			}
		case "args":
			words, err := splitWords(val)
			if err != nil {
				return nil, fmt.Errorf("args: %v", err)
			}
			if slices.Contains(words, "|") {
				return nil, errors.New("args: a runs cell takes no pipes (its figures are read from the whole output)")
			}
			r.Args = words
		case "runs":
			n, err := strconv.Atoi(val)
			if err != nil || n < 2 || n > maxRuns {
				return nil, fmt.Errorf("runs: want a number of runs from 2 to %d, got %q", maxRuns, val)
			}
			r.N = n
		case "then":
			cmd, err := ParseCommand(val)
			if err != nil {
				return nil, fmt.Errorf("then: %v", err)
			}
			if cmd.Verb != "replay" || len(cmd.Filters) > 0 || len(cmd.Args) == 0 || !isTrace(cmd.Args[0]) {
				return nil, fmt.Errorf("then: want gmplab replay TRACE ARGS (a trace each run writes, a bare name; no pipes), got %q", val)
			}
			r.Then = cmd
		case "model":
			cmd, err := ParseCommand(val)
			if err != nil {
				return nil, fmt.Errorf("model: %v", err)
			}
			if cmd.Verb != "run" || len(cmd.Filters) > 0 || len(cmd.Env) > 0 {
				return nil, fmt.Errorf("model: want gmplab run ARGS (the simulator's run of the program, no pipes, its flags for GOMAXPROCS and GODEBUG), got %q", val)
			}
			r.Model = cmd
		case "figure":
			name, re, ok := strings.Cut(val, "=")
			name, re = strings.TrimSpace(name), strings.TrimSpace(re)
			if !ok || !envName.MatchString(name) || re == "" {
				return nil, fmt.Errorf("figure: want NAME = REGEXP (its first group is the number), NAME = %s of REGEXP or NAME = %s, got %q", strings.Join(figureAggregates, "|"), unlikeModel, val)
			}
			if re == unlikeModel {
				if names[name] {
					return nil, fmt.Errorf("figure %s is named twice", name)
				}
				names[name] = true
				r.Figures = append(r.Figures, Figure{Name: name, Of: "model"})
				continue
			}
			of := ""
			if w, rest, ok := strings.Cut(re, " of "); ok && slices.Contains(figureAggregates, w) {
				of, re = w, strings.TrimSpace(rest)
			}
			rx, err := regexp.Compile(re)
			if err != nil {
				return nil, fmt.Errorf("figure %s: %v", name, err)
			}
			if rx.NumSubexp() < 1 && of != "count" {
				return nil, fmt.Errorf("figure %s: %q has no group: its first group (...) is the number read", name, re)
			}
			if names[name] {
				return nil, fmt.Errorf("figure %s is named twice", name)
			}
			names[name] = true
			r.Figures = append(r.Figures, Figure{Name: name, Re: rx, Of: of})
		case "check":
			c, err := parseCheck(val)
			if err != nil {
				return nil, err
			}
			r.Checks = append(r.Checks, c)
		default:
			return nil, fmt.Errorf("unknown key %q (keys: %s)", key, runsKeys)
		}
	}
	switch {
	case r.Program == "":
		return nil, errors.New("no program: (the Go file to build and run)")
	case r.N == 0:
		return nil, errors.New("no runs: (how many times to run it)")
	case len(r.Figures) == 0:
		return nil, errors.New("no figure: (NAME = REGEXP, a number each run prints)")
	case len(r.Checks) == 0:
		return nil, errors.New("no check: (what must hold over the runs)")
	}
	for _, f := range r.Figures {
		if f.Of == "model" && r.Model == nil {
			return nil, fmt.Errorf("figure %s = %s: no model: (gmplab run ARGS, the simulator's run to compare with)", f.Name, unlikeModel)
		}
	}
	for _, c := range r.Checks {
		for _, f := range []string{c.Figure, c.Other} {
			if f != "" && !names[f] {
				return nil, fmt.Errorf("check %q: no figure %s (figures: %s)", c.Text, f, strings.Join(slices.Sorted(maps.Keys(names)), ", "))
			}
		}
	}
	return r, nil
}

// runsKeys are a runs cell's keys, for messages.
const runsKeys = "program, build, env, args, runs, then, model, figure, check"

const checkForms = "varies NAME, all NAME in A..B, median NAME in A..B, count NAME OP X in A..B (OP: = != < <= > >=; A and B may be percentages; NAME may be two figures joined by -, + or /)"

// operand is a check's figure: NAME, or two names joined by -, + or /.
var operand = regexp.MustCompile(`^([A-Za-z_][A-Za-z0-9_]*)(?:([-+/])([A-Za-z_][A-Za-z0-9_]*))?$`)

func parseCheck(s string) (Predicate, error) {
	bad := fmt.Errorf("check %q: want %s", s, checkForms)
	f := strings.Fields(s)
	c := Predicate{Text: s}
	if len(f) < 2 {
		return c, bad
	}
	c.Op = f[0]
	m := operand.FindStringSubmatch(f[1])
	if m == nil {
		return c, bad
	}
	c.Figure, c.Arith, c.Other = m[1], m[2], m[3]
	var rng []string
	switch {
	case c.Op == "varies" && len(f) == 2:
		return c, nil
	case (c.Op == "all" || c.Op == "median") && len(f) == 4 && f[2] == "in":
		rng = f[3:]
	case c.Op == "count" && len(f) == 6 && f[4] == "in":
		if !slices.Contains([]string{"=", "!=", "<", "<=", ">", ">="}, f[2]) {
			return c, bad
		}
		x, err := strconv.ParseFloat(f[3], 64)
		if err != nil {
			return c, bad
		}
		c.Cmp, c.X, rng = f[2], x, f[5:]
	default:
		return c, bad
	}
	a, b, ok := strings.Cut(rng[0], "..")
	if !ok {
		return c, bad
	}
	pa, pb := strings.HasSuffix(a, "%"), strings.HasSuffix(b, "%")
	if pa != pb || (pa && c.Op != "count") {
		return c, fmt.Errorf("check %q: a range in percent is for count, and both ends are percentages", s)
	}
	c.Pct = pa
	var err1, err2 error
	c.Lo, err1 = strconv.ParseFloat(strings.TrimSuffix(a, "%"), 64)
	c.Hi, err2 = strconv.ParseFloat(strings.TrimSuffix(b, "%"), 64)
	if err1 != nil || err2 != nil || c.Hi < c.Lo {
		return c, fmt.Errorf("check %q: want a range A..B with A ≤ B", s)
	}
	return c, nil
}

// Binary is the name the runs cell's program is built as.
func (r *Runs) Binary() string { return strings.TrimSuffix(path.Base(r.Program), ".go") }

// Commands are the shell commands a learner types for the cell, from the
// repository's root: go build, then the binary's runs with the cell's
// environment. prog is the program's path from there.
// A build line for one release gives the build on that release and the
// build on the others, each under a comment line naming where it applies
// (a comment of its own, so that a reader that wraps a long command never
// wraps a comment).
func (r *Runs) Commands(prog string) []string {
	build := "go build -o " + r.Binary() + " " + prog
	var cmds []string
	rels := []string{}
	for _, b := range r.Build {
		if b.Release != "" && !slices.Contains(rels, b.Release) {
			rels = append(rels, b.Release)
		}
	}
	withEnv := func(env []string) string {
		if len(env) == 0 {
			return build
		}
		return strings.Join(env, " ") + " " + build
	}
	if len(rels) == 0 {
		cmds = append(cmds, withEnv(r.BuildEnvFor("")))
	} else {
		for _, rel := range rels {
			cmds = append(cmds, "# on "+rel+":", withEnv(r.BuildEnvFor(rel)))
		}
		cmds = append(cmds, "# on other releases:", withEnv(r.BuildEnvFor("")))
	}
	loop := r.runLine()
	if r.Then != nil {
		loop += "; " + r.Then.Line
	}
	return append(cmds, fmt.Sprintf("for i in $(seq %d); do %s; done", r.N, loop))
}

// RunsCommands are a runs cell's shell commands from the repository's
// root: its Commands, then, where it has a model, the gmplab run it
// compares the runs with.
func (nb *Notebook) RunsCommands(r *Runs) []string {
	cmds := r.Commands(nb.Path(r.Program))
	if r.Model != nil {
		cmds = append(cmds, nb.modelLine(r))
	}
	return cmds
}

// modelLine is a runs cell's model command with its paths from the
// repository's root, as the learner types it there.
func (nb *Notebook) modelLine(r *Runs) string {
	return "gmplab run " + strings.Join(nb.ResolveArgs(r.Model), " ")
}

// runLine is the shell command of one run: the environment, ./BINARY and
// its arguments (quoted where a shell needs it).
func (r *Runs) runLine() string {
	run := "./" + r.Binary()
	for _, a := range r.Args {
		if strings.ContainsAny(a, " \t'\"|$") || a == "" {
			a = "'" + a + "'"
		}
		run += " " + a
	}
	if len(r.Env) > 0 {
		run = strings.Join(r.Env, " ") + " " + run
	}
	return run
}

// RunsExecutor is an Executor that runs a runs cell's program: it builds
// p.Path (from the repository's root) once, with p.Build's environment for
// its go command's release, runs the binary p.N times with p.Args and with
// p.Env added to the process's environment, each run in a scratch folder,
// and returns each run's standard output and standard error, followed by
// what p.Then printed for it. A run that exits with a status other than 0
// ends with a line "exit status N", as a shell shows it (a figure may read
// it: a program that must fail, such as checkdead's exit 2); a run that
// cannot start or does not end is an error naming it; where no go command
// or real runtime is available it returns an *Unavailable.
type RunsExecutor interface {
	RunProgram(p Program) ([]string, error)
}

// Program is what a RunsExecutor runs.
type Program struct {
	Path  string
	Build *Runs // Build.BuildEnvFor(release) is go build's environment
	Env   []string
	Args  []string
	N     int
	// Then, if not nil, runs after each run with the folder the run ran
	// in (where the files it wrote are); its output follows the run's.
	Then func(dir string) (string, error)
}

// ChecksFailed is the error of a runs cell whose program ran but one of
// whose checks does not hold: Output is the cell's output, which says
// which (Update does not store it).
type ChecksFailed struct {
	Output string
	Failed []string // the checks that do not hold, as written
}

func (e *ChecksFailed) Error() string {
	return "on the real runtime, " + strings.Join(e.Failed, "; ") + ": does not hold\n" + e.Output
}

// execRuns runs a runs cell: its output, and a *ChecksFailed when a check
// does not hold.
func (nb *Notebook) execRuns(x Executor, c *Cell) (string, error) {
	rx, ok := x.(RunsExecutor)
	if !ok {
		return "", &Unavailable{Reason: "this executor runs no real programs"}
	}
	r := c.Runs
	prog := nb.Path(r.Program)
	var model *string
	if r.Model != nil {
		o, code := x.Run(nb.ResolveArgs(r.Model))
		if code != 0 {
			return "", fmt.Errorf("model: %s: exit status %d\n%s", r.Model.Line, code, o)
		}
		model = &o
	}
	p := Program{Path: prog, Build: r, Env: r.Env, Args: r.Args, N: r.N}
	if r.Then != nil {
		p.Then = func(dir string) (string, error) {
			args := slices.Clone(r.Then.Args)
			for i, a := range args {
				if isTrace(a) {
					args[i] = filepath.Join(dir, a)
				}
			}
			o, code := x.Replay(args, nil)
			o = strings.ReplaceAll(o, dir+string(filepath.Separator), "") // the trace as the cell names it
			if code != 0 {
				return "", fmt.Errorf("then: %s: exit status %d\n%s", r.Then.Line, code, o)
			}
			return o, nil
		}
	}
	outs, err := rx.RunProgram(p)
	if err != nil {
		return "", err
	}
	vals := map[string][]float64{}
	for i, o := range outs {
		for _, f := range r.Figures {
			if f.Of == "model" {
				vals[f.Name] = append(vals[f.Name], float64(linesUnlike(o, *model)))
				continue
			}
			v, err := f.read(o)
			if err != nil {
				return "", fmt.Errorf("run %d of %s %s:\n%s", i+1, prog, err, o)
			}
			vals[f.Name] = append(vals[f.Name], v)
		}
	}
	out, failed := RunsReport(r, prog, vals)
	if model != nil {
		// What the real runs were compared with, under the line that
		// says what ran.
		head, rest, _ := strings.Cut(out, "\n")
		out = head + "\n" + fmt.Sprintf("compared with %s: %d lines\n", nb.modelLine(r), len(outputLines(*model))) + rest
	}
	if len(failed) > 0 {
		return out, &ChecksFailed{Output: out, Failed: failed}
	}
	return out, nil
}

// outputLines are an output's lines (none for an empty one).
func outputLines(o string) []string {
	if o = strings.TrimSuffix(o, "\n"); o == "" {
		return nil
	}
	return strings.Split(o, "\n")
}

// linesUnlike counts the lines where a run's output a and the model's b
// differ: the i-th line of each, and each line one has past the other's
// end.
func linesUnlike(a, b string) int {
	la, lb := outputLines(a), outputLines(b)
	n := max(len(la), len(lb)) - min(len(la), len(lb))
	for i := range min(len(la), len(lb)) {
		if la[i] != lb[i] {
			n++
		}
	}
	return n
}

// read is the figure f in one run's output o.
func (f Figure) read(o string) (float64, error) {
	ms := f.Re.FindAllStringSubmatch(o, -1)
	if f.Of == "count" {
		return float64(len(ms)), nil
	}
	if len(ms) == 0 && (f.Of == "changes" || f.Of == "distinct") {
		return 0, nil // no match: none counted (a run a loaded host kept from printing its dumps)
	}
	if len(ms) == 0 {
		return 0, fmt.Errorf("printed no %s (/%s/)", f.Name, f.Re)
	}
	var nums []float64
	for _, m := range ms {
		v, err := strconv.ParseFloat(m[1], 64)
		if err != nil {
			return 0, fmt.Errorf("figure %s: %q is not a number", f.Name, m[1])
		}
		nums = append(nums, v)
	}
	switch f.Of {
	case "last":
		return nums[len(nums)-1], nil
	case "max":
		return slices.Max(nums), nil
	case "min":
		return slices.Min(nums), nil
	case "distinct":
		slices.Sort(nums)
		return float64(len(slices.Compact(nums))), nil
	case "changes":
		n := 0
		for i := 1; i < len(nums); i++ {
			if nums[i] != nums[i-1] {
				n++
			}
		}
		return float64(n), nil
	}
	return nums[0], nil
}

// values are the runs' values of c's operand: a figure's, or the
// expression of two figures, run by run.
func (c Predicate) values(vals map[string][]float64) []float64 {
	a := vals[c.Figure]
	if c.Arith == "" {
		return a
	}
	b := vals[c.Other]
	out := make([]float64, len(a))
	for i := range a {
		switch c.Arith {
		case "-":
			out[i] = a[i] - b[i]
		case "+":
			out[i] = a[i] + b[i]
		default:
			out[i] = a[i] / b[i] // x/0 is ±Inf (or NaN), in no range
		}
	}
	return out
}

// RunsReport is a runs cell's output for the figures its runs gave (each
// figure's values, in run order): a line saying what ran, a line per
// figure with its values, and a line per check (holds or FAILS, with the
// figure that decides it). failed is the checks that do not hold.
func RunsReport(r *Runs, prog string, vals map[string][]float64) (out string, failed []string) {
	var b strings.Builder
	built := prog
	if len(r.Build) > 0 {
		var bs []string
		for _, x := range r.Build {
			bs = append(bs, x.String())
		}
		built += " with " + strings.Join(bs, ", ")
	}
	ran := fmt.Sprintf("ran %s %d times", r.runLine(), r.N)
	if r.Then != nil {
		ran += ", each followed by " + r.Then.Line
	}
	fmt.Fprintf(&b, "built %s; %s\n", built, ran)
	for _, f := range r.Figures {
		var s []string
		for _, v := range vals[f.Name] {
			s = append(s, num(v))
		}
		fmt.Fprintf(&b, "%s: %s\n", f.Name, strings.Join(s, " "))
	}
	for _, c := range r.Checks {
		ok, why := c.eval(c.values(vals))
		verdict := "holds"
		if !ok {
			verdict = "FAILS"
			failed = append(failed, c.Text)
		}
		fmt.Fprintf(&b, "%s: %s (%s)\n", verdict, c.Text, why)
	}
	return b.String(), failed
}

// eval checks c over vs and says what decided it.
func (c Predicate) eval(vs []float64) (bool, string) {
	in := func(v float64) bool { return v >= c.Lo && v <= c.Hi }
	switch c.Op {
	case "varies":
		distinct := map[float64]bool{}
		for _, v := range vs {
			distinct[v] = true
		}
		if len(distinct) == 1 {
			return false, "the same value in every run"
		}
		return true, fmt.Sprintf("%d distinct values", len(distinct))
	case "all":
		n := 0
		for _, v := range vs {
			if in(v) {
				n++
			}
		}
		return n == len(vs), fmt.Sprintf("%d of %d runs", n, len(vs))
	case "median":
		s := slices.Clone(vs)
		slices.Sort(s)
		m := s[len(s)/2]
		if len(s)%2 == 0 {
			m = (s[len(s)/2-1] + s[len(s)/2]) / 2
		}
		return in(m), "median " + num(math.Round(m*1e4)/1e4)
	default: // count
		n := 0
		for _, v := range vs {
			if cmp(v, c.Cmp, c.X) {
				n++
			}
		}
		if c.Pct {
			p := 100 * float64(n) / float64(len(vs))
			return in(p), fmt.Sprintf("%d of %d runs, %.0f%%", n, len(vs), p)
		}
		return in(float64(n)), fmt.Sprintf("%d of %d runs", n, len(vs))
	}
}

func cmp(v float64, op string, x float64) bool {
	switch op {
	case "=":
		return v == x
	case "!=":
		return v != x
	case "<":
		return v < x
	case "<=":
		return v <= x
	case ">":
		return v > x
	}
	return v >= x
}

// num prints a figure as the program printed it, as near as a float64
// allows: integers without a fraction, others in their shortest form.
func num(v float64) string {
	if v == float64(int64(v)) {
		return strconv.FormatInt(int64(v), 10)
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}
