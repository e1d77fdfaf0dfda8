package stepper_test

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/book/stepper"
	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + ":\n got " + strconv.Quote(g[i]) + "\nwant " + strconv.Quote(w[i])
		}
	}
	return "one is longer: " + strconv.Itoa(len(g)) + " lines against " + strconv.Itoa(len(w))
}

// TestSameAsCLI runs scenarios through stepper.Run, the function the
// WebAssembly module exports to the page, natively, and compares its
// lines with what gmplab run prints for the same file and flags: the
// header, then one line per event, byte for byte.
func TestSameAsCLI(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		file  string
		flags []string
	}{
		{"lessons/03-steal/steal.go", []string{"--gomaxprocs", "4", "--seed", "1", "--layers", "stacks,procs,steal"}},
		{"lessons/04-sysmon/handoff.go", []string{"--gomaxprocs", "1", "--seed", "1", "--layers", "stacks,procs,steal,sysmon"}},
		{"examples/pingpong.go", []string{"--gomaxprocs", "2", "--seed", "7", "--layers", "all"}},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join(root, c.file))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := stepper.Run(c.file, src, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		wd, _ := os.Getwd()
		if err := os.Chdir(root); err != nil {
			t.Fatal(err)
		}
		cli.Run(append([]string{"run", c.file}, c.flags...), strings.NewReader(""), &out, &errb)
		os.Chdir(wd)
		// gmplab run: the header, the column names, then the events.
		got := tr.Header + "\n" + view.Header() + "\n" + strings.Join(tr.Lines, "\n") + "\n"
		if got != out.String() {
			t.Errorf("%s %s: the trace's %d events differ from gmplab run's output:\n%s", c.file, strings.Join(c.flags, " "), len(tr.Lines), firstDiff(got, out.String()))
		}
		if len(tr.Boards) != len(tr.Lines)+1 || len(tr.Kinds) != len(tr.Lines) {
			t.Errorf("%s: %d boards and %d kinds for %d events", c.file, len(tr.Boards), len(tr.Kinds), len(tr.Lines))
		}
		if exit := strings.TrimSpace(errb.String()); exit != tr.Exit {
			t.Errorf("%s: exit %q, gmplab run said %q", c.file, tr.Exit, exit)
		}
	}
}

// TestCompileError: a compile error is the compiler's file:line:col line.
func TestCompileError(t *testing.T) {
	_, err := stepper.Run("x.go", []byte("package main\n\nfunc main() { y }\n"), nil)
	if err == nil || !strings.HasPrefix(err.Error(), "x.go:3:") {
		t.Fatalf("err = %v, want x.go:3:…", err)
	}
}

// TestFlags: the flags are gmplab run's, with its defaults, and Args
// gives them back.
func TestFlags(t *testing.T) {
	o, err := stepper.ParseFlags([]string{"--gomaxprocs", "3", "--layers", "stacks,procs"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(o.Args(), " "); got != "--gomaxprocs 3 --seed 1 --layers stacks,procs" {
		t.Errorf("Args = %q", got)
	}
	if _, err := stepper.ParseFlags([]string{"--bogus"}); err == nil {
		t.Error("--bogus: no error")
	}
}

// TestSourceLines: every event whose line names a place in the program
// ("by G1 at 19:6") is at that line; the others are at their G's line or
// at none; and after each go statement of steal.go, the Gs it created are
// shown at the func literal's line.
func TestSourceLines(t *testing.T) {
	root, _ := filepath.Abs("../..")
	file := "lessons/03-steal/steal.go"
	src, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := stepper.Run(file, src, []string{"--gomaxprocs", "4", "--layers", "stacks,procs,steal"})
	if err != nil {
		t.Fatal(err)
	}
	lines := int32(strings.Count(string(src), "\n") + 1)
	at := regexp.MustCompile(` at (\d+):\d+`)
	named, gs := 0, 0
	lineOf := map[string]int32{}
	for i, l := range tr.Lines {
		if tr.Src[i] < 0 || tr.Src[i] > lines {
			t.Errorf("event %d is at line %d of a %d-line file", i+1, tr.Src[i], lines)
		}
		if m := at.FindStringSubmatch(strings.Split(l, "\n")[0]); m != nil {
			named++
			if fmt.Sprint(tr.Src[i]) != m[1] {
				t.Errorf("event %d %q: at line %d", i+1, l, tr.Src[i])
			}
		}
		for g, n := range tr.Boards[i+1].Lines {
			lineOf[fmt.Sprint(g)] = n
		}
		if tr.Kinds[i] == "newproc" {
			g := strings.Fields(l)[4] // G23
			if got := lineOf[strings.TrimPrefix(g, "G")]; got != 19 {
				t.Errorf("event %d: the new %s is shown at line %d, want 19 (go func() {)", i+1, g, got)
			}
			gs++
		}
	}
	if named == 0 || gs != 8 {
		t.Errorf("%d events named a line and %d go statements were checked", named, gs)
	}
}

// TestOutputAndEnd: the output grows at the print events, to the whole of
// what gmplab run prints; a run stopped by a limit says which; a run
// longer than MaxEvents is cut there and counts all its events, as
// gmplab run does.
func TestOutputAndEnd(t *testing.T) {
	prog := "package main\n\nimport \"fmt\"\n\nfunc main() {\n\tfor i := 0; i < 3; i++ {\n\t\tgo func() {}()\n\t\tfmt.Println(\"line\", i)\n\t}\n}\n"
	tr, err := stepper.Run("p.go", []byte(prog), nil)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Out != "line 0\nline 1\nline 2\n" || len(tr.OutAt) != 3 || tr.OutAt[2][1] != len(tr.Out) {
		t.Fatalf("output %q at %v", tr.Out, tr.OutAt)
	}
	for i, p := range tr.OutAt {
		if tr.Kinds[p[0]-1] != "print" || (i > 0 && p[1] <= tr.OutAt[i-1][1]) {
			t.Errorf("output step %d %v: event %s", i, p, tr.Kinds[p[0]-1])
		}
	}
	loop := "package main\n\nfunc main() {\n\tn := 0\n\tfor {\n\t\tn++\n\t}\n}\n"
	tr, err = stepper.Run("loop.go", []byte(loop), []string{"--max-instrs", "1000000"})
	if err != nil {
		t.Fatal(err)
	}
	if tr.Limit != "max-instrs" || !strings.Contains(tr.Exit, "Raise --max-instrs") {
		t.Errorf("an endless loop under --max-instrs: limit %q, exit %q", tr.Limit, tr.Exit)
	}
	many := "package main\n\nimport \"sync\"\n\nfunc main() {\n\tvar wg sync.WaitGroup\n\tfor i := 0; i < 8000; i++ {\n\t\twg.Add(1)\n\t\tgo func() { wg.Done() }()\n\t}\n\twg.Wait()\n}\n"
	tr, err = stepper.Run("many.go", []byte(many), []string{"--gomaxprocs", "2"})
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "many.go"), []byte(many), 0o644)
	var out, errb bytes.Buffer
	cli.Run([]string{"run", filepath.Join(dir, "many.go"), "--gomaxprocs", "2"}, strings.NewReader(""), &out, &errb)
	events := int64(strings.Count(out.String(), "\n") - 2 - strings.Count(out.String(), "\n                      "))
	if !tr.Cut || len(tr.Lines) != stepper.MaxEvents || tr.Total != events {
		t.Errorf("8,000 goroutines: cut %v, %d lines kept, %d events; gmplab run printed %d", tr.Cut, len(tr.Lines), tr.Total, events)
	}
	for _, b := range tr.Boards {
		for _, p := range b.Ps {
			if len(p.Runq) > stepper.ShownRunq {
				t.Fatalf("a board shows %d Gs of a ring", len(p.Runq))
			}
		}
		if len(b.Global) > stepper.ShownGlobal {
			t.Fatalf("a board shows %d Gs of the global queue", len(b.Global))
		}
	}
}

// TestTimeline: the widget's timeline is view.Timeline's, lane for lane
// and run for run, with the names of the marks it uses.
func TestTimeline(t *testing.T) {
	root, _ := filepath.Abs("../..")
	file := "lessons/04-sysmon/handoff.go"
	src, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	flags := []string{"--gomaxprocs", "1", "--layers", "stacks,procs,steal,sysmon"}
	tr, err := stepper.Run(file, src, flags)
	if err != nil {
		t.Fatal(err)
	}
	x := &cli.CellExecutor{Root: root}
	tl, _, err := x.TimelineOf(append([]string{file}, flags...))
	if err != nil {
		t.Fatal(err)
	}
	tl.Close()
	if len(tr.TL.Runs) != len(tl.Runs) || len(tr.TL.Marks) != len(tl.Marks) {
		t.Errorf("the widget's timeline has %d runs and %d marks, view.Timeline %d and %d", len(tr.TL.Runs), len(tr.TL.Marks), len(tl.Runs), len(tl.Marks))
	}
	if tr.TL.Rows[0] != "P0" || len(tr.TL.Names) == 0 {
		t.Errorf("lanes %v, marks named %v", tr.TL.Rows, tr.TL.Names)
	}
	for _, n := range tr.TL.Names {
		if view.MarkInfo(n[0][0]).Name != n[2] {
			t.Errorf("mark %q is named %q", n[0], n[2])
		}
	}
}

// TestWorldLane: with the gc layer on, the widget's timeline has the
// world's lane after the Ps, with the collector's stops (kind 2) and its
// concurrent marking (kind 3) as view.Timeline records them on RowWorld:
// the same spans, in the same order, as the terminal timeline draws.
func TestWorldLane(t *testing.T) {
	root, _ := filepath.Abs("../..")
	file := "examples/gc.go"
	src, err := os.ReadFile(filepath.Join(root, file))
	if err != nil {
		t.Fatal(err)
	}
	tr, err := stepper.Run(file, src, []string{"--gomaxprocs", "4"})
	if err != nil {
		t.Fatal(err)
	}
	world := -1
	for i, r := range tr.TL.Rows {
		if r == "world" {
			world = i
		}
	}
	if world < 4 {
		t.Fatalf("lanes %q: want the world's after P0-P3", tr.TL.Rows)
	}
	var got [][3]int64
	for _, u := range tr.TL.Runs {
		if (u[0] == int64(world)) != (u[4] >= 2) {
			t.Errorf("run %v: a world span off the world's lane, or a G's on it", u)
		}
		if u[0] == int64(world) {
			got = append(got, [3]int64{u[2], u[3], u[4]})
		}
	}
	// The same spans from the engine's events through view.Timeline.
	prog, err := lang.Compile(file, src)
	if err != nil {
		t.Fatal(err)
	}
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, Layers: runtime.AllLayers,
		MaxSteps: runtime.DefaultMaxSteps, MaxTime: runtime.DefaultMaxTime})
	if err != nil {
		t.Fatal(err)
	}
	tl := view.NewTimeline(4)
	cycles := 0
	mc.Run(func(ev *runtime.Event) {
		if ev.Kind == runtime.EvGCStart {
			cycles++
		}
		tl.Event(*ev)
	})
	tl.Close()
	var want [][3]int64
	for _, r := range tl.Runs {
		if r.Row == view.RowWorld {
			k := int64(3)
			if r.World == '#' {
				k = 2
			}
			want = append(want, [3]int64{r.Start, r.End, k})
		}
	}
	stw, mark := 0, 0
	for _, w := range got {
		if w[2] == 2 {
			stw++
		} else {
			mark++
		}
	}
	if cycles < 2 || stw < 2*cycles || mark < cycles {
		t.Errorf("the world's lane has %d stops and %d marks for %d cycles (gcStart events): want at least two cycles, two stops and a mark per cycle", stw, mark, cycles)
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("the widget's world spans\n%v\nthe timeline's\n%v", got, want)
	}
}
