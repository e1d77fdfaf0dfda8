package notebook

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// runsFake runs a runs cell's program by printing fixed lines, one a run;
// its go command is of release (go1.26 when "").
type runsFake struct {
	fake
	outs          []string
	path          string
	env, args     []string
	build         []string
	release       string
	n, timesAsked int
}

func (f *runsFake) RunProgram(p Program) ([]string, error) {
	f.path, f.env, f.args, f.n = p.Path, p.Env, p.Args, p.N
	rel := f.release
	if rel == "" {
		rel = "go1.26"
	}
	f.build = p.Build.BuildEnvFor(rel)
	f.timesAsked++
	if p.Then == nil {
		return f.outs, nil
	}
	var outs []string
	for i, o := range f.outs {
		more, err := p.Then(fmt.Sprintf("/scratch/run%d", i+1))
		if err != nil {
			return nil, err
		}
		outs = append(outs, o+more)
	}
	return outs, nil
}

const runsCell = "```runs\nprogram: real/start.go\nenv: GOMAXPROCS=4\nargs: -load heavy\nruns: 4\n" +
	"figure: P = on P(\\d+)\nfigure: ms = waited ([0-9.]+) ms\n" +
	"check: varies P\ncheck: all P in 0..3\ncheck: count ms < 8 in 50%..100%\ncheck: median ms in 1..10\n```\n"

func runsNotebook(t *testing.T) (*Notebook, *Cell) {
	t.Helper()
	nb, err := Parse("x/lesson.md", "# T\n\n"+runsCell)
	if err != nil {
		t.Fatal(err)
	}
	nb.Dir = "lessons/02-x"
	return nb, nb.CellsOf(RunsKind)[0]
}

func runOuts(ps []int, ms []float64) []string {
	var outs []string
	for i := range ps {
		outs = append(outs, fmt.Sprintf("began on P%d\nwaited %g ms\n", ps[i], ms[i]))
	}
	return outs
}

// A runs cell builds the program from the repository's root, runs it its
// N times with its environment, and prints the figures and a verdict per
// check; Update stores it only when every check holds.
func TestRunsCell(t *testing.T) {
	nb, c := runsNotebook(t)
	x := &runsFake{outs: runOuts([]int{0, 2, 0, 3}, []float64{1.5, 3, 9.25, 4})}
	out, err := nb.Exec(x, c)
	if err != nil {
		t.Fatal(err)
	}
	want := `built real/start.go; ran GOMAXPROCS=4 ./start -load heavy 4 times
P: 0 2 0 3
ms: 1.5 3 9.25 4
holds: varies P (3 distinct values)
holds: all P in 0..3 (4 of 4 runs)
holds: count ms < 8 in 50%..100% (3 of 4 runs, 75%)
holds: median ms in 1..10 (median 3.5)
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if x.path != "real/start.go" || strings.Join(x.env, " ") != "GOMAXPROCS=4" || strings.Join(x.args, " ") != "-load heavy" || x.n != 4 {
		t.Errorf("ran %s with %v %d times", x.path, x.env, x.n)
	}
	if err := nb.Update(x); err != nil || c.Output != want {
		t.Errorf("Update: %v, stored %q", err, c.Output)
	}
	if got := c.Runs.Commands("real/start.go"); strings.Join(got, "\n") != "go build -o start real/start.go\nfor i in $(seq 4); do GOMAXPROCS=4 ./start -load heavy; done" {
		t.Errorf("commands %q", got)
	}

	// Every run on P0, most waits long: two checks fail, and say so.
	x.outs = runOuts([]int{0, 0, 0, 0}, []float64{9, 12, 3, 20})
	out, err = nb.Exec(x, c)
	var f *ChecksFailed
	if !errors.As(err, &f) || strings.Join(f.Failed, "|") != "varies P|count ms < 8 in 50%..100%|median ms in 1..10" {
		t.Fatalf("want the failed checks, got %v", err)
	}
	for _, l := range []string{"FAILS: varies P (the same value in every run)", "FAILS: count ms < 8 in 50%..100% (1 of 4 runs, 25%)", "FAILS: median ms in 1..10 (median 10.5)", "holds: all P in 0..3"} {
		if !strings.Contains(out, l+"\n") && !strings.Contains(out, l+" (") {
			t.Errorf("output lacks %q:\n%s", l, out)
		}
	}
	if err := nb.Update(x); err == nil || c.Output != want {
		t.Errorf("Update stored a failing output (err %v):\n%s", err, c.Output)
	}

	// A run that does not print a figure is the cell's error.
	x.outs = []string{"began on P1\n", "", "", ""}
	if _, err := nb.Exec(x, c); err == nil || !strings.Contains(err.Error(), "run 1 of real/start.go printed no ms") {
		t.Errorf("want a missing figure's error, got %v", err)
	}

	// An executor that runs no programs makes the cell Unavailable.
	var u *Unavailable
	if _, err := nb.Exec(&fake{}, c); !errors.As(err, &u) {
		t.Errorf("want Unavailable, got %v", err)
	}
	// Its shape keeps the verdicts and the number of runs' values.
	if s := ShapeText(c, want); !strings.Contains(s, "P: # # # #\n") || !strings.Contains(s, "holds: varies P (# distinct values)") {
		t.Errorf("shape:\n%s", s)
	}
}

func TestRunsCellErrors(t *testing.T) {
	for _, tc := range []struct{ body, err string }{
		{"program: a.go\nruns: 3\nfigure: P = P(\\d+)\n", "no check:"},
		{"program: a.go\nfigure: P = P(\\d+)\ncheck: varies P\n", "no runs:"},
		{"program: a.go\nruns: 1\n", "runs: want a number of runs from 2"},
		{"program: a.go\nruns: 3\nfigure: P = P\\d+\ncheck: varies P\n", "has no group"},
		{"program: a.go\nruns: 3\nfigure: P = P(\\d+)\ncheck: varies Q\n", "no figure Q (figures: P)"},
		{"program: a.go\nruns: 3\nfigure: P = P(\\d+)\ncheck: all P in 50%..60%\n", "a range in percent is for count"},
		{"program: a.go\nruns: 3\nfigure: P = P(\\d+)\ncheck: count P ~ 3 in 1..2\n", "want varies NAME"},
		{"program: a.go\nruns: 3\nfigure: P = P(\\d+)\ncheck: all P in 3..1\n", "A ≤ B"},
		{"program: a.go\nruns: 3\nfigure: P = P(\\d+)\ncheck: varies P\nwhat: x\n", `unknown key "what"`},
	} {
		_, err := Parse("x/lesson.md", "```runs\n"+tc.body+"```\n")
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: want an error with %q, got %v", tc.body, tc.err, err)
		}
	}
}

// A figure may be read from every match of its regexp (the last, how
// many, how many changes, how many values: a schedtrace line a period),
// and a check may
// compare two figures of the same run (A-B, A+B, A/B).
func TestRunsFigureAggregatesAndExpressions(t *testing.T) {
	cell := "```runs\nprogram: real/spin.go\nruns: 3\n" +
		"figure: first = ticks=\\[ (\\d+) \\]\n" +
		"figure: last = last of ticks=\\[ (\\d+) \\]\n" +
		"figure: lines = count of SCHED\n" +
		"figure: moves = changes of ticks=\\[ (\\d+) \\]\n" +
		"figure: values = distinct of ticks=\\[ (\\d+) \\]\n" +
		"figure: most = max of ticks=\\[ (\\d+) \\]\n" +
		"figure: least = min of ticks=\\[ (\\d+) \\]\n" +
		"check: all moves in 2..3\ncheck: all lines-moves in 1..2\ncheck: all last-first in 3..10\n" +
		"check: median last/lines in 1..2\ncheck: count first+moves >= 4 in 2..2\n```\n"
	nb, err := Parse("x/lesson.md", "# T\n\n"+cell)
	if err != nil {
		t.Fatal(err)
	}
	c := nb.CellsOf(RunsKind)[0]
	if f := c.Runs.Figures; f[0].Of != "" || f[1].Of != "last" || f[2].Of != "count" || f[3].Of != "changes" || f[4].Of != "distinct" || f[5].Of != "max" || f[6].Of != "min" {
		t.Fatalf("figures %+v", f)
	}
	sched := func(ticks ...int) string {
		var b strings.Builder
		for _, n := range ticks {
			fmt.Fprintf(&b, "SCHED 1ms: ticks=[ %d ]\n", n)
		}
		return b.String()
	}
	// first, last, lines, moves: (1,4,5,3), (2,6,3,2), (1,4,3,2).
	x := &runsFake{outs: []string{sched(1, 1, 2, 3, 4), sched(2, 7, 6), sched(1, 3, 4)}}
	out, err := nb.Exec(x, c)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `built real/spin.go; ran ./spin 3 times
first: 1 2 1
last: 4 6 4
lines: 5 3 3
moves: 3 2 2
values: 4 3 3
most: 4 7 4
least: 1 2 1
holds: all moves in 2..3 (3 of 3 runs)
holds: all lines-moves in 1..2 (3 of 3 runs)
holds: all last-first in 3..10 (3 of 3 runs)
holds: median last/lines in 1..2 (median 1.3333)
holds: count first+moves >= 4 in 2..2 (2 of 3 runs)
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	// A count of nothing is 0 (so are changes and distinct values), not a
	// missing figure; a missing number is.
	x.outs = []string{"", "", ""}
	if _, err := nb.Exec(x, c); err == nil || !strings.Contains(err.Error(), "printed no first") {
		t.Errorf("want the missing figure's error, got %v", err)
	}
	zeros, err := Parse("x/lesson.md", "```runs\nprogram: a.go\nruns: 2\nfigure: n = count of SCHED\n"+
		"figure: m = changes of t=(\\d+)\nfigure: d = distinct of t=(\\d+)\ncheck: all n+m in 0..0\ncheck: all d in 0..0\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	if out, err := zeros.Exec(&runsFake{outs: []string{"", "x"}}, zeros.CellsOf(RunsKind)[0]); err != nil || !strings.Contains(out, "d: 0 0\n") {
		t.Errorf("count, changes and distinct of no match: want 0, got %v:\n%s", err, out)
	}
	for _, tc := range []struct{ body, err string }{
		{"figure: n = count of SCHED\ncheck: all n-m in 1..2\n", "no figure m (figures: n)"},
		{"figure: n = changes of SCHED\ncheck: all n in 1..2\n", "has no group"},
		{"figure: n = count of SCHED\ncheck: all n*n in 1..2\n", "want varies NAME"},
		{"figure: n = count of SCHED\ncheck: all n-n-n in 1..2\n", "want varies NAME"},
	} {
		_, err := Parse("x/lesson.md", "```runs\nprogram: a.go\nruns: 3\n"+tc.body+"```\n")
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: want an error with %q, got %v", tc.body, tc.err, err)
		}
	}
}

// modelFake is a runsFake whose gmplab run prints model, the simulator's
// output, and records what it was asked to run.
type modelFake struct {
	runsFake
	model string
	ran   []string
}

func (f *modelFake) Run(args []string) (string, int) {
	f.ran = args
	return f.model, 0
}

// A runs cell with a model: compares each real run's output with the
// simulator's, line by line: "lines unlike model" counts the lines that
// differ and those one output has past the other's end, so that a check
// can hold the real order to the model's.
func TestRunsComparedWithTheModel(t *testing.T) {
	cell := "```runs\nprogram: examples/order.go\nenv: GOMAXPROCS=1\nruns: 4\n" +
		"model: gmplab run examples/order.go --gomaxprocs 1 --quiet\n" +
		"figure: unlike = lines unlike model\n" +
		"check: count unlike = 0 in 50%..100%\n```\n"
	nb, err := Parse("x/lesson.md", "# T\n\n"+cell)
	if err != nil {
		t.Fatal(err)
	}
	nb.Dir = "lessons/02-x"
	c := nb.CellsOf(RunsKind)[0]
	x := &modelFake{model: "3\n1\n2\n", runsFake: runsFake{outs: []string{"3\n1\n2\n", "1\n3\n2\n", "3\n1\n2\n", "3\n1\n"}}}
	out, err := nb.Exec(x, c)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `built examples/order.go; ran GOMAXPROCS=1 ./order 4 times
compared with gmplab run examples/order.go --gomaxprocs 1 --quiet: 3 lines
unlike: 0 2 0 1
holds: count unlike = 0 in 50%..100% (2 of 4 runs, 50%)
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if strings.Join(x.ran, " ") != "examples/order.go --gomaxprocs 1 --quiet" {
		t.Errorf("the model ran %q", x.ran)
	}
	if got := nb.RunsCommands(c.Runs); len(got) != 3 || got[2] != "gmplab run examples/order.go --gomaxprocs 1 --quiet" {
		t.Errorf("commands %q: want the model's command last", got)
	}
	// A bare name is in the lesson's folder: the model's line says so.
	bare, err := Parse("x/lesson.md", "# T\n\n```runs\nprogram: order.go\nruns: 2\nmodel: gmplab run order.go --quiet\n"+
		"figure: unlike = lines unlike model\ncheck: all unlike in 0..0\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	bare.Dir = "lessons/02-x"
	bx := &modelFake{model: "a\n", runsFake: runsFake{outs: []string{"a\n", "a\n"}}}
	if out, err := bare.Exec(bx, bare.CellsOf(RunsKind)[0]); err != nil || !strings.Contains(out, "compared with gmplab run lessons/02-x/order.go --quiet: 1 lines\n") {
		t.Errorf("a bare model: %v\n%s", err, out)
	}
	if got := bare.RunsCommands(bare.CellsOf(RunsKind)[0].Runs); got[0] != "go build -o order lessons/02-x/order.go" || got[2] != "gmplab run lessons/02-x/order.go --quiet" {
		t.Errorf("commands %q", got)
	}
	// Three of four unlike: the check fails.
	x.outs = []string{"1\n2\n3\n", "1\n3\n2\n", "3\n1\n2\n", "2\n"}
	var f *ChecksFailed
	if _, err := nb.Exec(x, c); !errors.As(err, &f) {
		t.Errorf("want the check to fail, got %v", err)
	}
	for _, tc := range []struct{ body, err string }{
		{"figure: u = lines unlike model\ncheck: all u in 0..0\n", "no model:"},
		{"model: gmplab step a.go\nfigure: u = lines unlike model\ncheck: all u in 0..0\n", "model: want gmplab run ARGS"},
		{"model: gmplab run a.go | head -n 3\nfigure: u = lines unlike model\ncheck: all u in 0..0\n", "model: want gmplab run ARGS"},
	} {
		_, err := Parse("x/lesson.md", "```runs\nprogram: a.go\nruns: 3\n"+tc.body+"```\n")
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: want an error with %q, got %v", tc.body, tc.err, err)
		}
	}
}

// replayFake is a runsFake whose gmplab replay reports the trace it was
// given, as the path it ran with.
type replayFake struct {
	runsFake
	replayed []string
	code     int
}

func (f *replayFake) Replay(args []string, commands []string) (string, int) {
	f.replayed = append(f.replayed, strings.Join(args, " "))
	return "report of " + args[0] + ": 7 longest waits\n", f.code
}

// A build line gives go build an environment, on every release or on one
// (an experiment comes and goes with the releases); the output names the
// lines whatever the release, and the commands give the build for each.
func TestRunsCellBuildLines(t *testing.T) {
	cell := "```runs\nprogram: real/leakprof.go\nbuild go1.26: GOEXPERIMENT=goroutineleakprofile\nbuild: CGO_ENABLED=0\nruns: 2\n" +
		"figure: n = leaked (\\d+)\ncheck: all n in 1..1\n```\n"
	nb, err := Parse("x/lesson.md", "# T\n\n"+cell)
	if err != nil {
		t.Fatal(err)
	}
	c := nb.CellsOf(RunsKind)[0]
	const head = "built real/leakprof.go with GOEXPERIMENT=goroutineleakprofile on go1.26, CGO_ENABLED=0; ran ./leakprof 2 times\n"
	for _, tc := range []struct{ release, build string }{
		{"go1.26", "GOEXPERIMENT=goroutineleakprofile CGO_ENABLED=0"},
		{"go1.27", "CGO_ENABLED=0"},
	} {
		x := &runsFake{outs: []string{"leaked 1\n", "leaked 1\n"}, release: tc.release}
		out, err := nb.Exec(x, c)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(x.build, " ") != tc.build {
			t.Errorf("on %s: built with %q, want %q", tc.release, x.build, tc.build)
		}
		if !strings.HasPrefix(out, head) {
			t.Errorf("on %s: output\n%s\nwant it to start with\n%s", tc.release, out, head)
		}
	}
	want := []string{
		"# on go1.26:",
		"GOEXPERIMENT=goroutineleakprofile CGO_ENABLED=0 go build -o leakprof real/leakprof.go",
		"# on other releases:",
		"CGO_ENABLED=0 go build -o leakprof real/leakprof.go",
		"for i in $(seq 2); do ./leakprof; done",
	}
	if got := c.Runs.Commands("real/leakprof.go"); !slices.Equal(got, want) {
		t.Errorf("commands\n%q\nwant\n%q", got, want)
	}
	if Release("go1.27.3") != "go1.27" || Release("go1.27rc1") != "go1.27" || Release("devel") != "" {
		t.Errorf("Release: %q %q %q", Release("go1.27.3"), Release("go1.27rc1"), Release("devel"))
	}
	for _, tc := range []struct{ body, err string }{
		{"build 1.26: A=b\n", "want a release of Go"},
		{"build: A\n", "want NAME=VALUE"},
		{"build:\n", "want NAME=VALUE"},
		{"build: GOTOOLCHAIN=go1.27.3\n", "another toolchain"},
		{"then: gmplab run a.go\n", "then: want gmplab replay TRACE"},
		{"then: gmplab replay dir/t.trace --report\n", "then: want gmplab replay TRACE"},
	} {
		_, err := Parse("x/lesson.md", "```runs\nprogram: a.go\nruns: 3\nfigure: P = P(\\d+)\ncheck: varies P\n"+tc.body+"```\n")
		if err == nil || !strings.Contains(err.Error(), tc.err) {
			t.Errorf("%q: want an error with %q, got %v", tc.body, tc.err, err)
		}
	}
}

// then: gmplab replay TRACE runs after each run on the trace the run
// wrote, in its folder; figures read its report, which follows the run's
// output; a replay that fails is the cell's error.
func TestRunsCellThenReplay(t *testing.T) {
	cell := "```runs\nprogram: real/latency.go\nargs: -trace h.trace\nruns: 2\nthen: gmplab replay h.trace --report --top 1\n" +
		"figure: waits = (\\d+) waits\nfigure: longest = (\\d+) longest\ncheck: all waits-longest in 1..1\n```\n"
	nb, err := Parse("x/lesson.md", "# T\n\n"+cell)
	if err != nil {
		t.Fatal(err)
	}
	c := nb.CellsOf(RunsKind)[0]
	x := &replayFake{runsFake: runsFake{outs: []string{"8 waits\n", "8 waits\n"}}}
	out, err := nb.Exec(x, c)
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	want := `built real/latency.go; ran ./latency -trace h.trace 2 times, each followed by gmplab replay h.trace --report --top 1
waits: 8 8
longest: 7 7
holds: all waits-longest in 1..1 (2 of 2 runs)
`
	if out != want {
		t.Errorf("got\n%s\nwant\n%s", out, want)
	}
	if strings.Join(x.replayed, "|") != "/scratch/run1/h.trace --report --top 1|/scratch/run2/h.trace --report --top 1" {
		t.Errorf("replayed %q: want each run's trace, in its folder", x.replayed)
	}
	if got := c.Runs.Commands("real/latency.go"); got[1] != "for i in $(seq 2); do ./latency -trace h.trace; gmplab replay h.trace --report --top 1; done" {
		t.Errorf("commands %q", got)
	}
	x.code = 1
	if _, err := nb.Exec(x, c); err == nil || !strings.Contains(err.Error(), "then: gmplab replay h.trace --report --top 1: exit status 1") {
		t.Errorf("a failed replay: want its error, got %v", err)
	}
}
