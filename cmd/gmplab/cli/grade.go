package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/checker/grade"
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

Each exercise of each submission runs in its own process with a time and
a memory limit. A submission that hangs, panics, does not compile (the
wrong package clause included), fails to initialise, or imports anything
beyond the exercise types and pure computation (os, to read a file or end
the program; syscall; unsafe; ...) gets 0 for that exercise, with the
reason, and the others go on. A folder that does not exist gets 0 with the
reason, the others are graded, and the exit status is 1.

It prints a table and writes the gradebook as CSV (one row per exercise and
per test) and JSON (per exercise, shaped like exercism's results.json). It
does not overwrite an existing gradebook file unless given --force.`,
		Example: `  gmplab grade submissions/*
  gmplab grade submissions/* --exercises 02-runqput,03-runqgrab --csv grades.csv --json grades.json`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
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
	return cmd
}

func runGrade(o *GradeOptions) error {
	dir := o.Dir
	if dir == "" {
		dir = "."
	}
	root, err := checker.FindRoot(dir)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	// Refuse before grading, not after: a gradebook may hold an earlier
	// run's grades, or the instructor's own edits.
	if !o.Force {
		for _, p := range []string{o.CSV, o.JSON} {
			if _, err := os.Stat(p); p != "" && err == nil {
				return &ExitError{Code: 1, Msg: "gmplab grade: " + p + " exists (an earlier gradebook?): give --force to overwrite it, or --csv/--json to write elsewhere"}
			}
		}
	}
	// A folder that does not exist is a 0 in the gradebook, with the
	// reason, and the others are graded; the exit status says so.
	var missing []string
	for _, s := range o.Submissions {
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
	gb, err := grade.Grade(context.Background(), grade.Options{Root: root, Submissions: o.Submissions, Exercises: o.Exercises,
		Timeout: o.Timeout, MemoryMB: o.MemoryMB, Jobs: o.Jobs, Log: log})
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab grade: " + err.Error()}
	}
	gb.WriteTable(o.Out)
	for _, w := range []struct {
		path  string
		write func(io.Writer) error
	}{{o.CSV, gb.WriteCSV}, {o.JSON, gb.WriteJSON}} {
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
		fmt.Fprintf(log, "graded %d submission(s), %d exercise(s) each, in %v; gradebook: %s\n", len(o.Submissions)-len(missing), len(gb.Exercises),
			time.Since(start).Round(time.Second), strings.Trim(o.CSV+", "+o.JSON, ", "))
	}
	if len(missing) > 0 {
		return &ExitError{Code: 1, Msg: "gmplab grade: not a folder (0 in the gradebook): " + strings.Join(missing, ", ")}
	}
	return nil
}
