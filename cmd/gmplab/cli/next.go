package cli

import (
	"errors"
	"fmt"
	"io"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/progress"
	"github.com/gmplab/gmplab/view"
)

// NextOptions are the inputs of `gmplab next`.
type NextOptions struct {
	Lesson LessonOptions // the streams, shared with the reader and the quiz
}

// newNextCmd builds `gmplab next`.
func newNextCmd(runF func(*NextOptions) error) *cobra.Command {
	o := &NextOptions{}
	return &cobra.Command{
		Use:   "next",
		Short: "Go on where you left off: the next lesson, quiz or exercise",
		Long: `Next opens the next step of the course after the last lesson you worked
on: the lesson itself if you have not read it to its end (gmplab lesson,
at the section where you left it),
its quiz if you have not taken it (gmplab quiz), or says which exercise to
check (gmplab check); once all three are done, the next lesson. gmplab
progress shows the same thing as a table.`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return errors.New("next takes no arguments (gmplab lesson N opens a given lesson)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			lo := &o.Lesson
			lo.In, lo.Out, lo.Err = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if lo.Interactive == nil {
				lo.Interactive = func() bool { return isTerminalW(lo.In) && isTerminalW(lo.Out) }
			}
			if runF != nil {
				return runF(o)
			}
			return runNext(o)
		},
	}
}

// step is where the course goes on.
type step struct {
	what     string // "lesson", "quiz", "exercise" or "done"
	lesson   *lessons.Lesson
	exercise string // the exercise, for "exercise" (checker.Course's order)
	section  int    // for "lesson", where the learner stopped (0: the top)
}

func (s step) describe() string {
	switch s.what {
	case "lesson":
		if s.section > 1 {
			return fmt.Sprintf("gmplab lesson %d --section %d (%s, where you stopped)", s.lesson.Num, s.section, s.lesson.Title)
		}
		return fmt.Sprintf("gmplab lesson %d (%s)", s.lesson.Num, s.lesson.Title)
	case "quiz":
		return fmt.Sprintf("gmplab quiz %d (the quiz of %s)", s.lesson.Num, s.lesson.Name())
	case "exercise":
		return fmt.Sprintf("gmplab check %s (an exercise of %s)", s.exercise, s.lesson.Name())
	}
	return "nothing: you have read every lesson, taken every quiz and passed every exercise"
}

// nextStep finds the last lesson with any progress and returns what it
// still lacks (read, then quiz, then its exercises in checker.Course's
// order), else the lesson after it. With no progress at all, the first
// lesson. gmplab check with no exercise takes the same next exercise.
func nextStep(st *progress.Store, ls []*lessons.Lesson) step {
	passed := func(e string) bool { x := st.Exercise(e); return x != nil && x.Passed }
	last := -1
	for i, l := range ls {
		tried := false
		for _, e := range checker.ExercisesOf(l.Num) {
			tried = tried || st.Exercise(e) != nil
		}
		if st.Read(l.Name()) || st.At(l.Name()) > 0 || st.Quiz(l.Name()) != nil || tried {
			last = i
		}
	}
	if last < 0 {
		if len(ls) == 0 {
			return step{what: "done"}
		}
		return step{what: "lesson", lesson: ls[0]}
	}
	for _, l := range ls[last:] {
		switch {
		case !st.Read(l.Name()):
			return step{what: "lesson", lesson: l, section: st.At(l.Name())}
		case st.Quiz(l.Name()) == nil && hasQuiz(l):
			return step{what: "quiz", lesson: l}
		case checker.NextExercise(l.Num, passed) != "":
			return step{what: "exercise", lesson: l, exercise: checker.NextExercise(l.Num, passed)}
		}
	}
	return step{what: "done"}
}

// hasQuiz reports whether a lesson has quiz cells.
func hasQuiz(l *lessons.Lesson) bool {
	nb, err := notebook.Load(l)
	return err == nil && len(nb.CellsOf(notebook.Quiz)) > 0
}

func runNext(o *NextOptions) error {
	lo := &o.Lesson
	st, err := openProgress(lo.Err)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab next: " + err.Error()}
	}
	ls, err := lessons.All()
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab next: " + err.Error()}
	}
	s := nextStep(st, ls)
	if s.what == "lesson" && builtIn.Markdown == nil {
		// The reader is in gmplab-course: gmplab next runs there.
		return runHelperArgs(courseHelper, "gmplab next", []string{"next"}, "", readerWhy, lo.In, lo.Out, lo.Err)
	}
	width := layoutWidth(lo.Out) // 0, the fixed form, into a pipe
	io.WriteString(lo.Out, view.Fill("Next: "+s.describe()+"\n", width))
	switch s.what {
	case "lesson":
		lo.Target, lo.Section = s.lesson.Name(), s.section
		return runLesson(lo)
	case "quiz":
		return runQuiz(&QuizOptions{In: lo.In, Out: lo.Out, Err: lo.Err, Target: s.lesson.Name()})
	case "exercise":
		io.WriteString(lo.Out, view.Fill(fmt.Sprintf("Read exercises/%s/ in your clone of gmplab, write the function, then run gmplab check %s.\n", s.exercise, s.exercise), width))
	}
	return nil
}
