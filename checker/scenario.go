package checker

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/gmplab/gmplab/lang"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// Scenario exercises ask for a program, not a function: "make P1 steal
// exactly three goroutines". The checker runs the learner's program on the
// engine with its own rules and checks the events.

// notStartedLine marks an untouched scenario stub.
const notStartedLine = "// NOT STARTED"

// scenarioExercise builds an exercise whose one test runs file (relative
// to the exercise's folder) at cfg and applies check to its events.
func scenarioExercise(name, file string, rc runCfg, goal string, check func(evs []runtime.Event) (bool, []runtime.Event)) *Exercise {
	path := "exercises/" + name + "/" + file
	switch {
	case strings.HasPrefix(file, "../"): // run from another folder (the checker's tests)
		path = strings.TrimPrefix(file, "../")
	case filepath.Base(file) != file: // a submission's file, named as gmplab grade was given it
		path = file
	}
	ex := &Exercise{Name: name, Funcs: []string{file}}
	ex.notStarted = func() bool {
		b, err := os.ReadFile(file)
		return err == nil && strings.Contains(string(b), notStartedLine)
	}
	run := func() string {
		src, err := os.ReadFile(file)
		if err != nil {
			return "cannot read your scenario: " + err.Error()
		}
		prog, err := lang.Compile(path, src)
		if err != nil {
			return "your scenario does not compile: " + err.Error()
		}
		m, err := runtime.New(prog, runtime.Config{GOMAXPROCS: rc.gomaxprocs, Seed: rc.seed, Layers: rc.layers, MaxSteps: maxSteps, Why: true})
		if err != nil {
			return err.Error()
		}
		var evs []runtime.Event
		exit := m.Run(func(ev *runtime.Event) { evs = append(evs, *ev) })
		ok, shown := check(evs)
		var b strings.Builder
		if exit.Code != 0 {
			if msg := firstLine(exit.Msg); msg != "" {
				fmt.Fprintf(&b, "your scenario did not end normally (%s): %s\n", exit.Reason, msg)
			} else {
				fmt.Fprintf(&b, "your scenario did not end normally (%s, exit status %d)\n", exit.Reason, exit.Code)
			}
		} else if ok {
			return ""
		}
		fmt.Fprintf(&b, "want: %s (GOMAXPROCS=%d seed=%d)\n", goal, rc.gomaxprocs, rc.seed)
		if len(shown) == 0 {
			b.WriteString("got: no such event\n")
		} else {
			b.WriteString("got:\n")
			for _, ev := range shown {
				b.WriteString("  " + strings.TrimRight(view.FormatEvent(ev), "\n") + "\n")
			}
		}
		fmt.Fprintf(&b, "see it in the debugger:\n  gmplab step %s --gomaxprocs %d --seed %d\n", path, rc.gomaxprocs, rc.seed)
		return b.String()
	}
	ex.batteries = []battery{{name: "scenario", tests: []test{{name: "goal", run: run}}}}
	return ex
}

// ScenarioExercises are the scenario exercises' constructors, by name.
var ScenarioExercises = map[string]func(file string) *Exercise{
	"03-scenario-steal":   ScenarioSteal,
	"04-scenario-handoff": ScenarioHandoff,
}

// ScenarioSteal is exercise 03-scenario-steal: a program in which P1
// steals exactly three goroutines in all.
func ScenarioSteal(file string) *Exercise {
	rc := runCfg{gomaxprocs: 2, seed: 1, layers: runtime.AllLayers}
	return scenarioExercise("03-scenario-steal", file, rc, "P1 steals exactly 3 goroutines in all (runqsteal events on P1)", func(evs []runtime.Event) (bool, []runtime.Event) {
		var shown []runtime.Event
		n := int64(0)
		for _, ev := range evs {
			if ev.Kind == runtime.EvRunqsteal {
				shown = append(shown, ev)
				if ev.P == 1 {
					n += ev.MustArg("stolen")
				}
			}
		}
		return n == 3, shown
	})
}

// ScenarioHandoff is exercise 04-scenario-handoff: a program in which
// sysmon takes a P from a system call and hands it off exactly twice.
func ScenarioHandoff(file string) *Exercise {
	rc := runCfg{gomaxprocs: 2, seed: 1, layers: runtime.AllLayers}
	return scenarioExercise("04-scenario-handoff", file, rc, "sysmon retakes a P from a syscall and hands it off exactly twice (two retake events)", func(evs []runtime.Event) (bool, []runtime.Event) {
		var shown []runtime.Event
		for _, ev := range evs {
			if ev.Kind == runtime.EvRetake || ev.Kind == runtime.EvHandoffp {
				shown = append(shown, ev)
			}
		}
		n := 0
		for _, ev := range shown {
			if ev.Kind == runtime.EvRetake {
				n++
			}
		}
		return n == 2, shown
	})
}
