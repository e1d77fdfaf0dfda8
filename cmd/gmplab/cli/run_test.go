package cli

import (
	"bytes"
	"encoding/json"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/runtime"
)

// runFlags runs `gmplab run` with args, stopping at the validated options.
func runFlags(t *testing.T, args ...string) (*RunOptions, string, int) {
	t.Helper()
	var got *RunOptions
	root := NewRootCmd()
	for _, c := range root.Commands() {
		if c.Name() == "run" {
			root.RemoveCommand(c)
		}
	}
	root.AddCommand(newRunCmd(func(o *RunOptions) error { got = o; return nil }))
	var stderr bytes.Buffer
	code := execute(root, append([]string{"run"}, args...), &bytes.Buffer{}, &stderr)
	return got, stderr.String(), code
}

func TestRunDefaults(t *testing.T) {
	o, stderr, code := runFlags(t, "x.go")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	if o.File != "x.go" || o.gomaxprocs != runtime.DefaultGOMAXPROCS || o.gomaxprocsFrom != "ncpu" || o.NCPU != runtime.DefaultNCPU || o.Seed != 1 ||
		o.layers != runtime.AllLayers || o.MaxSteps != runtime.DefaultMaxSteps ||
		o.MaxEvents != runtime.DefaultMaxEvents || o.MaxInstrs != runtime.DefaultMaxInstrs ||
		o.MaxTime != time.Minute || o.Format != "text" || o.SchedtracePeriod != time.Millisecond ||
		o.Quiet || o.Check || o.stateAt.on {
		t.Errorf("defaults: %+v", o)
	}
	cfg := o.config()
	want := runtime.Config{GOMAXPROCS: 4, NCPU: 4, Seed: 1, Layers: runtime.AllLayers, MaxEvents: runtime.DefaultMaxEvents,
		MaxInstrs: runtime.DefaultMaxInstrs, MaxSteps: runtime.DefaultMaxSteps, MaxTime: 60e9, Why: true}
	if cfg != want {
		t.Errorf("config:\n got %+v\nwant %+v", cfg, want)
	}
}

func TestRunFlags(t *testing.T) {
	o, stderr, code := runFlags(t, "x.go", "--gomaxprocs", "2", "--seed", "7", "--layers", "stacks,procs",
		"--max-events", "300", "--max-instrs", "200", "--max-steps", "100", "--max-time", "2s", "--check", "--format", "schedtrace", "--schedtrace-period", "500us")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	want := runtime.Config{GOMAXPROCS: 2, NCPU: 4, Seed: 7, Layers: runtime.Layers(runtime.LayerStacks | runtime.LayerProcs),
		MaxEvents: 300, MaxInstrs: 200, MaxSteps: 100, MaxTime: 2e9, Check: true, SchedtracePeriod: 500e3}
	if cfg := o.config(); cfg != want {
		t.Errorf("config:\n got %+v\nwant %+v", cfg, want)
	}

	o, _, _ = runFlags(t, "x.go", "-q")
	if cfg := o.config(); !o.Quiet || cfg.Why || cfg.SchedtracePeriod != 0 {
		t.Errorf("--quiet: %+v, config %+v", o, cfg)
	}
	// A period given with the text format adds schedtrace events to it.
	o, _, _ = runFlags(t, "x.go", "--schedtrace-period", "2ms")
	if cfg := o.config(); cfg.SchedtracePeriod != 2e6 || !cfg.Why {
		t.Errorf("--schedtrace-period with text: config %+v", cfg)
	}
}

func TestRunStateAt(t *testing.T) {
	for arg, want := range map[string]stateAt{
		"0":             {on: true, seq: 0},
		"42":            {on: true, seq: 42},
		"end":           {on: true, end: true},
		"breakpoint":    {on: true, breakpoint: 1},
		"breakpoint:3":  {on: true, breakpoint: 3},
		"breakpoint:1":  {on: true, breakpoint: 1},
		"1000000000000": {on: true, seq: 1e12},
	} {
		o, stderr, code := runFlags(t, "x.go", "--state-at", arg)
		if code != 0 {
			t.Errorf("--state-at %s: exit %d: %s", arg, code, stderr)
			continue
		}
		if o.stateAt != want {
			t.Errorf("--state-at %s: %+v, want %+v", arg, o.stateAt, want)
		}
		if cfg := o.config(); cfg.Why {
			t.Errorf("--state-at %s: the engine formats why sentences nobody prints", arg)
		}
	}
}

// Every mistake on the command line gives one line that names the flag
// and says what it wants, and exit status 2.
func TestRunBadFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		want string
	}{
		{nil, "gmplab run: missing FILE.go: give the Go file to run (see 'gmplab run --help')\n"},
		{[]string{"a.go", "b.go"}, "gmplab run: want one Go file, got 2 arguments: a.go b.go (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--gomaxprocs", "0"}, "gmplab run: --gomaxprocs 0: want 1 to 1024 (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--gomaxprocs", "1025"}, "gmplab run: --gomaxprocs 1025: want 1 to 1024 (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--gomaxprocs", "two"}, "gmplab run: --gomaxprocs \"two\": not a whole number (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--seed", "-1"}, "gmplab run: --seed \"-1\": not a whole number (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--seed", "99999999999999999999"}, "gmplab run: --seed \"99999999999999999999\": out of range (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--layers", "stacks,bogus"}, "gmplab run: --layers \"stacks,bogus\": unknown layer \"bogus\" (layers: stacks, procs, steal, sysmon, preempt, netpoll, gc, or all) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--layers", "stacks,gc"}, "gmplab run: --layers \"stacks,gc\": layer gc needs procs (its mark workers run on Ps) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--layers", "steal"}, "gmplab run: --layers \"steal\": layer steal needs procs (stealing takes from Ps' run queues) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--max-steps", "0"}, "gmplab run: --max-steps 0: want at least 1 (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--max-events", "0"}, "gmplab run: --max-events 0: want at least 1 (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--max-instrs", "-1"}, "gmplab run: --max-instrs -1: want at least 1 (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--max-time", "2"}, "gmplab run: --max-time \"2\": not a duration (examples: 500us, 10ms, 2s) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--max-time", "-1s"}, "gmplab run: --max-time -1s: want a positive duration (examples: 10ms, 2s) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--schedtrace-period", "0s"}, "gmplab run: --schedtrace-period 0s: want a positive duration (examples: 1ms, 100us) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--format", "yaml"}, "gmplab run: --format \"yaml\": want one of text, json, schedtrace, gctrace, chrome, trace (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--state-at", "start"}, "gmplab run: --state-at \"start\": want an event number (0 is the start), end, breakpoint or breakpoint:N (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--state-at", "-3"}, "gmplab run: --state-at \"-3\": want an event number (0 is the start), end, breakpoint or breakpoint:N (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--state-at", "breakpoint:0"}, "gmplab run: --state-at \"breakpoint:0\": breakpoints count from 1 (breakpoint:1 is the first) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--check=maybe"}, "gmplab run: --check \"maybe\": not true or false (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--bogus"}, "gmplab run: unknown flag: --bogus (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--seed"}, "gmplab run: flag needs an argument: --seed (see 'gmplab run --help')\n"},
		{[]string{"x.go", "-q", "--format", "json"}, "gmplab run: --quiet and --format: choose one (--quiet prints only the program's output) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "-q", "--state-at", "end"}, "gmplab run: --quiet and --state-at: choose one (--state-at prints only the state) (see 'gmplab run --help')\n"},
		{[]string{"x.go", "--format", "json", "--state-at", "end"}, "gmplab run: --state-at and --format: choose one (--state-at prints only the state, as JSON) (see 'gmplab run --help')\n"},
	} {
		o, stderr, code := runFlags(t, tc.args...)
		if code != 2 || stderr != tc.want || o != nil {
			t.Errorf("gmplab run %s:\n exit %d, stderr %q\nwant exit 2, stderr %q", strings.Join(tc.args, " "), code, stderr, tc.want)
		}
	}
}

func TestRootErrors(t *testing.T) {
	var stdout, stderr bytes.Buffer
	if code := Run([]string{"nosuch"}, nil, &stdout, &stderr); code != 2 {
		t.Errorf("exit %d, want 2", code)
	}
	if want := "gmplab: unknown command \"nosuch\" for \"gmplab\" (see 'gmplab --help')\n"; stderr.String() != want {
		t.Errorf("stderr %q, want %q", stderr.String(), want)
	}
	stdout.Reset()
	if code := Run(nil, nil, &stdout, &stderr); code != 0 || !strings.Contains(stdout.String(), "run         Run a Go program") {
		t.Errorf("gmplab alone: exit %d, stdout:\n%s", code, stdout.String())
	}
}

// TestStateAtReportsTheEvent: --state-at N prints the state right after
// event N (its seq is N), also for events in the middle of an engine step,
// and it is the state the engine records inside that step.
func TestStateAtReportsTheEvent(t *testing.T) {
	t.Chdir(repoRoot)
	for _, f := range []string{"examples/gosched.go", "examples/steal.go", "examples/syscall.go"} {
		for _, n := range []int64{1, 2, 3, 5, 8, 12, 13, 21, 34, 40} {
			r := gmplab(t, fmt.Sprintf("run %s --gomaxprocs 2 --state-at %d", f, n))
			if r.code != 0 {
				t.Fatalf("%s --state-at %d: exit %d: %s", f, n, r.code, r.stderr)
			}
			if r.stderr != "" {
				t.Errorf("%s --state-at %d: stderr %q, want nothing (no note: the state is event %d's)", f, n, r.stderr, n)
			}
			var st runtime.State
			if err := json.Unmarshal([]byte(r.stdout), &st); err != nil {
				t.Fatal(err)
			}
			if st.Seq != n {
				t.Errorf("%s --state-at %d: the state is after event %d", f, n, st.Seq)
			}
		}
	}
}

// TestMaxEventsShowsAtMostN: a user asking for --max-events N gets N event
// lines and the limit's message, in every format that lists events,
// although the engine stops only between its actions (runtime/limits.go:
// checkLimits holds back the events the last action made past N).
func TestMaxEventsShowsAtMostN(t *testing.T) {
	t.Chdir(repoRoot)
	eventLine := regexp.MustCompile(`^ +[0-9]+ +[0-9.]+ms `)
	for _, n := range []int{1, 7, 25, 53} {
		r := gmplab(t, fmt.Sprintf("run examples/pingpong.go --gomaxprocs 2 --max-events %d", n))
		want := fmt.Sprintf("gmplab: stopped after %d scheduler events (--max-events %d)", n, n)
		if r.code != 1 || !strings.HasPrefix(r.stderr, want) {
			t.Fatalf("--max-events %d: exit %d, stderr %q, want it to start %q", n, r.code, r.stderr, want)
		}
		var seqs []string
		for _, l := range strings.Split(r.stdout, "\n") {
			if eventLine.MatchString(l) {
				seqs = append(seqs, strings.Fields(l)[0])
			}
		}
		// Events 1..n, then the exit event (n+1) that carries the message.
		if len(seqs) != n+1 || seqs[n-1] != fmt.Sprint(n) || !strings.Contains(r.stdout, "exit           code 1") {
			t.Errorf("--max-events %d: %d event lines (%v), want %d and the exit", n, len(seqs), seqs, n)
		}
		r = gmplab(t, fmt.Sprintf("run examples/pingpong.go --gomaxprocs 2 --max-events %d --format json", n))
		lines := strings.Split(strings.TrimSuffix(r.stdout, "\n"), "\n")
		if len(lines) != n+1 || !strings.Contains(lines[n], `"kind":"exit"`) || !strings.Contains(lines[n-1], fmt.Sprintf(`{"seq":%d,`, n)) {
			t.Errorf("--max-events %d --format json: %d lines, want %d events and the exit", n, len(lines), n)
		}
	}
}

// TestGMModelShowsNoPs: lesson 00 runs the GM model (the stacks layer
// alone), which has no Ps, so no output names one: not the header, not an
// event line or its why, not a schedtrace line.
func TestGMModelShowsNoPs(t *testing.T) {
	t.Chdir(repoRoot)
	pName := regexp.MustCompile(`\bP[0-9-]+\b|\bidleprocs\b|\bP\s*$|\bP \s`)
	for _, args := range []string{
		"run lessons/00-threads/goroutines.go --layers stacks --gomaxprocs 2",
		"run lessons/00-threads/goroutines.go --layers stacks --gomaxprocs 2 --wide",
		"run lessons/00-threads/goroutines.go --layers stacks --gomaxprocs 2 --format schedtrace --schedtrace-period 1ms",
	} {
		r := gmplab(t, args)
		if r.code != 0 {
			t.Fatalf("gmplab %s: exit %d: %s", args, r.code, r.stderr)
		}
		lines := strings.Split(r.stdout, "\n")
		if len(lines) < 3 {
			t.Fatalf("gmplab %s: %d lines", args, len(lines))
		}
		for _, l := range lines {
			if pName.MatchString(l) {
				t.Errorf("gmplab %s shows a P:\n%s", args, l)
				break
			}
		}
	}
}
