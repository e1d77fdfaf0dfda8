package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"unicode/utf8"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/progress"
	"github.com/gmplab/gmplab/view"
)

// ProgressOptions are the inputs of `gmplab progress`.
type ProgressOptions struct {
	In       io.Reader
	Out, Err io.Writer
	Reset    bool
	Yes      bool
	// Interactive reports whether In is a terminal (the reset question
	// needs one, or --yes); tests set it.
	Interactive func() bool
}

// newProgressCmd builds `gmplab progress`.
func newProgressCmd(runF func(*ProgressOptions) error) *cobra.Command {
	o := &ProgressOptions{}
	cmd := &cobra.Command{
		Use:   "progress",
		Short: "Show what you have read, scored and passed in the course",
		Long: `Progress shows, for each lesson, whether you read it to its end (gmplab
lesson), your last and best quiz scores (gmplab quiz) and whether you passed
its exercise, then where to go next (gmplab next opens it).

It is kept in one small file, progress.json in gmplab's folder of your
config directory ($GMPLAB_CONFIG_DIR instead, when set). --reset forgets it
all, after asking.`,
		Example: `  gmplab progress
  gmplab progress --reset`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return errors.New("progress takes no arguments")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.In, o.Out, o.Err = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if o.Yes && !o.Reset {
				return errors.New("--yes goes with --reset")
			}
			if o.Interactive == nil {
				o.Interactive = func() bool { return isTerminalW(o.In) }
			}
			if runF != nil {
				return runF(o)
			}
			return runProgress(o)
		},
	}
	cmd.Flags().BoolVar(&o.Reset, "reset", false, "forget all progress (asks first)")
	cmd.Flags().BoolVarP(&o.Yes, "yes", "y", false, "with --reset: do not ask (for scripts)")
	return cmd
}

// openProgress opens the progress file, printing on w that a corrupt one
// was set aside.
func openProgress(w io.Writer) (*progress.Store, error) {
	st, err := progress.Open()
	if err != nil {
		return nil, err
	}
	if st.Warning != "" {
		fmt.Fprintln(w, "gmplab: "+st.Warning)
	}
	return st, nil
}

// markRead records that a lesson was read; a failure is said, not fatal.
func markRead(w io.Writer, lesson string) {
	st, err := openProgress(w)
	if err == nil {
		err = st.MarkLessonRead(lesson)
	}
	if err != nil {
		fmt.Fprintf(w, "gmplab: could not record your progress: %v\n", err)
	}
}

func runProgress(o *ProgressOptions) error {
	st, err := openProgress(o.Err)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab progress: " + err.Error()}
	}
	if o.Reset {
		return resetProgress(o, st)
	}
	ls, err := lessons.All()
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab progress: " + err.Error()}
	}
	var b strings.Builder
	fmt.Fprintf(&b, "Your progress (%s)\n\n", st.Path())
	rows := [][]string{{"LESSON", "READ", "QUIZ", "EXERCISES", "TITLE"}}
	read, quizzes, passed, exercises := 0, 0, 0, 0
	for _, l := range ls {
		r := "-"
		if st.Read(l.Name()) {
			r, read = "yes", read+1
		}
		q := "-"
		if qz := st.Quiz(l.Name()); qz != nil {
			q, quizzes = fmt.Sprintf("%d/%d (best %d)", qz.Score, qz.Total, qz.Best), quizzes+1
		}
		ex := "-"
		if of := checker.ExercisesOf(l.Num); len(of) > 0 {
			done := 0
			for _, e := range of {
				if x := st.Exercise(e); x != nil && x.Passed {
					done++
				}
			}
			exercises, passed = exercises+len(of), passed+done
			switch next := checker.NextExercise(l.Num, func(e string) bool { x := st.Exercise(e); return x != nil && x.Passed }); {
			case next == "":
				ex = fmt.Sprintf("%d/%d ✓", done, len(of))
			case st.Exercise(next) != nil:
				ex = fmt.Sprintf("%d/%d, next %s (tried)", done, len(of), next)
			default:
				ex = fmt.Sprintf("%d/%d, next %s", done, len(of), next)
			}
		}
		rows = append(rows, []string{l.Name(), r, q, ex, l.Title})
	}
	b.WriteString(columns(rows))
	taken := fmt.Sprintf("%d quizzes", quizzes)
	if quizzes == 1 {
		taken = "1 quiz"
	}
	fmt.Fprintf(&b, "\n%d of %d lessons read, %s taken, %d of %d exercises passed.\n", read, len(ls), taken, passed, exercises)
	if others := otherExercises(st, ls); len(others) > 0 {
		fmt.Fprintf(&b, "Other exercises passed: %s\n", strings.Join(others, ", "))
	}
	b.WriteString("Next: " + nextStep(st, ls).describe() + "\n")
	_, err = io.WriteString(o.Out, view.Fill(b.String(), layoutWidth(o.Out)))
	return err
}

// columns lays rows out as a table: each column as wide as its widest
// cell, two spaces between, the last one unpadded (its text folds under
// it on a narrow terminal: view.Fill).
func columns(rows [][]string) string {
	var widths []int
	for _, r := range rows {
		for i, c := range r {
			if i == len(widths) {
				widths = append(widths, 0)
			}
			widths[i] = max(widths[i], utf8.RuneCountInString(c))
		}
	}
	var b strings.Builder
	for _, r := range rows {
		for i, c := range r {
			if i == len(r)-1 {
				b.WriteString(c)
				break
			}
			b.WriteString(c + strings.Repeat(" ", widths[i]-utf8.RuneCountInString(c)+2))
		}
		b.WriteString("\n")
	}
	return b.String()
}

// otherExercises are exercises passed that are not the course's.
func otherExercises(st *progress.Store, ls []*lessons.Lesson) []string {
	named := map[string]bool{}
	for _, e := range checker.Course {
		named[e] = true
	}
	var out []string
	for _, n := range st.ExerciseNames() {
		if e := st.Exercise(n); !named[n] && e.Passed {
			out = append(out, n)
		}
	}
	return out
}

// resetProgress forgets everything, after asking on a terminal (or with
// --yes).
func resetProgress(o *ProgressOptions, st *progress.Store) error {
	if !o.Yes {
		if !o.Interactive() {
			return &ExitError{Code: 1, Msg: "gmplab progress --reset: not asking without a terminal; add --yes to reset " + st.Path()}
		}
		fmt.Fprintf(o.Out, "Forget every lesson read, quiz score and exercise passed (%s)? [y/N] ", st.Path())
		line, err := bufio.NewReader(o.In).ReadString('\n')
		if err != nil {
			fmt.Fprintln(o.Out) // the input ended without a newline
		}
		if a := strings.ToLower(strings.TrimSpace(line)); a != "y" && a != "yes" {
			fmt.Fprintln(o.Out, "Nothing was reset.")
			return nil
		}
	}
	if err := st.Reset(); err != nil {
		return &ExitError{Code: 1, Msg: "gmplab progress: " + err.Error()}
	}
	fmt.Fprintln(o.Out, "Progress reset.")
	return nil
}

// noColor reports whether the user asked for no colours (no-color.org).
func noColor() bool { return os.Getenv("NO_COLOR") != "" }

// progressMarks says, for each lesson, what the learner did in it ("read,
// quiz 4/5, exercise passed"), or "" for nothing; a progress file that
// cannot be read leaves the marks out, with a word on w.
func progressMarks(w io.Writer, ls []*lessons.Lesson) []string {
	marks := make([]string, len(ls))
	st, err := openProgress(w)
	if err != nil {
		fmt.Fprintf(w, "gmplab: %v\n", err)
		return marks
	}
	for i, l := range ls {
		var m []string
		if st.Read(l.Name()) {
			m = append(m, "read")
		}
		if q := st.Quiz(l.Name()); q != nil {
			m = append(m, fmt.Sprintf("quiz %d/%d", q.Score, q.Total))
		}
		done, of := 0, checker.ExercisesOf(l.Num)
		for _, e := range of {
			if x := st.Exercise(e); x != nil && x.Passed {
				done++
			}
		}
		if done > 0 {
			m = append(m, fmt.Sprintf("exercises %d/%d passed", done, len(of)))
		}
		marks[i] = strings.Join(m, ", ")
	}
	return marks
}
