package runtime_test

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// scenarios returns every example and lesson scenario, compiled.
// wantEnd is how a scenario says that it ends other than by exiting: a line
// "//gmplab:want deadlock" (a lesson's scenario that deadlocks on purpose).
var wantEnd = map[string]string{}

func scenarios(t testing.TB) map[string]*vm.Program {
	t.Helper()
	files, _ := filepath.Glob("../examples/*.go")
	lessons, _ := filepath.Glob("../lessons/*/*.go")
	progs := map[string]*vm.Program{}
	for _, f := range append(files, lessons...) {
		if filepath.Base(f) == "lessons.go" || filepath.Ext(f) != ".go" || len(f) > 8 && f[len(f)-8:] == "_test.go" {
			continue
		}
		p, err := lang.CompileFile(f)
		if err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		progs[f] = p
		if src, err := os.ReadFile(f); err == nil {
			if m := wantRE.FindSubmatch(src); m != nil {
				wantEnd[f] = string(m[1])
			}
		}
	}
	if len(progs) < 10 {
		t.Fatalf("found only %d scenarios", len(progs))
	}
	return progs
}

var wantRE = regexp.MustCompile(`(?m)^//gmplab:want (\w+)$`)

func sortedKeys(m map[string]*vm.Program) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	for i := 1; i < len(ks); i++ {
		for j := i; j > 0 && ks[j] < ks[j-1]; j-- {
			ks[j], ks[j-1] = ks[j-1], ks[j]
		}
	}
	return ks
}

func run(t testing.TB, p *vm.Program, cfg runtime.Config) ([]runtime.Event, *runtime.Exit) {
	t.Helper()
	return runArgs(t, p, cfg, nil)
}

// runArgs is run with os.Args[1:].
func runArgs(t testing.TB, p *vm.Program, cfg runtime.Config, args []string) ([]runtime.Event, *runtime.Exit) {
	t.Helper()
	mc, err := runtime.New(p, cfg)
	if err != nil {
		t.Fatal(err)
	}
	mc.SetArgs(args)
	var evs []runtime.Event
	ex := mc.Run(func(ev *runtime.Event) { evs = append(evs, *ev) })
	return evs, ex
}

// shortArgs run a scenario at a short size in the engine-wide tests: how
// long a loop computes between two events changes neither the invariants
// nor determinism, only what the run costs. Lesson 05's coop.go computes
// 2 × 4,000,000 calls (1.5 s of CPU a run, 72 runs in
// TestScenariosInvariantsAndDeterminism: 110 s); at 400,000 its loops end
// before sysmon preempts them, so under the lesson's layer at 1 P (the
// lesson's settings) and 2 (where the invariants are checked) it still
// runs at full size (fullSize), and the test checks that a loop is
// preempted there.
var shortArgs = map[string][]string{
	"../lessons/05-preempt/coop.go": {"400000"},
}

// fullSize says whether a scenario runs at its full size under layers up
// to upTo at procs Ps.
func fullSize(upTo string, procs int) bool { return upTo == "preempt" && procs <= 2 }

// Every scenario, under every layer set, at several GOMAXPROCS and seeds,
// runs to its end with every invariant checked after every action
// (invariants.go), and twice gives the same events, byte for byte. A
// scenario in shortArgs runs at its short size except where fullSize.
//
// Each scenario is a parallel subtest: its machines share only the
// compiled program, which the engine only reads, so the scenarios run
// side by side on the host's cores. Four scenarios (coop.go at full size,
// lesson 09's service.go, pairs.go, gc.go) take nine tenths of the test's
// CPU time (53 s in all, in 2026-11); go test -run
// 'TestScenariosInvariantsAndDeterminism/09-gc:service' runs one alone.
func TestScenariosInvariantsAndDeterminism(t *testing.T) {
	progs := scenarios(t)
	layerSets := []string{"stacks", "procs", "steal", "sysmon", "preempt", "netpoll"}
	for _, name := range sortedKeys(progs) {
		p := progs[name]
		// examples/gosched.go is subtest examples:gosched.go (a slash
		// would split -run's pattern).
		t.Run(strings.ReplaceAll(strings.TrimPrefix(name, "../"), "/", ":"), func(t *testing.T) {
			t.Parallel()
			for _, upTo := range layerSets {
				ls, _ := runtime.LayersUpTo(upTo)
				for _, procs := range []int{1, 2, 4} {
					for _, seed := range []uint64{1, 7} {
						// Invariants after every action cost O(state): check
						// them at one size, every layer and seed.
						cfg := runtime.Config{GOMAXPROCS: procs, Seed: seed, Layers: ls, Check: procs == 2, Why: true, MaxTime: 5e9}
						desc := fmt.Sprintf("%s layers=%s procs=%d seed=%d", name, upTo, procs, seed)
						args := shortArgs[name]
						if fullSize(upTo, procs) {
							args = nil
						}
						a, exA := runArgs(t, p, cfg, args)
						b, exB := runArgs(t, p, cfg, args)
						if !reflect.DeepEqual(a, b) || !reflect.DeepEqual(exA, exB) {
							t.Fatalf("%s: two runs differ", desc)
						}
						if shortArgs[name] != nil && args == nil && !slices.ContainsFunc(a, func(ev runtime.Event) bool { return ev.Kind == runtime.EvPreempted }) {
							t.Errorf("%s: at full size no loop was preempted", desc)
						}
						if want := wantEnd[name]; want != "" {
							if exA.Reason != want {
								t.Errorf("%s: ended with %s (%s), want %s", desc, exA.Reason, exA.Msg, want)
							}
						} else if exA.Reason != "exit" && !(upTo != "preempt" && upTo != "netpoll" && exA.Reason == "max-time") {
							t.Errorf("%s: ended with %s: %s", desc, exA.Reason, exA.Msg)
						}
					}
				}
			}
		})
	}
}

// A clone taken at event N and stepped on gives exactly the events of the
// run that never stopped (the debugger's reverse execution relies on it).
// A scenario in shortArgs runs at its short size (the debugger's
// TestLessonsReverseEqualsForward clones coop.go at its full size).
func TestCloneResumesExactly(t *testing.T) {
	progs := scenarios(t)
	for _, name := range sortedKeys(progs) {
		cfg := runtime.Config{GOMAXPROCS: 2, Seed: 3, Why: true}
		want, _ := runArgs(t, progs[name], cfg, shortArgs[name])
		for _, at := range []int{0, 1, len(want) / 3, len(want) / 2, len(want) - 1} {
			mc, _ := runtime.New(progs[name], cfg)
			mc.SetArgs(shortArgs[name])
			for i := 0; i < at; i++ {
				mc.Step()
			}
			c := mc.Clone()
			// Run the original on, so that sharing between the two would
			// show, then the clone; then check the original's events
			// again (their why sentences live in a chunk the clone must
			// not write into: why.go).
			var orig []runtime.Event
			mc.Run(func(ev *runtime.Event) { orig = append(orig, *ev) })
			var got []runtime.Event
			c.Run(func(ev *runtime.Event) { got = append(got, *ev) })
			if !reflect.DeepEqual(got, want[at:]) {
				t.Fatalf("%s: clone at event %d resumed differently", name, at)
			}
			if !reflect.DeepEqual(orig, want[at:]) {
				t.Fatalf("%s: the original's events after the clone at event %d changed", name, at)
			}
		}
	}
}

// A different seed may change the steal order, never the program's output
// when the program's output does not depend on the schedule.
func TestSeedChangesOnlyTheSchedule(t *testing.T) {
	p, err := lang.CompileFile("../examples/pingpong.go")
	if err != nil {
		t.Fatal(err)
	}
	out := func(seed uint64) string {
		evs, _ := run(t, p, runtime.Config{GOMAXPROCS: 4, Seed: seed})
		s := ""
		for _, ev := range evs {
			if ev.Kind == runtime.EvPrint {
				s += ev.Text
			}
		}
		return s
	}
	if a, b := out(1), out(99); a != b {
		t.Errorf("pingpong's output depends on the seed:\n%s\nvs\n%s", a, b)
	}
}

// stack.go: newstack: a stack that would grow past maxstacksize is fatal,
// in Go's words. The default limit is 1e9 bytes as on 64-bit; the test uses
// a smaller one (the same code path) to keep the host's memory small.
func TestStackOverflowIsFatal(t *testing.T) {
	p, err := lang.Compile("deep.go", []byte(`package main

func f(n int) int { return f(n+1) + 1 }

func main() { println(f(0)) }
`))
	if err != nil {
		t.Fatal(err)
	}
	mc, err := runtime.New(p, runtime.Config{GOMAXPROCS: 1, MaxStackSize: 1 << 20})
	if err != nil {
		t.Fatal(err)
	}
	ex := mc.Run(nil)
	if ex.Code != 2 || !strings.HasPrefix(ex.Msg, "runtime: goroutine stack exceeds 1048576-byte limit\n") ||
		!strings.Contains(ex.Msg, "fatal error: stack overflow") || !strings.Contains(ex.Msg, "main.f(...)") {
		t.Errorf("exit = %d %q", ex.Code, ex.Msg)
	}
	if def, _ := runtime.New(p, runtime.Config{}); def.Config().MaxStackSize != 1_000_000_000 {
		t.Errorf("default maxstacksize = %d", def.Config().MaxStackSize)
	}
}
