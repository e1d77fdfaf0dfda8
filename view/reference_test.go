package view

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
)

const eventsPath = "../docs/events.md"

// exampleRuns are the runs docs/events.md takes its examples from: each
// kind's is its first event in the first run that has one. Every kind must
// have one (TestEventReference), so a kind no program makes is found.
var exampleRuns = []struct {
	file       string // from the repository's root
	procs      int
	seed       uint64
	layers     string // "" for all
	schedtrace int64  // --schedtrace-period in ns, 0 for none
}{
	{file: "examples/pingpong.go", procs: 2, seed: 7},
	{file: "examples/gosched.go", procs: 1, seed: 1},
	{file: "examples/recursion.go", procs: 1, seed: 1},
	{file: "examples/steal.go", procs: 4, seed: 1},
	{file: "examples/syscall.go", procs: 2, seed: 1},
	{file: "examples/netpoll.go", procs: 1, seed: 1},
	{file: "examples/preempt.go", procs: 1, seed: 1},
	{file: "examples/resize.go", procs: 1, seed: 1},
	{file: "examples/starvation.go", procs: 1, seed: 1},
	{file: "lessons/05-preempt/coop.go", procs: 1, seed: 1},
	{file: "lessons/07-production/locked.go", procs: 1, seed: 1},
	{file: "examples/spawn300.go", procs: 3, seed: 1, layers: "stacks"},
	{file: "view/testdata/events/goexit.go", procs: 2, seed: 1},
	{file: "view/testdata/events/mexit.go", procs: 2, seed: 1},
	{file: "view/testdata/events/breakpoint.go", procs: 2, seed: 1},
	{file: "examples/timers.go", procs: 2, seed: 1, schedtrace: 1e6},
	{file: "examples/gc.go", procs: 4, seed: 1},
	{file: "view/testdata/events/runqdrain.go", procs: 4, seed: 1},
}

// eventExamples runs exampleRuns and returns an example of every kind
// they make.
func eventExamples(t *testing.T) map[runtime.EvKind]EventExample {
	t.Helper()
	found := map[runtime.EvKind]EventExample{}
	for _, r := range exampleRuns {
		src, err := os.ReadFile(filepath.Join("..", filepath.FromSlash(r.file)))
		if err != nil {
			t.Fatal(err)
		}
		prog, err := lang.Compile(r.file, src)
		if err != nil {
			t.Fatalf("%s: %v", r.file, err)
		}
		cfg := runtime.Config{GOMAXPROCS: r.procs, Seed: r.seed, Layers: runtime.AllLayers, Why: true, Check: true, SchedtracePeriod: r.schedtrace}
		cmd := fmt.Sprintf("gmplab run %s --gomaxprocs %d", r.file, r.procs)
		if r.seed != 1 {
			cmd += fmt.Sprintf(" --seed %d", r.seed)
		}
		if r.layers != "" {
			if cfg.Layers, err = runtime.ParseLayers(r.layers); err != nil {
				t.Fatal(err)
			}
			cmd += " --layers " + r.layers
		}
		if r.schedtrace != 0 {
			cmd += " --schedtrace-period " + FormatDuration(r.schedtrace)
		}
		mc, err := runtime.New(prog, cfg)
		if err != nil {
			t.Fatal(err)
		}
		mc.Run(func(ev *runtime.Event) {
			if _, ok := found[ev.Kind]; !ok {
				found[ev.Kind] = EventExample{Run: cmd, Event: *ev, NoPs: !cfg.Layers.Has(runtime.LayerProcs)}
			}
		})
	}
	return found
}

// TestEventReference fails when docs/events.md is not what the event specs
// and the example runs generate, and when a kind has no example: no
// program in exampleRuns makes it.
func TestEventReference(t *testing.T) {
	examples := eventExamples(t)
	for _, k := range runtime.EvKinds() {
		if _, ok := examples[k]; !ok && !k.Spec().TraceOnly {
			t.Errorf("no run in exampleRuns makes a %s event: add one (view/testdata/events)", k)
		}
	}
	want := EventReference(examples)
	if *update {
		if err := os.WriteFile(eventsPath, []byte(want), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	got, err := os.ReadFile(eventsPath)
	if err != nil {
		t.Fatalf("%v (go test ./view -update writes it)", err)
	}
	if string(got) != want {
		t.Errorf("docs/events.md is stale: run go test ./view -update and commit it")
	}
}

// The timeline's legend explains every mark a kind's spec gives it.
func TestTimelineLegendHasEveryMark(t *testing.T) {
	legend := timelineMarks(false) + timelineMarks(true)
	for _, k := range runtime.EvKinds() {
		if m := k.Spec().Mark; m != 0 && !strings.Contains(legend, " "+string(m)+" ") {
			t.Errorf("%s's timeline mark %q is not in the legend:\n%s", k, m, legend)
		}
	}
}

// Every kind's JSON form names its arguments, and reads back.
func TestJSONNamesEveryArgument(t *testing.T) {
	for _, k := range runtime.EvKinds() {
		s := k.Spec()
		ev := runtime.Event{Seq: 1, Kind: k, M: 0, P: 0, G: 1, Arg1: 3, Arg2: 5}
		if s.Args[0].Name == "" {
			ev.Arg1 = 0
		}
		if s.Args[1].Name == "" {
			ev.Arg2 = 0
		}
		if s.Text != "" {
			ev.Text = "x"
		}
		line := string(MarshalEvent(ev))
		for i, a := range s.Args {
			if a.Name != "" && !strings.Contains(line, fmt.Sprintf(`"%s":%d`, a.Name, [2]int64{ev.Arg1, ev.Arg2}[i])) {
				t.Errorf("%s: %s has no %q", k, line, a.Name)
			}
		}
		if strings.Contains(line, `"arg1"`) || strings.Contains(line, `"arg2"`) {
			t.Errorf("%s: %s names an argument by position", k, line)
		}
		var je JSONEvent
		if err := je.UnmarshalJSON([]byte(line)); err != nil {
			t.Fatalf("%s: %v", line, err)
		}
		if back, ok := FromJSON(je); !ok || back.Arg1 != ev.Arg1 || back.Arg2 != ev.Arg2 {
			t.Errorf("%s: read back as %+v", line, back)
		}
	}
}
