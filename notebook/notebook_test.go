package notebook

import (
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lessons"
)

const sample = "---\ntitle: T\n---\n\n# Title\n\nText.\n\n```go\nfmt.Println()\n```\n\n" +
	"```source a.go lines=2-3\nold\n```\n\n" +
	"```run\ngmplab run a.go --quiet | grep -E 'x|y' | head -n 1\n```\n\n```output\nstale\n```\n\nMore.\n" +
	"```step\ngmplab step\nbreak f\ncontinue\n```\n" +
	"```quiz\nid: q1\nq: Which?\nkind: choice\n- no\n* yes\nexplain: because\nshow: print x; board\n```\n" +
	"```quiz\nid: q2\nq: How many?\nkind: predict\nrun: gmplab step\ndo: break f; continue\nexpr: len(p0.runq)\n- 1\n- 2\nexplain: e\nshow: print p0\n```\n" +
	"```guide\nLook at it.\nSecond line.\ntry: break f\ntry: continue\n```\n"

// fake answers the cells from fixed strings.
type fake struct{ runs, evals int }

func (f *fake) Run(args []string) (string, int) {
	f.runs++
	return "# run\nx 1\ny 2\nz 3\nerror line\n", 2
}
func (f *fake) Step(args []string, cmds []string) (string, int) {
	return "gmplab step " + strings.Join(args, " ") + "\n(gmplab) " + strings.Join(cmds, "\n(gmplab) ") + "\n", 0
}
func (f *fake) Timeline(args []string) (string, error) { return "P0 |G1--\n", nil }
func (f *fake) Replay(args []string, cmds []string) (string, int) {
	return "gmplab replay " + strings.Join(args, " ") + "\n(gmplab) " + strings.Join(cmds, "\n(gmplab) ") + "\n", 0
}
func (f *fake) Eval(args, cmds []string, expr string) (string, error) {
	f.evals++
	if expr != "len(p0.runq)" || strings.Join(cmds, ";") != "break f;continue" || args[0] != "lessons/04-x/a.go" {
		return "", errors.New("unexpected eval")
	}
	return "2", nil
}
func (f *fake) ReadFile(p string) ([]byte, error) {
	if p != "lessons/04-x/a.go" {
		return nil, errors.New(p + ": no such file")
	}
	return []byte("l1\nl2 ```\nl3\nl4\n"), nil
}

func parseSample(t *testing.T) *Notebook {
	t.Helper()
	nb, err := Parse("x/lesson.md", sample)
	if err != nil {
		t.Fatal(err)
	}
	nb.Lesson = &lessons.Lesson{Num: 4, Dir: "04-x", Scenarios: []string{"a.go"}}
	nb.Dir = "lessons/04-x"
	return nb
}

func TestParseRoundTrip(t *testing.T) {
	nb := parseSample(t)
	if got := nb.String(); got != sample {
		t.Fatalf("String() differs from the input:\n%s", got)
	}
	cs := nb.Cells()
	var kinds []string
	for _, c := range cs {
		kinds = append(kinds, string(c.Kind))
	}
	if got := strings.Join(kinds, ","); got != "source,run,step,quiz,quiz,guide" {
		t.Fatalf("cells = %s", got)
	}
	run := cs[1]
	if !run.HasOutput || run.Output != "stale\n" || run.Line != 17 || len(run.Command.Filters) != 2 {
		t.Errorf("run cell: %+v", run)
	}
	if cs[0].File != "a.go" || cs[0].Lines != [2]int{2, 3} {
		t.Errorf("source cell: %+v", cs[0])
	}
	if g := nb.Guide(); g == nil || g.Text != "Look at it. Second line." || len(g.Try) != 2 {
		t.Errorf("guide: %+v", g)
	}
	if q := cs[3].Q; q.Right != 1 || strings.Join(q.Show, "|") != "print x|board" {
		t.Errorf("choice: %+v", q)
	}
	if !strings.Contains(nb.Parts[0].Markdown, "```go\nfmt.Println()\n```") || nb.Parts[0].Line != 4 {
		t.Errorf("a go block is Markdown: %+v", nb.Parts[0])
	}
}

func TestUpdate(t *testing.T) {
	nb := parseSample(t)
	x := &fake{}
	if err := nb.Update(x); err != nil {
		t.Fatal(err)
	}
	cs := nb.Cells()
	// The source body holds a line of backticks: the fences grow.
	if cs[0].Body != "l2 ```\nl3\n" {
		t.Errorf("source body = %q", cs[0].Body)
	}
	if got := cs[1].Output; got != "x 1\nexit status 2\n" {
		t.Errorf("run output = %q (grep, then head, then the exit status)", got)
	}
	if got := cs[2].Output; !strings.HasPrefix(got, "gmplab step lessons/04-x/a.go\n") {
		t.Errorf("a bare gmplab step opens the lesson's first scenario: %q", got)
	}
	if cs[3].Output != "answer: yes\n" || cs[4].Output != "answer: 2\n" {
		t.Errorf("quiz answers: %q, %q", cs[3].Output, cs[4].Output)
	}
	text := nb.String()
	again, err := Parse("x/lesson.md", text)
	if err != nil {
		t.Fatalf("the updated file does not parse: %v\n%s", err, text)
	}
	if again.String() != text || len(again.Cells()) != 6 {
		t.Errorf("the updated file does not round-trip:\n%s", text)
	}
	if !strings.Contains(text, "```step\ngmplab step\nbreak f\ncontinue\n```\n\n```output\n") {
		t.Errorf("a cell without output got none inserted:\n%s", text)
	}
}

func TestResolveArgs(t *testing.T) {
	nb := parseSample(t)
	for line, want := range map[string]string{
		"gmplab step":                          "lessons/04-x/a.go",
		"gmplab step --seed 3":                 "lessons/04-x/a.go --seed 3",
		"gmplab step lesson-04":                "lesson-04",
		"gmplab step b.go --gomaxprocs 2":      "lessons/04-x/b.go --gomaxprocs 2",
		"gmplab run examples/steal.go --quiet": "examples/steal.go --quiet",
	} {
		cmd, err := ParseCommand(line)
		if err != nil {
			t.Fatal(err)
		}
		if got := strings.Join(nb.ResolveArgs(cmd), " "); got != want {
			t.Errorf("%s: args %q, want %q", line, got, want)
		}
	}
	// A lesson read from elsewhere on disk: its folder, and the front
	// matter as flags.
	nb.Dir = "my/04-x"
	nb.Lesson.GOMAXPROCS, nb.Lesson.Seed, nb.Lesson.Layer = 2, 5, "procs"
	cmd, _ := ParseCommand("gmplab step --seed 9")
	if got := strings.Join(nb.ResolveArgs(cmd), " "); got != "my/04-x/a.go --gomaxprocs 2 --layers stacks,procs --seed 9" {
		t.Errorf("disk lesson: %q", got)
	}
}

// A step cell's command is shown as a learner can type it in a shell:
// bare `gmplab step` (which a shell answers "missing LESSON or FILE.go")
// names the lesson, or for a lesson on disk its scenario and settings.
func TestShown(t *testing.T) {
	nb := parseSample(t)
	for line, want := range map[string]string{
		"gmplab step":                          "gmplab step lesson-04",
		"gmplab step --seed 3":                 "gmplab step lesson-04 --seed 3",
		"GODEBUG=x=1 gmplab step":              "GODEBUG=x=1 gmplab step lesson-04",
		"gmplab step lesson-04":                "gmplab step lesson-04",
		"gmplab step b.go --gomaxprocs 2":      "gmplab step b.go --gomaxprocs 2",
		"gmplab run examples/steal.go --quiet": "gmplab run examples/steal.go --quiet",
	} {
		cmd, err := ParseCommand(line)
		if err != nil {
			t.Fatal(err)
		}
		if got := nb.Shown(cmd); got != want {
			t.Errorf("%s: shown %q, want %q", line, got, want)
		}
	}
	nb.Dir = "my/04-x"
	nb.Lesson.GOMAXPROCS, nb.Lesson.Seed, nb.Lesson.Layer = 2, 5, "procs"
	cmd, _ := ParseCommand("gmplab step --seed 9")
	if got := nb.Shown(cmd); got != "gmplab step my/04-x/a.go --gomaxprocs 2 --layers stacks,procs --seed 9" {
		t.Errorf("disk lesson: %q", got)
	}
}

func TestAnswerMismatch(t *testing.T) {
	nb := parseSample(t)
	q := nb.Cells()[4].Q
	q.Choices = []string{"1", "3"}
	if _, err := nb.Answer(&fake{}, q); err == nil || !strings.Contains(err.Error(), `make one of them "2"`) {
		t.Errorf("no choice equal to the value: %v", err)
	}
	q.Choices = []string{"2", "2"}
	if _, err := nb.Answer(&fake{}, q); err == nil || !strings.Contains(err.Error(), "two choices") {
		t.Errorf("two choices equal to the value: %v", err)
	}
}

func TestParseErrors(t *testing.T) {
	for _, c := range []struct{ text, want string }{
		{"# x\n```run\ngmplab run a.go\n", "x.md:2: this run block is never closed"},
		{"# x\n\n```output\nz\n```\n", "x.md:3: an output block with no cell above it"},
		{"```run\ngmplab run a.go\n```\n```output\n```\n```output\n```\n", "x.md:6: an output block with no cell above it"},
		{"```source a.go\n```\n```output\n```\n", "a source cell has no output block"},
		{"```run\ngmplab go a.go\n```\n", "x.md:1: run cell: want gmplab run ARGS"},
		{"```run\ngmplab run a.go | sort\n```\n", "the pipes are"},
		{"```run\ngmplab run a.go | grep -E '('\n```\n", "grep -E"},
		{"```timeline\ngmplab run a.go | head -n 2\n```\n", "a timeline takes no pipes"},
		{"```step\n```\n", "want a first line gmplab step"},
		{"```quiz\nid: a\nq: b\nkind: choice\n- x\n- y\nexplain: e\nshow: s\n```\n", "exactly one right choice"},
		{"```quiz\nid: a\nq: b\nkind: predict\n- x\n* y\nexplain: e\nshow: s\n```\n", "has no * line"},
		{"```quiz\nid: a\nq: b\nkind: predict\n- x\n- y\nexplain: e\nshow: s\n```\n", "wants run: gmplab step"},
		{"```quiz\nid: a\nq: b\nkind: choice\n* x\n- y\nexplain: e\n```\n", "no show:"},
		{"```quiz\nid: a\nq: b\nkind: choice\n* x\n- y\nexplain: e\nshow: s\nfoo: 1\n```\n", `unknown key "foo"`},
		{"```quiz\nid: a\nq: b\nkind: choice\n* x\n- y\nexplain: e\nshow: s\n```\n```quiz\nid: a\nq: b\nkind: choice\n* x\n- y\nexplain: e\nshow: s\n```\n", `quiz id "a" is already`},
		{"```guide\ntry: x\n```\n", "want a short paragraph"},
		{"```guide\np\ntry: x\n```\n```guide\np\ntry: x\n```\n", "a second guide cell"},
		{"```source a.go lines=3-1\n```\n", "lines=A-B"},
		{"  ```run\n  gmplab run a.go\n  ```\n", "no indentation"},
	} {
		_, err := Parse("x.md", c.text)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Parse(%q) = %v, want an error with %q", c.text, err, c.want)
		}
	}
}

func TestSplitWords(t *testing.T) {
	cmd, err := ParseCommand(`gmplab run "my file.go" --seed 2 | grep -E 'a|b c' | tail -n 3`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(cmd.Args, ",") != "my file.go,--seed,2" || len(cmd.Filters) != 2 || cmd.Filters[0].Re.String() != "a|b c" {
		t.Errorf("%+v", cmd)
	}
	if _, err := ParseCommand(`gmplab run 'x`); err == nil {
		t.Error("an unclosed quote parsed")
	}
}

// A cell's command may set the environment as a shell does: GODEBUG and
// GOMAXPROCS, for the simulated runs only.
func TestCommandEnv(t *testing.T) {
	cmd, err := ParseCommand(`GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1 gmplab run coop.go --quiet`)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Join(cmd.Env, " ") != "GODEBUG=asyncpreemptoff=1 GOMAXPROCS=1" || cmd.Verb != "run" || strings.Join(cmd.Args, " ") != "coop.go --quiet" {
		t.Errorf("%+v", cmd)
	}
	for _, bad := range []string{`HOME=/tmp gmplab run a.go`, `GODEBUG=asyncpreemptoff=1 gmplab compare a.go`} {
		if _, err := ParseCommand(bad); err == nil {
			t.Errorf("%s: parsed", bad)
		}
	}
}

func TestOutline(t *testing.T) {
	text := "---\nt: x\n---\n# Lesson\n\n## Objectives\n\n- one\n- two\n\nPrerequisites: lesson 01.\n\n" +
		"## The fix: `handoffp`, again!\n\nSee [the fix](#the-fix-handoffp-again) and [doc](../../docs/notebook.md#cells).\n\n" +
		"```run\ngmplab run a.go\n```\n\n```output\n## not a heading [nor](a link)\n```\n\n## Objectives\n"
	nb, err := Parse("x.md", text)
	if err != nil {
		t.Fatal(err)
	}
	o := nb.Outline()
	var got []string
	for _, h := range o.Headings {
		got = append(got, h.Anchor+"@"+strconv.Itoa(h.Line))
	}
	if s := strings.Join(got, " "); s != "lesson@4 objectives@6 the-fix-handoffp-again@13 objectives-1@25" {
		t.Errorf("headings: %s", s)
	}
	if len(o.Links) != 2 || o.Links[1].Dest != "../../docs/notebook.md#cells" || o.Links[1].Line != 15 {
		t.Errorf("links: %+v", o.Links)
	}
	if len(o.Sections) != 3 || o.Sections[0].Lists != 1 || o.Sections[0].Paragraphs[0] != "Prerequisites: lesson 01." ||
		len(o.Sections[1].Cells) != 1 || len(o.Sections[2].Cells) != 0 {
		t.Errorf("sections: %+v %+v", o.Sections[0], o.Sections[1])
	}
}

// A trace one cell writes (gmplab run … -o x.trace) and another opens
// (gmplab replay x.trace) lives in the notebook's scratch folder, named as
// the cells name it; a replay cell run first runs the cell that writes it.
func TestTraceCells(t *testing.T) {
	nb, err := Parse("lessons/07-x/lesson.md", "---\ntitle: x\nlayer: stacks\ngomaxprocs: 1\nseed: 1\nscenarios: a.go\n---\n\n"+
		"```run\ngmplab run a.go --format trace -o a.trace\n```\n\n```step\ngmplab replay a.trace\nstep\n```\n")
	if err != nil {
		t.Fatal(err)
	}
	nb.Dir = "lessons/07-x"
	defer nb.Close()
	f := &fake{}
	cells := nb.Cells()
	out, err := nb.Exec(f, cells[1])
	if err != nil {
		t.Fatal(err)
	}
	if f.runs != 1 {
		t.Errorf("the replay cell ran the cell that writes its trace %d times, want once", f.runs)
	}
	if out != "gmplab replay a.trace\n(gmplab) step\n" {
		t.Errorf("replay cell output %q", out)
	}
	args := nb.ResolveArgs(cells[0].Command)
	if got := args[len(args)-1]; filepath.Dir(got) != nb.Scratch || filepath.Base(got) != "a.trace" {
		t.Errorf("-o a.trace resolves to %s, not in the scratch folder %s", got, nb.Scratch)
	}
	dir := nb.Scratch
	if err := nb.Close(); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("Close left %s: %v", dir, err)
	}
	if _, err := Parse("x.md", "---\ntitle: x\n---\n\n```step\ngmplab replay --report\n```\n"); err == nil || !strings.Contains(err.Error(), "gmplab replay wants a trace first") {
		t.Errorf("a replay cell without a trace: %v", err)
	}
}

// envFake records the environment each command ran with.
type envFake struct {
	fake
	env []string // in force now
	ran []string // the environment of each run, joined
}

func (f *envFake) SetEnv(env []string) func() {
	old := f.env
	f.env = env
	return func() { f.env = old }
}
func (f *envFake) Run(args []string) (string, int) {
	f.ran = append(f.ran, strings.Join(f.env, " "))
	return "loop done\n", 0
}

// A "Try this" check runs with the environment its command line sets, as a
// run cell does, and only for that command.
func TestCheckEnv(t *testing.T) {
	text := "---\nt: x\n---\n# L\n\n## Try this\n\n1. Try it.\n   <!-- check\n   GODEBUG=asyncpreemptoff=1 gmplab run a.go --quiet\n   expect: loop done\n   -->\n" +
		"2. Again.\n   <!-- check\n   gmplab run a.go\n   expect: loop\n   -->\n"
	nb, err := Parse("x/lesson.md", text)
	if err != nil {
		t.Fatal(err)
	}
	nb.Lesson = &lessons.Lesson{Num: 4, Dir: "04-x", Scenarios: []string{"a.go"}}
	nb.Dir = "lessons/04-x"
	checks, err := nb.Checks()
	if err != nil || len(checks) != 2 {
		t.Fatalf("checks %v, %v", checks, err)
	}
	x := &envFake{}
	for _, ch := range checks {
		if miss := Expected(nb.RunCheck(x, ch), ch.Expect); miss != "" {
			t.Errorf("line %d: %q not printed", ch.Line, miss)
		}
	}
	if got := strings.Join(x.ran, "|"); got != "GODEBUG=asyncpreemptoff=1|" {
		t.Errorf("the checks ran with environments %q, want the first's GODEBUG then none", got)
	}
}
