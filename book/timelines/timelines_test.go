package timelines_test

import (
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/yuin/goldmark"
	"github.com/yuin/goldmark/parser"

	"github.com/gmplab/gmplab/book/cells"
	"github.com/gmplab/gmplab/book/internal/golden"
	"github.com/gmplab/gmplab/book/timelines"
	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// run is a Runner for the test: it runs testdata/yield.go on the engine
// with two Ps, as gmplab run yield.go --gomaxprocs 2 does.
func run(t *testing.T) timelines.Runner {
	return func(args []string) (*view.Timeline, int, error) {
		if want := []string{"testdata/yield.go", "--gomaxprocs", "2"}; !reflect.DeepEqual(args, want) {
			t.Errorf("args = %q, want %q", args, want)
		}
		src, err := os.ReadFile("testdata/yield.go")
		if err != nil {
			return nil, 0, err
		}
		prog, err := lang.Compile("testdata/yield.go", src)
		if err != nil {
			return nil, 0, err
		}
		mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 2, Seed: 1, Layers: runtime.AllLayers,
			MaxSteps: runtime.DefaultMaxSteps, MaxTime: runtime.DefaultMaxTime})
		if err != nil {
			return nil, 0, err
		}
		tl := view.NewTimeline(2)
		mc.Run(func(ev *runtime.Event) { tl.Event(*ev) })
		return tl, 2, nil
	}
}

// TestTimeline draws a real run as an SVG and compares it with the golden
// file byte for byte.
func TestTimeline(t *testing.T) {
	src, err := os.ReadFile("testdata/lesson.md")
	if err != nil {
		t.Fatal(err)
	}
	nb, err := notebook.Parse("testdata/lesson.md", string(src))
	if err != nil {
		t.Fatal(err)
	}
	nb.Dir = "testdata"
	md := goldmark.New(goldmark.WithExtensions(cells.New(), timelines.New(run(t))))
	pc := parser.NewContext()
	cells.SetNotebook(pc, nb)
	got, _ := golden.Render(t, md, []byte(nb.Markdown()), pc)
	golden.Check(t, "lesson", got)
}

// TestMarks draws every kind of mark and the Ms and sysmon lanes.
func TestMarks(t *testing.T) {
	tl := &view.Timeline{
		Runs: []view.TimelineRun{{Row: 0, G: 1, Start: 0, End: 4000}, {Row: 1, G: 7, Start: 1000, End: 2500, Syscall: true},
			{Row: view.RowMs, G: 7, Start: 2500, End: 6000, Syscall: true}},
		Marks: []view.TimelineMark{{Row: 0, T: 100, Mark: 'S'}, {Row: 0, T: 400, Mark: '!'}, {Row: 1, T: 2500, Mark: 'R'},
			{Row: 1, T: 2500, Mark: 'H'}, {Row: 0, T: 3000, Mark: 'N'}, {Row: 0, T: 3500, Mark: 'O'}, {Row: view.RowSysmon, T: 5000, Mark: 'z'}},
	}
	golden.Check(t, "marks", []byte(timelines.SVG(tl, 2)))
}

// TestWorldLane: a run with the collector (the gc layer) has the world's
// lane below the Ps, a bar for each of its stops of the world and of its
// concurrent marks, and the legend names both.
func TestWorldLane(t *testing.T) {
	src, err := os.ReadFile("../../examples/gc.go")
	if err != nil {
		t.Fatal(err)
	}
	prog, err := lang.Compile("examples/gc.go", src)
	if err != nil {
		t.Fatal(err)
	}
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: 4, Seed: 1, Layers: runtime.AllLayers,
		MaxSteps: runtime.DefaultMaxSteps, MaxTime: runtime.DefaultMaxTime})
	if err != nil {
		t.Fatal(err)
	}
	tl := view.NewTimeline(4)
	mc.Run(func(ev *runtime.Event) { tl.Event(*ev) })
	svg := timelines.SVG(tl, 4)
	stw, mark := 0, 0
	for _, r := range tl.Runs {
		if r.Row == view.RowWorld && r.World == '#' {
			stw++
		} else if r.Row == view.RowWorld {
			mark++
		}
	}
	if stw == 0 || mark == 0 {
		t.Fatalf("the run has %d stops and %d marks on the world's row", stw, mark)
	}
	labels := regexp.MustCompile(`class="lane-label"[^>]*>([^<]*)<`).FindAllStringSubmatch(svg, -1)
	if len(labels) < 5 || labels[len(labels)-1][1] != "world" {
		t.Errorf("lanes %q: want the world's last, after P0-P3", labels)
	}
	for _, want := range []struct {
		s string
		n int
	}{
		{`>world</text>`, 1},
		{`<g class="world stw"><title>the world is stopped from `, stw},
		{`<g class="world mark"><title>the collector marks concurrently from `, mark},
		{`<span class="lg-world stw">the world stopped</span>`, 1},
		{`<span class="lg-world mark">the collector marking</span>`, 1},
	} {
		if got := strings.Count(svg, want.s); got != want.n {
			t.Errorf("%q appears %d times, want %d", want.s, got, want.n)
		}
	}
}
