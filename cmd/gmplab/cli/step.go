package cli

import (
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/debugger/terminal"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/vm"
)

// StepOptions are the inputs of `gmplab step`, filled from its flags.
type StepOptions struct {
	In       io.Reader
	Out, Err io.Writer

	Target   string   // a lesson name or a .go file
	ProgArgs []string // after --: the program's os.Args[1:]
	procsFlags
	Seed   uint64
	Layers string
	Init   string // a script of commands to run first
	Limits
	With string   // an exercise whose functions replace the engine's (with.go)
	argv []string // the command line, for the program --with runs

	// Which flags were given: they override the lesson's front matter.
	seedSet, layersSet bool
	// Interactive reports whether In is a terminal (line editing and
	// history); tests leave it nil.
	Interactive func() bool
	// root, when set, is the directory relative paths are read from (the
	// repository's root, for a lesson's cells); names stay as given.
	root  string
	width int // a terminal's width to lay out for (0: the output's: layoutWidth)
}

// newStepCmd builds `gmplab step`. runF, if not nil, replaces the session
// (tests of flag handling call it with the options).
func newStepCmd(runF func(*StepOptions) error) *cobra.Command {
	o := &StepOptions{}
	cmd := &cobra.Command{
		Use:   "step LESSON|FILE.go",
		Short: "Step through a program's scheduling decisions, forwards and backwards",
		Long: `Step opens a lesson's scenario, or any Go file in the supported subset, in a
debugger for scheduling decisions. It speaks Delve's words (step, next,
stepout, continue, break, print, goroutines, stack, list) and, because the
simulation is deterministic, goes backwards exactly (rev step, rev next,
rev continue, goto N).

LESSON is lesson-04, 4, 04, 04-sysmon or sysmon; the lesson's front matter
gives GOMAXPROCS, the seed and the layers (up to its own), which the flags
override. gmplab lessons lists them. docs/debugger.md lists every command;
help does too.

Commands are read from the terminal, with history and line editing, or from
standard input when it is not a terminal: gmplab step lesson-04 < script.txt.`,
		Example: `  gmplab step lesson-04
  gmplab step 4 --seed 7
  gmplab step lessons/04-sysmon/handoff.go
  gmplab step my.go --gomaxprocs 4
  gmplab step flags.go -- -n 5 rest
  gmplab step lesson-04 --init script.txt`,
		Args: func(cmd *cobra.Command, args []string) error {
			if dash := cmd.ArgsLenAtDash(); dash >= 0 {
				args = args[:dash] // after --: the program's os.Args[1:]
			}
			return oneTarget(cmd, args)
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Target = args[0]
			if dash := cmd.ArgsLenAtDash(); dash >= 0 {
				o.ProgArgs = args[dash:]
			}
			o.argv = []string{"step", o.Target}
			cmd.Flags().Visit(func(f *pflag.Flag) { o.argv = append(o.argv, "--"+f.Name+"="+f.Value.String()) })
			if o.ProgArgs != nil {
				o.argv = append(append(o.argv, "--"), o.ProgArgs...)
			}
			o.In = cmd.InOrStdin()
			o.Out = cmd.OutOrStdout()
			o.Err = cmd.ErrOrStderr()
			o.procsFlags.set = cmd.Flags().Changed("gomaxprocs")
			o.seedSet = cmd.Flags().Changed("seed")
			o.layersSet = cmd.Flags().Changed("layers")
			if o.Interactive == nil {
				o.Interactive = func() bool { return isTerminal(o.In) }
			}
			if err := o.procsFlags.validate(); err != nil {
				return err
			}
			if o.layersSet {
				if _, err := runtime.ParseLayers(o.Layers); err != nil {
					return fmt.Errorf("--layers %q: %v", o.Layers, err)
				}
			}
			if err := o.Limits.validate(); err != nil {
				return err
			}
			if runF != nil {
				return runF(o)
			}
			return runStep(o)
		},
	}
	f := cmd.Flags()
	f.SortFlags = false
	o.procsFlags.register(f, "the lesson's, else ")
	f.Uint64Var(&o.Seed, "seed", 0, "seed of the random choices (default: the lesson's, else 1)")
	f.StringVar(&o.Layers, "layers", "",
		"layers of the runtime to switch on (default: the lesson's and those before it, else all): "+strings.Join(runtime.LayerNames(), ", "))
	f.StringVar(&o.Init, "init", "", "run the debugger commands in this `file` first")
	addLimitFlags(f, &o.Limits)
	f.StringVar(&o.With, "with", "", "run with your functions of exercise `DIR` (exercises/02-runqput) in place of the engine's")
	return cmd
}

// stepTarget is a resolved target: the program and its configuration.
type stepTarget struct {
	prog   *vm.Program
	cfg    runtime.Config
	name   string          // what runs, as the user will recognise it
	lesson *lessons.Lesson // nil outside the lessons
	byName bool            // opened by the lesson's name (lesson-04), not a file
	// gomaxprocsFrom says where GOMAXPROCS came from (procsFlags.resolve).
	gomaxprocsFrom string
}

// loadStepTarget resolves o.Target, compiles it and works out the
// configuration: the lesson's front matter, then the flags.
func loadStepTarget(o *StepOptions) (*stepTarget, error) {
	exists := func(p string) bool { _, err := os.Stat(inRoot(o.root, p)); return err == nil }
	t, err := lessons.Resolve(o.Target, exists)
	if err != nil {
		return nil, lessonError("gmplab step", err)
	}
	st := &stepTarget{name: t.Display(), lesson: t.Lesson, byName: !strings.HasSuffix(o.Target, ".go")}
	if t.File != "" {
		disk := inRoot(o.root, t.File)
		if fi, err := os.Stat(disk); err == nil && fi.IsDir() {
			return nil, &ExitError{Code: 1, Msg: "gmplab step: " + t.File + " is a directory: give one .go file"}
		}
		var src []byte
		if src, err = os.ReadFile(disk); err == nil {
			st.prog, err = compileResult(compileSource(t.File, src))
		}
	} else {
		st.prog, err = compileResult(compileEmbedded(t))
	}
	if err != nil {
		var ee *ExitError
		if errors.As(err, &ee) {
			return nil, err
		}
		return nil, &ExitError{Code: 1, Msg: err.Error()}
	}
	cfg := runtime.Config{NCPU: o.NCPU, Seed: 1, Layers: runtime.AllLayers, AsyncPreemptOff: asyncPreemptOff()}
	o.Limits.apply(&cfg)
	gcEnv(&cfg)
	lessonProcs := 0
	if l := t.Lesson; l != nil {
		lessonProcs, cfg.Seed, cfg.Layers = l.GOMAXPROCS, l.Seed, l.Layers()
	}
	if cfg.GOMAXPROCS, st.gomaxprocsFrom, err = o.procsFlags.resolve(lessonProcs); err != nil {
		return nil, &ExitError{Code: 2, Msg: "gmplab step: " + err.Error()}
	}
	if o.seedSet {
		cfg.Seed = o.Seed
	}
	if o.layersSet {
		if cfg.Layers, err = runtime.ParseLayers(o.Layers); err != nil {
			return nil, err
		}
	}
	st.cfg = cfg
	return st, nil
}

// compileEmbedded compiles a lesson's scenario from the copy built into
// gmplab, naming it by its path in the repository.
func compileEmbedded(t lessons.Target) (*vm.Program, error) {
	src, err := t.Lesson.Source(t.Scenario)
	if err != nil {
		return nil, err
	}
	return compileSource(t.Lesson.Path(t.Scenario), src)
}

// runStep opens the debugger.
func runStep(o *StepOptions) error {
	tg, err := loadStepTarget(o)
	if err != nil {
		return err
	}
	var brk *withBreak
	if o.With != "" {
		ran, b, err := applyWith(o, &tg.cfg, tg.prog)
		if ran || err != nil {
			return err
		}
		brk = b
	}
	s, err := debugger.New(debugger.Options{Program: tg.prog, Config: tg.cfg, Name: tg.name, Args: o.ProgArgs})
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab step: " + err.Error()}
	}
	width := o.width
	if width == 0 {
		width = layoutWidth(o.Out) // 0: a pipe's fixed form
	}
	term := terminal.New(s, o.Out, width)
	defer term.Close()
	if o.With != "" {
		term.PanicText = func(r any) string { return withPanicText(r) + " (your function, not gmplab)" }
	}
	if brk != nil {
		if _, err := s.Goto(brk.at); err != nil {
			return &ExitError{Code: 1, Msg: "gmplab step: " + err.Error()}
		}
		term.Print(fmt.Sprintf("gmplab step %s\nYour functions break this run after event %d:\n  %s\nStopped at event %d, the last good event: the next step runs the engine step that breaks; print and board show the state before it.\n",
			tg.name, brk.at, brk.msg, brk.at))
		return runREPL(term, "gmplab step", o.Init, o.Interactive(), o.In)
	}
	term.Print(stepBanner(tg, s.Config()))
	term.Print(stepGuide(tg, width)) // guide.go: the lesson's guide cell
	return runREPL(term, "gmplab step", o.Init, o.Interactive(), o.In)
}

// runREPL runs the debugger's REPL on term, for gmplab step and gmplab
// real: the --init script first (an exit in it ends the session), then the
// terminal with line editing, or plain lines from in when it is not one.
// name begins its error messages.
func runREPL(term *terminal.Term, name, init string, interactive bool, in io.Reader) error {
	if init != "" {
		if err := term.Source(init); err != nil {
			return &ExitError{Code: 1, Msg: name + ": --init: " + err.Error()}
		}
		if term.Quit() {
			return nil
		}
	}
	var err error
	if interactive {
		err = term.RunTerminal()
	} else {
		err = term.RunPlain(in)
	}
	if err != nil {
		return &ExitError{Code: 1, Msg: name + ": " + err.Error()}
	}
	return nil
}

// stepBanner says what runs and how to begin, in lines that fit 80
// columns (the debugger prints it unwrapped).
func stepBanner(tg *stepTarget, cfg runtime.Config) string {
	what := tg.name
	if tg.lesson != nil {
		what += " (" + tg.lesson.Name() + ": " + tg.lesson.Title + ")"
	}
	return fmt.Sprintf("gmplab step %s\n%s seed=%d layers=%s%s\nStopped at event 0, before main runs.\nstep takes one event; help lists the commands.\n",
		what, procsHeader(cfg.GOMAXPROCS, tg.gomaxprocsFrom, cfg.NCPU), cfg.Seed, cfg.Layers, godebugHeader(cfg.AsyncPreemptOff))
}

// isTerminal reports whether r is a character device (a terminal).
func isTerminal(r io.Reader) bool {
	f, ok := r.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}
