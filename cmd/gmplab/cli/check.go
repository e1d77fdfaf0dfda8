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
	"strings"
	"time"

	"github.com/fsnotify/fsnotify"
	"github.com/rogpeppe/go-internal/diff"
	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/progress"
)

// CheckOptions are the inputs of `gmplab check`.
type CheckOptions struct {
	Out      io.Writer
	Exercise string // "" for the next unfinished one
	Watch    bool
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
		if checkOnce(o.Out, root, d, store, false) != checker.StatusPass {
			return &ExitError{Code: 1}
		}
		return nil
	}
	return watchExercise(o, root, d, store)
}

// nextExercise is the first exercise not passed yet.
func nextExercise(root string, store *progress.Store) (checker.Dir, error) {
	all, err := checker.ListExercises(root)
	if err != nil {
		return checker.Dir{}, err
	}
	for _, d := range all {
		if e := store.Exercise(d.Name); e == nil || !e.Passed {
			return d, nil
		}
	}
	return checker.Dir{}, errors.New("every exercise passes: name one to check it again")
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

// checkOnce checks d, prints the feedback and records the attempt.
func checkOnce(w io.Writer, root string, d checker.Dir, store *progress.Store, watching bool) string {
	fmt.Fprintf(w, "checking exercises/%s …\n", d.Name)
	r, _ := goTestExercise(root, d, watching)
	switch r.Status {
	case checker.StatusNotStarted:
		fmt.Fprintf(w, "%s\nStart with exercises/%s/README.md.\n", r.Message, d.Name)
		return r.Status
	case checker.StatusError:
		fmt.Fprintf(w, "✗ %s does not build or crashed:\n%s\n", d.Name, indent(r.Message))
	case checker.StatusFail:
		if r.Stopped {
			fmt.Fprintf(w, "✗ %s: %d tests pass, then one fails (--watch stops there; gmplab check runs them all)\n\n", d.Name, r.Score)
		} else {
			fmt.Fprintf(w, "✗ %s: %d/%d tests pass (%s)\n\n", d.Name, r.Score, r.Total, strings.Join(r.Scores(), ", "))
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
		fmt.Fprintf(w, "✓ %s: all %d tests pass (%s)\n", d.Name, r.Total, strings.Join(r.Scores(), ", "))
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
	showHints(w, d, failures)
	return r.Status
}

// hintEvery is how many failed attempts unlock the next hint.
const hintEvery = 2

// showHints prints the hints unlocked after failures failed attempts.
func showHints(w io.Writer, d checker.Dir, failures int) {
	b, err := os.ReadFile(filepath.Join(d.Path, "HINTS.md"))
	if err != nil {
		return
	}
	parts := strings.Split(string(b), "\n## ")[1:]
	n := min(failures/hintEvery, len(parts))
	for i := 0; i < n; i++ {
		fmt.Fprintf(w, "\n%s\n", strings.TrimSpace(parts[i]))
	}
	if n < len(parts) {
		fmt.Fprintf(w, "\n(%d failed attempt(s): hint %d of %d comes after %d)\n", failures, n+1, len(parts), (n+1)*hintEvery)
	}
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
	w.Write(diff.Diff(d.Files[0], mine, "solution/"+ents[0].Name(), ref))
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
	checkOnce(o.Out, root, d, store, true)
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
			checkOnce(o.Out, root, d, store, true)
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
