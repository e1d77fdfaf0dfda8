package cli

import (
	"bufio"
	"fmt"
	"io"
	"strings"

	"github.com/spf13/cobra"

	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/view"
)

// QuizOptions are the inputs of `gmplab quiz`.
type QuizOptions struct {
	In       io.Reader
	Out, Err io.Writer
	Target   string
	Practice bool   // --practice: questions the engine makes from the scenarios
	Seed     uint64 // --seed: which practice questions (0: a new seed, printed)
	Count    int    // --count: how many practice questions
	exec     *CellExecutor
}

// newQuizCmd builds `gmplab quiz`.
func newQuizCmd(runF func(*QuizOptions) error) *cobra.Command {
	o := &QuizOptions{}
	cmd := &cobra.Command{
		Use:   "quiz LESSON",
		Short: "Take a lesson's quiz; the engine computes the answers about runs",
		Long: `Quiz asks the questions of a lesson's quiz one by one. Answer with the
choice's letter: on a terminal a single key, with no Enter (q leaves). Questions that ask you to predict a run (which G runs
next, how many Ps are idle) are answered by the engine itself: gmplab runs
the scenario in the debugger and evaluates the question's expression, so
the right answer is the simulated runtime's, never a typed-in one. After
each answer: why, and the debugger commands that show it.

The score is recorded in your progress (gmplab progress). Answers can come
from a file, one letter a line: gmplab quiz 4 < answers.txt.

With --practice the questions are not the lesson's: the engine runs the
lesson's scenarios with its settings and makes "predict the next decision"
questions from them, new ones for each attempt. Each stops a run just
before a P's next goroutine is chosen, shows the scheduler's board, and
asks where that goroutine comes from: runnext, the P's ring, the global
queue, another P (a steal) or the network poller (the choices the lesson's
layers have). The answer is the event the engine itself took. --seed picks
the questions (a new seed, printed, when it is not given); a practice score
is not recorded. Practice starts with lesson 02: before it every goroutine
comes from the one global queue.`,
		Example: `  gmplab quiz 4
  gmplab quiz sysmon < answers.txt
  gmplab quiz 3 --practice
  gmplab quiz 6 --practice --seed 42 --count 10`,
		Args: oneLesson,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Target = args[0]
			o.In, o.Out, o.Err = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if runF != nil {
				return runF(o)
			}
			if o.Practice {
				return runPractice(o)
			}
			if cmd.Flags().Changed("seed") || cmd.Flags().Changed("count") {
				return &ExitError{Code: 2, Msg: "gmplab quiz: --seed and --count are for --practice"}
			}
			return runQuiz(o)
		},
	}
	cmd.Flags().BoolVar(&o.Practice, "practice", false, "predict-the-next-decision questions made anew from the lesson's scenarios")
	cmd.Flags().Uint64Var(&o.Seed, "seed", 0, "with --practice: the seed that picks the questions (default: a new one, printed)")
	cmd.Flags().IntVar(&o.Count, "count", 5, "with --practice: how many questions")
	return cmd
}

// maxRetries bounds the answers that are not a letter, per question.
const maxRetries = 5

func runQuiz(o *QuizOptions) error {
	nb, err := loadLesson(o.Target)
	if err != nil {
		return lessonError("gmplab quiz", err)
	}
	l := nb.Lesson
	cells := nb.CellsOf(notebook.Quiz)
	if len(cells) == 0 {
		return &ExitError{Code: 1, Msg: "gmplab quiz: " + l.Name() + " has no quiz yet"}
	}
	x := o.exec
	if x == nil {
		x = NewCellExecutor()
		if l.Disk != "" {
			x.Root = ""
		}
	}
	// The engine answers first: a question it cannot answer is a bug of
	// the lesson, said before the learner spends time on it.
	right := make([]int, len(cells))
	for i, c := range cells {
		if right[i], err = nb.Answer(x, c.Q); err != nil {
			return &ExitError{Code: 1, Msg: fmt.Sprintf("gmplab quiz: %s:%d: %v", nb.Name, c.Line, err)}
		}
	}
	w := bufio.NewWriter(o.Out)
	defer w.Flush()
	in := answersOf(o.In)
	width := 100
	tty := isTerminalW(o.Out)
	if tty {
		width = proseWidth(o.Out)
	}
	// fill folds a line to the terminal's width; into a pipe the lines
	// stay as they are (the fixed form).
	fill := func(s string) string {
		if tty {
			return view.Fill(s, width)
		}
		return s
	}
	how := "Answer with a letter."
	if in.keys() {
		how = "Press a choice's letter (no Enter needed); q leaves."
	}
	w.WriteString(fill(fmt.Sprintf("Quiz of %s: %s (%d questions). %s\n", l.Name(), l.Title, len(cells), how)))
	score := 0
	for i, c := range cells {
		q := c.Q
		w.WriteString("\n" + hang(fmt.Sprintf("%d/%d. ", i+1, len(cells)), q.Q, width))
		if q.Kind == "predict" {
			w.WriteString(fill("      (predict it: the engine computes the answer in its own run of the scenario)\n"))
		}
		for j, ch := range q.Choices {
			w.WriteString(fill(fmt.Sprintf("  %c) %s\n", 'a'+j, ch)))
		}
		pick, how := in.answer(w, len(q.Choices))
		switch how {
		case inputEnded:
			fmt.Fprintf(w, "\nThe input ended at question %d of %d: no score recorded.\n", i+1, len(cells))
			w.Flush()
			return &ExitError{Code: 1}
		case leftQuiz:
			fmt.Fprintf(w, "\nYou left at question %d of %d: no score recorded (gmplab quiz %s starts again).\n", i+1, len(cells), l.Name())
			return nil
		}
		r := right[i]
		if pick == r {
			score++
			w.WriteString(fill(fmt.Sprintf("Right: %s.\n", q.Choices[r])))
		} else {
			w.WriteString(fill(fmt.Sprintf("Not quite: the answer is %c) %s.\n", 'a'+r, q.Choices[r])))
		}
		w.WriteString(hang("  Why: ", q.Explain, width))
		see := "gmplab step " + l.Name()
		switch {
		case q.Run != nil:
			see = stepLine(nb, q.Run)
		case l.Disk != "":
			see = stepLine(nb, &notebook.Command{Verb: "step"})
		}
		// A command: never cut inside a word; on a terminal too narrow
		// for it, continued after a backslash, as a shell reads it.
		if tty {
			w.WriteString(continueCommands("  See it: "+see, width) + "\n")
		} else {
			w.WriteString("  See it: " + see + "\n")
		}
		w.WriteString(hang("          then: ", strings.Join(q.Show, "; "), width))
	}
	fmt.Fprintf(w, "\nScore: %d/%d.\n", score, len(cells))
	w.Flush()
	st, err := openProgress(o.Err)
	if err == nil {
		err = st.RecordQuiz(l.Name(), score, len(cells))
	}
	if err != nil {
		fmt.Fprintf(o.Err, "gmplab: could not record your score: %v\n", err)
	}
	return nil
}

// stepLine is a predict question's session as a reader types it from the
// repository's root.
func stepLine(nb *notebook.Notebook, cmd *notebook.Command) string {
	args := nb.ResolveArgs(cmd)
	for i, a := range args {
		if a == "" || strings.ContainsAny(a, " \t'\"|") {
			args[i] = "'" + a + "'"
		}
	}
	env := ""
	for _, e := range cmd.Env {
		env += e + " " // GODEBUG=asyncpreemptoff=1: as the shell takes it
	}
	return env + "gmplab step " + strings.Join(args, " ")
}

// hang fills text after prefix to width, the lines after the first
// indented as far as the prefix.
func hang(prefix, text string, width int) string {
	lines := strings.Split(strings.TrimSuffix(wrap(text, width-len(prefix)), "\n"), "\n")
	pad := strings.Repeat(" ", len(prefix))
	for i := range lines {
		if i == 0 {
			lines[i] = prefix + lines[i]
		} else {
			lines[i] = pad + lines[i]
		}
	}
	return strings.Join(lines, "\n") + "\n"
}
