package cli

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/exercises/rt"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
	"github.com/gmplab/gmplab/vm"
)

// `gmplab step --with exercises/NN-name` runs the debugger with the
// learner's functions in the engine. The learner's code is Go and must be
// compiled in, so gmplab builds a small program that imports the exercise
// package and this CLI, and runs it with the same arguments; in that
// program SetWith has installed the functions, and --with uses them.
//
// The program's main.go is given to go build through -overlay, so nothing
// is written into the checkout; the build cache makes the second build of
// the same code take about a second. Rejected: plugin (needs the exact
// same build of every dependency, and cgo), and interpreting the learner's
// code with gmplab's own front end (lang compiles only the scenario subset:
// no arrays of 256, no pointers to structs).

var (
	withDir   string
	withHooks *runtime.Hooks
)

// SetWith installs an exercise's functions for --with; only the program
// that step --with builds calls it.
func SetWith(dir string, hooks *runtime.Hooks) { withDir, withHooks = dir, hooks }

// withBreak is where the learner's functions break the run: the last
// good event and what broke after it.
type withBreak struct {
	at  int64
	msg string
}

// applyWith puts the functions of exercise dir into cfg, or, in gmplab
// itself, builds and runs the program that has them (ran is then true and
// err carries its exit code). brk is where the functions break the run,
// or nil: the debugger then opens at its last good event.
func applyWith(o *StepOptions, cfg *runtime.Config, prog *vm.Program) (ran bool, brk *withBreak, err error) {
	root, err := checker.FindRoot(".")
	if err != nil {
		return false, nil, &ExitError{Code: 1, Msg: "gmplab step --with: " + err.Error()}
	}
	d, err := checker.FindExercise(root, o.With)
	if err != nil {
		return false, nil, &ExitError{Code: 1, Msg: "gmplab step --with: " + err.Error()}
	}
	if d.Scenario {
		return false, nil, &ExitError{Code: 1, Msg: fmt.Sprintf("gmplab step --with: %s is a scenario exercise: open your program with gmplab step exercises/%s/scenario.go", d.Name, d.Name)}
	}
	if withHooks == nil {
		return true, nil, runWithProgram(o, root, d)
	}
	ref := *cfg
	cfg.Hooks, cfg.Check = withHooks, true
	brk, ns, good, err := preflight(*cfg, prog)
	if err != nil {
		return false, nil, err
	}
	if ns != "" {
		// Not started: the debugger opens on the engine's own functions
		// (the reference), and says so.
		*cfg = ref
		fmt.Fprint(o.Out, view.Fill(fmt.Sprintf("exercises/%s is not started: its %s still calls rt.TODO (met at event %d). The debugger opens with the engine's own functions, Go's rules, in place of yours: the reference run; once you write %s, gmplab step --with runs it (gmplab check %s says more).\n", d.Name, ns, good, ns, d.Name), layoutWidth(o.Out)))
		return false, nil, nil
	}
	fmt.Fprintf(o.Out, "with your functions from exercises/%s (%s) in place of the engine's\n", d.Name, strings.Join(d.Files, ", "))
	return false, brk, nil
}

// preflight runs the program once with the learner's functions, so that a
// function not started is said before the debugger opens (ns names it,
// met after event good), and a panic or a corrupt state is found: the
// debugger then opens at the last good event, with what breaks after it
// as its banner, which is where stepping through the learner's function
// helps most.
func preflight(cfg runtime.Config, prog *vm.Program) (brk *withBreak, ns string, good int64, err error) {
	m, err := runtime.New(prog, cfg)
	if err != nil {
		return nil, "", 0, &ExitError{Code: 1, Msg: "gmplab step: " + err.Error()}
	}
	defer func() {
		if r := recover(); r != nil {
			if n, ok := r.(rt.NotStarted); ok {
				ns = n.Func
				return
			}
			brk = &withBreak{at: good, msg: withPanicText(r)}
		}
	}()
	m.Run(func(ev *runtime.Event) { good = ev.Seq })
	return nil, "", good, nil
}

// withPanicText says what a panic in a run with the learner's functions
// means: the engine's verdict on the state they left, or their own panic.
func withPanicText(r any) string {
	s := fmt.Sprint(r)
	switch {
	case strings.HasPrefix(s, "hook: your "):
		return strings.TrimPrefix(s, "hook: ")
	case strings.HasPrefix(s, "checkInvariants:"), strings.HasPrefix(s, "hook:"), strings.HasPrefix(s, "runqgrab:"), strings.HasPrefix(s, "newstack:"):
		return "your function left the scheduler's state corrupt (the engine checks it after every event): " + s
	}
	return "your function panicked: " + s
}

// runWithProgram builds gmplab with exercise d's functions in and runs it
// with o's arguments.
func runWithProgram(o *StepOptions, root string, d checker.Dir) error {
	tmp, err := os.MkdirTemp("", "gmplab-with")
	if err != nil {
		return err
	}
	defer os.RemoveAll(tmp)
	main := fmt.Sprintf(`// Code generated by gmplab step --with. DO NOT EDIT.

package main

import (
	"os"

	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	ex %q
)

func main() {
	cli.SetWith(%q, ex.Exercise().Hooks())
	os.Exit(cli.Main())
}
`, checker.Module+"/exercises/"+d.Name, "exercises/"+d.Name)
	mainFile := filepath.Join(tmp, "main.go")
	if err := os.WriteFile(mainFile, []byte(main), 0o644); err != nil {
		return err
	}
	ov, _ := json.Marshal(map[string]map[string]string{"Replace": {filepath.Join(root, "internal", "withmain", "main.go"): mainFile}})
	ovFile := filepath.Join(tmp, "overlay.json")
	if err := os.WriteFile(ovFile, ov, 0o644); err != nil {
		return err
	}
	bin := filepath.Join(tmp, "gmplab")
	build := exec.Command("go", "build", "-overlay", ovFile, "-o", bin, checker.Module+"/internal/withmain")
	build.Dir = root
	if out, err := build.CombinedOutput(); err != nil {
		return &ExitError{Code: 1, Msg: fmt.Sprintf("gmplab step --with exercises/%s: your code does not compile:\n%s", d.Name, strings.TrimSpace(string(out)))}
	}
	cmd := exec.Command(bin, o.argv...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = o.In, o.Out, o.Err
	if err := cmd.Run(); err != nil {
		if ee, ok := err.(*exec.ExitError); ok {
			return &ExitError{Code: ee.ExitCode()}
		}
		return &ExitError{Code: 1, Msg: "gmplab step --with: " + err.Error()}
	}
	return nil
}
