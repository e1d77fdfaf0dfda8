package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/checker/grade"
	"github.com/gmplab/gmplab/view"
)

// GradeOptions are the inputs of `gmplab grade`.
type GradeOptions struct {
	Out, Err    io.Writer
	Submissions []string
	Exercises   []string
	CSV, JSON   string // where to write the gradebook
	Timeout     time.Duration
	MemoryMB    int
	Jobs        int
	Quiet       bool
	Force       bool   // overwrite an existing gradebook
	Dir         string // the gmplab checkout ("" for the working directory)
	Canvas      string // write a Canvas gradebook import here
	Moodle      string // write a Moodle grade import here
	Seed        uint64 // the generated scenarios' first seed (0: 1)
	Hidden      string // an instructor's folder of hidden scenarios
	// PerProcessRefs: every process runs its reference runs itself
	// (grade.Options.PerProcessRefs).
	PerProcessRefs bool
	FromJSON       bool   // the arguments are go test -json outputs
	Key            string // the result lines' key (--from-json)
	// ClassroomResult: with --from-json, print one exercise's result for
	// GitHub Classroom's reporter, worth this many points.
	ClassroomResult int
	Classroom       string // write the Classroom workflow to this file
	GraderRepo      string // the workflow's protected copy: owner/name
	GraderRef       string // and its commit or tag
	Into            string // copy one submission's learner files into this checkout
}

func newGradeCmd(runF func(*GradeOptions) error) *cobra.Command {
	o := &GradeOptions{}
	cmd := &cobra.Command{
		Use:   "grade DIR...",
		Short: "Grade many submissions of the exercises: a table and a CSV and JSON gradebook",
		Long: `Grade grades submissions of the exercises with this checkout's checker. A
submission is a folder: a clone of the repository (its exercises/NN-name/
files are graded), or the exercise files alone (runqput.go, ...; scenario
exercises in NN-name/scenario.go). Only the files a learner edits are taken
from it, and the learner's other .go files in a folder of the exercise's
own (exercises/NN-name/ or NN-name/).

Each submission is built into a program of its own, and each of its
exercises runs in its own process, confined before any of the learner's code
runs: a time and a memory limit, and, where the kernel has them, Landlock
(no file outside a scratch folder, no network) and seccomp (no fork, exec or
socket). A submission that hangs, panics, does not compile (the wrong package
clause included), runs code at initialisation, imports anything beyond the
exercise types and pure computation (os, syscall, unsafe, ...), or holds a
symbolic link out of its folder gets 0 for that exercise, with the reason,
and the others go on. A folder that does not exist gets 0 with the reason,
the others are graded, and the exit status is 1.

An exercise scores the share of its rules that hold. It prints a table and
writes the gradebook as CSV (whole messages, the rules that do not hold, a
total per submission) and JSON (per exercise, shaped like exercism's
results.json, with its rules); --canvas and --moodle write those systems'
grade imports. --from-json builds the gradebook from go test -json outputs
instead, --into copies one submission's files into a checkout for go test,
and --classroom writes a GitHub Classroom autograding workflow
(docs/exercises.md says what each protects against). It
does not overwrite an existing gradebook file unless given --force.`,
		Example: `  gmplab grade submissions/*
  gmplab grade submissions/* --exercises 02-runqput,03-runqgrab --csv grades.csv --json grades.json
  gmplab grade submissions/* --seed 20261127 --hidden ~/hidden --canvas c.csv --moodle m.csv
  gmplab grade --from-json results/*.json --csv grades.csv   # go test -json outputs
  gmplab grade --into . ../alice                             # alice's files into this checkout
  gmplab grade --classroom classroom.yml --grader-repo course/gmplab --grader-ref v1`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 && o.Classroom == "" {
				return errors.New("missing DIR: give the submissions' folders")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Submissions = args
			o.Out, o.Err = cmd.OutOrStdout(), cmd.ErrOrStderr()
			if o.Timeout < time.Second {
				return fmt.Errorf("--timeout %v: want at least 1s (whole seconds of CPU time)", o.Timeout)
			}
			if o.MemoryMB < 64 {
				return fmt.Errorf("--memory %d: want at least 64 (MB)", o.MemoryMB)
			}
			if runF != nil {
				return runF(o)
			}
			return runGrade(o)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&o.Exercises, "exercises", nil, "grade only these exercises (comma-separated names)")
	f.StringVar(&o.CSV, "csv", "gradebook.csv", "write the gradebook as CSV to this `file`")
	f.StringVar(&o.JSON, "json", "gradebook.json", "write the gradebook as JSON to this `file`")
	f.DurationVar(&o.Timeout, "timeout", time.Minute, "CPU time limit of one exercise of one submission (whole seconds; 30 times it in wall-clock time ends a blocked one)")
	f.IntVar(&o.MemoryMB, "memory", 1024, "memory limit of one exercise of one submission, in MB")
	f.IntVar(&o.Jobs, "jobs", runtime.NumCPU(), "exercises graded at once")
	f.BoolVar(&o.Quiet, "quiet", false, "no progress lines on stderr")
	f.BoolVar(&o.Force, "force", false, "overwrite the gradebook's files if they exist")
	f.StringVar(&o.Canvas, "canvas", "", "also write a Canvas gradebook import to this `file`")
	f.StringVar(&o.Moodle, "moodle", "", "also write a Moodle grade import to this `file`")
	f.Uint64Var(&o.Seed, "seed", 0, "the generated scenarios' first seed (default 1; vary it per run)")
	f.StringVar(&o.Hidden, "hidden", "", "run this `folder`'s scenarios (*.go, NN-name/*.go) as a battery")
	f.BoolVar(&o.PerProcessRefs, "per-process-refs", false, "every grading process runs the scenarios' reference runs itself, instead of reading them recorded once for the class (slower; the same grades)")
	f.BoolVar(&o.FromJSON, "from-json", false, "the arguments are go test -json outputs, one per student")
	f.StringVar(&o.Key, "key", "", "with --from-json: the result lines' key (GMPLAB_RESULT_KEY)")
	f.IntVar(&o.ClassroomResult, "classroom-result", 0, "with --from-json: one exercise's Classroom result, of these `points`")
	f.StringVar(&o.Classroom, "classroom", "", "write a GitHub Classroom autograding workflow to this `file`")
	f.StringVar(&o.GraderRepo, "grader-repo", "", "with --classroom: the course's gmplab repository (owner/name)")
	f.StringVar(&o.GraderRef, "grader-ref", "main", "with --classroom: its commit, tag or branch")
	f.StringVar(&o.Into, "into", "", "copy one submission's exercise files into this `checkout`")
	return cmd
}

func runGrade(o *GradeOptions) error {
	dir := o.Dir
	if dir == "" {
		dir = "."
	}
	if o.FromJSON && o.ClassroomResult > 0 {
		return classroomResult(o)
	}
	root, err := checker.FindRoot(dir)
	if err != nil && !o.FromJSON {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	switch {
	case o.Classroom != "":
		return writeClassroom(o, root)
	case o.Into != "":
		return gradeInto(o)
	}
	// Refuse before grading, not after: a gradebook may hold an earlier
	// run's grades, or the instructor's own edits.
	if !o.Force {
		for _, p := range []string{o.CSV, o.JSON, o.Canvas, o.Moodle} {
			if _, err := os.Stat(p); p != "" && err == nil {
				return &ExitError{Code: 1, Msg: "gmplab grade: " + p + " exists (an earlier gradebook?): give --force to overwrite it, or --csv/--json to write elsewhere"}
			}
		}
	}
	// A folder that does not exist is a 0 in the gradebook, with the
	// reason, and the others are graded; the exit status says so.
	var missing []string
	for _, s := range o.Submissions {
		if o.FromJSON {
			break
		}
		if why := grade.NotFolder(s); why != "" {
			missing = append(missing, s)
			fmt.Fprintf(o.Err, "gmplab grade: %s: it gets 0 in the gradebook; the others are graded\n", why)
		}
	}
	var log io.Writer
	if !o.Quiet {
		log = o.Err
	}
	start := time.Now()
	var gb *grade.Gradebook
	if o.FromJSON {
		gb, err = grade.FromTestJSON(o.Submissions, o.Key)
	} else {
		gb, err = grade.Grade(context.Background(), grade.Options{Root: root, Submissions: o.Submissions, Exercises: o.Exercises,
			Timeout: o.Timeout, MemoryMB: o.MemoryMB, Jobs: o.Jobs, Log: log, Seed: o.Seed, Hidden: o.Hidden, PerProcessRefs: o.PerProcessRefs})
	}
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	width := layoutWidth(o.Out) // 0 into a pipe: the fixed form
	if width == 0 {
		width = grade.TableWidth
	}
	gb.WriteTableWidth(o.Out, width)
	for _, w := range []struct {
		path  string
		write func(io.Writer) error
	}{{o.CSV, gb.WriteCSV}, {o.JSON, gb.WriteJSON}, {o.Canvas, gb.WriteCanvas}, {o.Moodle, gb.WriteMoodle}} {
		if w.path == "" {
			continue
		}
		f, err := os.Create(w.path)
		if err == nil {
			err = w.write(f)
			if cerr := f.Close(); err == nil {
				err = cerr
			}
		}
		if err != nil {
			return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
		}
	}
	if log != nil {
		io.WriteString(log, view.Fill(fmt.Sprintf("graded %d submission(s), %d exercise(s) each, in %v; gradebook: %s\n", len(o.Submissions)-len(missing), len(gb.Exercises),
			time.Since(start).Round(time.Second), strings.Trim(o.CSV+", "+o.JSON, ", ")), layoutWidth(log)))
	}
	if len(missing) > 0 {
		return &ExitError{Code: 1, Msg: "gmplab grade: not a folder (0 in the gradebook): " + strings.Join(missing, ", ")}
	}
	return nil
}

// classroomResult prints the one exercise of one go test -json output as
// GitHub Classroom's reporter reads a runner's result.
func classroomResult(o *GradeOptions) error {
	if len(o.Submissions) != 1 {
		return &ExitError{Code: 2, Msg: "gmplab grade: --classroom-result takes one go test -json file"}
	}
	gb, err := grade.FromTestJSON(o.Submissions, o.Key)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	if len(gb.Exercises) != 1 {
		return &ExitError{Code: 1, Msg: fmt.Sprintf("gmplab grade: --classroom-result: %s has %d exercises' results, want one", o.Submissions[0], len(gb.Exercises))}
	}
	if err := grade.ClassroomResult(o.Out, gb.Submissions[0].Results[0], float64(o.ClassroomResult)); err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	return nil
}

// writeClassroom writes the GitHub Classroom workflow for every exercise
// (or --exercises).
func writeClassroom(o *GradeOptions, root string) error {
	if o.GraderRepo == "" {
		return &ExitError{Code: 2, Msg: "gmplab grade: --classroom needs --grader-repo: the course's copy of gmplab (owner/name) the workflow grades with, so that students cannot change the tests"}
	}
	exs, err := checker.ListExercises(root)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	var names []string
	for _, d := range exs {
		if len(o.Exercises) == 0 || slices.Contains(o.Exercises, d.Name) {
			names = append(names, d.Name)
		}
	}
	if _, err := os.Stat(o.Classroom); err == nil && !o.Force {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + o.Classroom + " exists: give --force to overwrite it"}
	}
	if err := os.MkdirAll(filepath.Dir(o.Classroom), 0o755); err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	if err := os.WriteFile(o.Classroom, []byte(grade.ClassroomWorkflow(names, o.GraderRepo, o.GraderRef, 10)), 0o644); err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	fmt.Fprintf(o.Out, "wrote %s: %d exercises, 10 points each; commit it to the assignment's template repository (docs/exercises.md, \"GitHub Classroom\")\n", o.Classroom, len(names))
	return nil
}

// gradeInto copies one submission's exercise files into a checkout.
func gradeInto(o *GradeOptions) error {
	if len(o.Submissions) != 1 {
		return &ExitError{Code: 2, Msg: "gmplab grade: --into takes one submission"}
	}
	root, err := checker.FindRoot(o.Into)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: --into: " + err.Error()}
	}
	wrote, err := grade.Into(root, o.Submissions[0])
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	for _, f := range wrote {
		fmt.Fprintln(o.Out, f)
	}
	return nil
}
