package cli

import (
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/view"
)

// LessonsOptions are the inputs of `gmplab lessons`.
type LessonsOptions struct {
	Out, Err io.Writer
}

// newLessonsCmd builds `gmplab lessons`. runF, if not nil, replaces the
// listing (for tests).
func newLessonsCmd(runF func(*LessonsOptions) error) *cobra.Command {
	o := &LessonsOptions{}
	return &cobra.Command{
		Use:   "lessons",
		Short: "List the lessons, with the layer of the runtime each adds",
		Long: `Lessons lists the course's lessons in order: the name to give gmplab step,
the layer of the simulated runtime the lesson switches on (each lesson runs
with its layer and all those before it), its title, and your progress in
it: read, the last quiz score, the exercise passed (gmplab progress).`,
		Args: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return errors.New("lessons takes no arguments (gmplab step LESSON opens one)")
			}
			return nil
		},
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Out, o.Err = cmd.OutOrStdout(), cmd.ErrOrStderr()
			if runF != nil {
				return runF(o)
			}
			return runLessons(o)
		},
	}
}

func runLessons(o *LessonsOptions) error {
	ls, err := lessons.All()
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab lessons: " + err.Error()}
	}
	marks := progressMarks(o.Err, ls) // progress.go
	titleWidth, dirWidth := 0, 12
	for _, l := range ls {
		titleWidth = max(titleWidth, len(l.Title))
		dirWidth = max(dirWidth, len(l.Dir))
	}
	var b strings.Builder
	fmt.Fprintf(&b, "%-10s  %-*s  %-8s  %s\n", "LESSON", dirWidth, "FOLDER", "LAYER", "TITLE")
	for i, l := range ls {
		if marks[i] != "" {
			fmt.Fprintf(&b, "%-10s  %-*s  %-8s  %-*s  %s\n", l.Name(), dirWidth, l.Dir, l.Layer, titleWidth, l.Title, marks[i])
			continue
		}
		fmt.Fprintf(&b, "%-10s  %-*s  %-8s  %s\n", l.Name(), dirWidth, l.Dir, l.Layer, l.Title)
	}
	width := layoutWidth(o.Out)
	b.WriteString("\n" + wrap("gmplab lesson N reads a lesson, gmplab step lesson-NN opens its scenario in the debugger, gmplab quiz N asks its quiz; gmplab next goes on where you left off.", paragraphWidth(width)))
	_, err = io.WriteString(o.Out, view.Fill(b.String(), width))
	return err
}
