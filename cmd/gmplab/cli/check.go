package cli

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/progress"
	"github.com/gmplab/gmplab/view"
)

// CheckOptions are the inputs of `gmplab check`.
type CheckOptions struct {
	Out      io.Writer
	Exercise string // "" for the next unfinished one
	Watch    bool
	Hint     bool // show the next hint now, not after more failed attempts
	// Dir is where to look for the gmplab checkout ("" for the working
	// directory); Progress opens the progress file (nil: progress.Open).
	Dir      string
	Progress func() (*progress.Store, error)
	// stop ends --watch (tests); nil waits for an interrupt.
	stop <-chan struct{}
}

func newCheckCmd(runF func(*CheckOptions) error) *cobra.Command {
	o := &CheckOptions{}
	cmd := &cobra.Command{
		Use:   "check [EXERCISE]",
		Short: "Check an exercise: where your scheduler first decides differently from Go's",
		Long: `Check runs the checker on one exercise of exercises/ (or the next one you
have not passed): your functions inside the engine, compared with Go 1.26's
rules event by event. It shows the first divergence with both boards and the
command that opens it in the debugger; hints from the exercise's HINTS.md
appear one at a time after repeated failures. After a pass it shows the
reference solution next to yours. Passes are recorded in the progress file
(gmplab progress).

With --watch it checks again every time a file of the exercise is saved.`,
		Example: `  gmplab check
  gmplab check 02-runqput
  gmplab check runqput --watch`,
		Args: cobra.MaximumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 1 {
				o.Exercise = args[0]
			}
			o.Out = cmd.OutOrStdout()
			if runF != nil {
				return runF(o)
			}
			return runCheck(o)
		},
	}
	cmd.Flags().BoolVar(&o.Watch, "watch", false, "check again on every save")
	cmd.Flags().BoolVar(&o.Hint, "hint", false, "show the next hint for the first rule that does not hold now")
	return cmd
}

func runCheck(o *CheckOptions) error {
	dir := o.Dir
	if dir == "" {
		dir = "."
	}
	root, err := checker.FindRoot(dir)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab check: " + err.Error()}
	}
	open := o.Progress
	if open == nil {
		open = progress.Open
	}
	store, err := open()
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab check: " + err.Error()}
	}
	if store.Warning != "" {
		fmt.Fprintln(o.Out, store.Warning)
	}
	var d checker.Dir
	if o.Exercise != "" {
		d, err = checker.FindExercise(root, o.Exercise)
	} else {
		d, err = nextExercise(root, store)
	}
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab check: " + err.Error()}
	}
	if !o.Watch {
		if checkOnce(o.Out, root, d, store, false, o.Hint) != checker.StatusPass {
			return &ExitError{Code: 1}
		}
		return nil
	}
	return watchExercise(o, root, d, store)
}

// nextExercise is the first exercise of the course not passed yet
// (checker.Course: the one gmplab next and gmplab progress name).
func nextExercise(root string, store *progress.Store) (checker.Dir, error) {
	name := checker.NextExercise(0, func(e string) bool { x := store.Exercise(e); return x != nil && x.Passed })
	if name == "" {
		return checker.Dir{}, errors.New("every exercise passes: name one to check it again")
	}
	return checker.FindExercise(root, name)
}

// goTestExercise runs the exercise's test with go test, which compiles
// the learner's code, and reads the checker's report.
func goTestExercise(root string, d checker.Dir, firstFailure bool) (*checker.Result, string) {
	tmp, err := os.MkdirTemp("", "gmplab-check")
	if err != nil {
		return &checker.Result{Exercise: d.Name, Status: checker.StatusError, Message: err.Error()}, ""
	}
	defer os.RemoveAll(tmp)
	cmd := exec.Command("go", "test", "-vet=off", "-count=1", "-run", "^TestExercise$", "./exercises/"+d.Name)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), checker.EnvReport+"="+tmp)
	if firstFailure {
		cmd.Env = append(cmd.Env, checker.EnvFirstFailure+"=1")
	}
	out, _ := cmd.CombinedOutput()
	b, err := os.ReadFile(filepath.Join(tmp, d.Name+".json"))
	if err != nil {
		return &checker.Result{Exercise: d.Name, Status: checker.StatusError, Message: "go test did not run the checker:\n" + strings.TrimSpace(string(out))}, string(out)
	}
	var r checker.Result
	if err := json.Unmarshal(b, &r); err != nil {
		return &checker.Result{Exercise: d.Name, Status: checker.StatusError, Message: err.Error()}, string(out)
	}
	return &r, string(out)
}

// checkOnce checks d, prints the feedback and records the attempt; hint
// shows the next hint at once.
func checkOnce(w io.Writer, root string, d checker.Dir, store *progress.Store, watching, hint bool) string {
	fmt.Fprintf(w, "checking exercises/%s …\n", d.Name)
	r, _ := goTestExercise(root, d, watching)
	switch r.Status {
	case checker.StatusNotStarted:
		io.WriteString(w, view.Fill(fmt.Sprintf("%s\nStart with exercises/%s/README.md.\n", r.Message, d.Name), layoutWidth(w)))
		if hint {
			showFirstHint(w, d)
		}
		return r.Status
	case checker.StatusError:
		fmt.Fprintf(w, "✗ %s does not build or crashed:\n%s\n", d.Name, indent(r.Message))
	case checker.StatusFail:
		if r.Stopped {
			fmt.Fprintf(w, "✗ %s: %d tests pass, then one fails (--watch stops there; gmplab check runs them all)\n\n", d.Name, r.TestsPassed())
		} else {
			fmt.Fprintf(w, "✗ %s: %d of %d rules hold (tests: %s)\n", d.Name, r.Score, r.Total, strings.Join(r.Scores(), ", "))
			for _, rule := range r.FailedRules() {
				fmt.Fprintf(w, "  does not hold: %s\n", rule)
			}
			fmt.Fprintln(w)
		}
		var failed []string
		for _, t := range r.Tests {
			if t.Status != checker.StatusPass {
				if len(failed) == 0 {
					fmt.Fprintf(w, "%s\n%s\n", t.Name, strings.TrimRight(t.Message, "\n"))
				}
				failed = append(failed, t.Name)
			}
		}
		if len(failed) > 1 {
			more := failed[1:]
			if len(more) > 6 {
				more = append(more[:6:6], fmt.Sprintf("and %d more", len(failed)-7))
			}
			fmt.Fprintf(w, "\nalso failing: %s\n", strings.Join(more, ", "))
		}
	case checker.StatusPass:
		fmt.Fprintf(w, "✓ %s: all %d rules hold (tests: %s)\n", d.Name, r.Total, strings.Join(r.Scores(), ", "))
	}
	prev := store.Exercise(d.Name)
	if err := store.RecordExercise(d.Name, r.Status == checker.StatusPass); err != nil {
		fmt.Fprintf(w, "gmplab check: recording progress: %v\n", err)
	}
	if r.Status == checker.StatusPass {
		if prev == nil || !prev.Passed {
			showSolution(w, d, r.Events)
		}
		return r.Status
	}
	failures := 1
	if prev != nil && !prev.Passed {
		failures += prev.Attempts
	}
	rule := ""
	if f := r.FailedRules(); len(f) > 0 {
		rule = f[0]
	}
	showHints(w, d, rule, failures, hint)
	return r.Status
}

// hintEvery is how many failed attempts unlock the next hint.
const hintEvery = 2

// hints are an exercise's hints (HINTS.md): general ones ("## Hint N"),
// and escalating ones per rule ("## Rule: NAME", then "1. …", "2. …").
type hints struct {
	general []string
	byRule  map[string][]string
}

func readHints(d checker.Dir) hints {
	h := hints{byRule: map[string][]string{}}
	b, err := os.ReadFile(filepath.Join(d.Path, "HINTS.md"))
	if err != nil {
		return h
	}
	for _, part := range strings.Split(string(b), "\n## ")[1:] {
		head, body, _ := strings.Cut(part, "\n")
		if rule, ok := strings.CutPrefix(head, "Rule: "); ok {
			var items []string
			for _, l := range strings.Split(body, "\n") {
				switch {
				case numbered.MatchString(l):
					items = append(items, numbered.ReplaceAllString(l, ""))
				case strings.TrimSpace(l) != "" && len(items) > 0:
					items[len(items)-1] += "\n" + strings.TrimSpace(l)
				}
			}
			h.byRule[strings.TrimSpace(rule)] = items
			continue
		}
		h.general = append(h.general, strings.TrimSpace(part))
	}
	return h
}

var numbered = regexp.MustCompile(`^\d+\.\s+`)

// showHints prints the hints unlocked after failures failed attempts (one
// more every hintEvery; with now, one more at once): those of rule, the
// first rule that does not hold, where HINTS.md has them, else the
// general ones.
func showHints(w io.Writer, d checker.Dir, rule string, failures int, now bool) {
	h := readHints(d)
	// The hints are prose: folded to the terminal's width (none into a
	// pipe).
	w = &foldWriter{w: w, width: layoutWidth(w)}
	level := failures / hintEvery
	if now {
		level++
	}
	if items := h.byRule[rule]; len(items) > 0 {
		n := min(level, len(items))
		for i := 0; i < n; i++ {
			fmt.Fprintf(w, "\nHint %d of %d for \"%s\":\n%s\n", i+1, len(items), rule, strings.TrimSpace(items[i]))
		}
		if n < len(items) {
			fmt.Fprintf(w, "\n(hint %d of %d for this rule comes after %d failed attempts, or now with gmplab check --hint)\n", n+1, len(items), (n+1)*hintEvery)
		}
		return
	}
	n := min(level, len(h.general))
	for i := 0; i < n; i++ {
		fmt.Fprintf(w, "\n%s\n", h.general[i])
	}
	if n < len(h.general) {
		fmt.Fprintf(w, "\n(%d failed attempt(s): hint %d of %d comes after %d, or now with gmplab check --hint)\n", failures, n+1, len(h.general), (n+1)*hintEvery)
	}
}

// showFirstHint prints an untouched exercise's first hint (gmplab check
// --hint before any attempt): the first general one of its HINTS.md,
// saying that the exercise is untouched, so no rule fails yet.
func showFirstHint(w io.Writer, d checker.Dir) {
	h := readHints(d)
	if len(h.general) == 0 {
		return
	}
	w = &foldWriter{w: w, width: layoutWidth(w)}
	fmt.Fprintf(w, "\nexercises/%s is untouched, so no rule fails yet: the first of its %d general hints (the next ones come after failed attempts, or one ahead of them with gmplab check --hint).\n\n%s\n", d.Name, len(h.general), h.general[0])
}

// showSolution prints the reference solution and how it differs from
// the learner's code, after a first pass.
func showSolution(w io.Writer, d checker.Dir, events int64) {
	sol := filepath.Join(d.Path, "solution")
	ents, err := os.ReadDir(sol)
	if err != nil || len(ents) == 0 || len(d.Files) == 0 {
		return
	}
	ref, err := os.ReadFile(filepath.Join(sol, ents[0].Name()))
	if err != nil {
		return
	}
	mine, err := os.ReadFile(filepath.Join(d.Path, d.Files[0]))
	if err != nil {
		return
	}
	fmt.Fprintf(w, "\nYour functions make the same decisions as Go's in every scenario: the traces\nagree on all %d events compared, so their diff is empty. The reference solution,\nas a diff from yours:\n\n", events)
	w.Write(diff.Diff(d.Files[0], mine, "solution/"+ents[0].Name(), asLearners(ref, mine, d.Pkg)))
}

var (
	funcName   = regexp.MustCompile(`(?m)^func (\w+)\(`)
	exportedID = regexp.MustCompile(`\b[A-Z]\w*\b`)
)

// asLearners is the reference solution as the learner's file would say
// it: the exercise's package clause, and the learner's names for the
// functions it exports (Runqget for runqget, GopreemptM for gopreempt_m),
// so that the diff shows only what is done differently.
func asLearners(ref, mine []byte, pkg string) []byte {
	names := map[string]string{} // runqget → runqget, gopreemptm → gopreempt_m
	for _, m := range funcName.FindAllSubmatch(mine, -1) {
		f := string(m[1])
		names[strings.ToLower(strings.ReplaceAll(f, "_", ""))] = f
	}
	out := strings.Replace(string(ref), "package solution", "package "+pkg, 1)
	out = strings.Replace(out, "// Package solution ", "// Package "+pkg+" ", 1)
	return []byte(exportedID.ReplaceAllStringFunc(out, func(id string) string {
		if f, ok := names[strings.ToLower(id)]; ok {
			return f
		}
		return id
	}))
}

func indent(s string) string {
	return "  " + strings.ReplaceAll(strings.TrimRight(s, "\n"), "\n", "\n  ")
}

// watchDebounce lets an editor finish writing (several events per save)
// before checking.
const watchDebounce = 50 * time.Millisecond

// watchExercise checks d now and on every save of a .go file in its folder.
func watchExercise(o *CheckOptions, root string, d checker.Dir, store *progress.Store) error {
	w, err := fsnotify.NewWatcher()
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab check --watch: " + err.Error()}
	}
	defer w.Close()
	if err := w.Add(d.Path); err != nil {
		return &ExitError{Code: 1, Msg: "gmplab check --watch: " + err.Error()}
	}
	stop := o.stop
	if stop == nil {
		stop = interrupted()
	}
	checkOnce(o.Out, root, d, store, true, o.Hint)
	fmt.Fprintf(o.Out, "\nwatching exercises/%s for saves (Ctrl-C ends)\n", d.Name)
	var timer <-chan time.Time
	for {
		select {
		case <-stop:
			return nil
		case ev, ok := <-w.Events:
			if !ok {
				return nil
			}
			if strings.HasSuffix(ev.Name, ".go") && ev.Op&(fsnotify.Write|fsnotify.Create|fsnotify.Rename) != 0 {
				timer = time.After(watchDebounce)
			}
		case err := <-w.Errors:
			fmt.Fprintf(o.Out, "gmplab check --watch: %v\n", err)
		case <-timer:
			timer = nil
			fmt.Fprintf(o.Out, "\n--- saved: checking again\n")
			checkOnce(o.Out, root, d, store, true, o.Hint)
		}
	}
}

// interrupted is closed on the first Ctrl-C.
func interrupted() <-chan struct{} {
	c := make(chan os.Signal, 1)
	signal.Notify(c, os.Interrupt)
	done := make(chan struct{})
	go func() { <-c; close(done) }()
	return done
}

// foldWriter folds each write to width (view.Fill; 0 leaves it alone):
// for prose written a paragraph at a time.
type foldWriter struct {
	w     io.Writer
	width int
}

func (f *foldWriter) Write(p []byte) (int, error) {
	if _, err := io.WriteString(f.w, view.Fill(string(p), f.width)); err != nil {
		return 0, err
	}
	return len(p), nil
}
