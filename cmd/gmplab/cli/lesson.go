package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"golang.org/x/term"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

// LessonOptions are the inputs of `gmplab lesson`.
type LessonOptions struct {
	In       io.Reader
	Out, Err io.Writer
	Target   string
	// Interactive reports whether both ends are a terminal; tests leave
	// it nil (not interactive).
	Interactive func() bool
	Width       int
	// Section is the section to start from (1 for the first); 0 starts
	// at the top and says where the learner stopped last time.
	Section int
	exec    *CellExecutor
}

// newLessonCmd builds `gmplab lesson`. runF, if not nil, replaces the
// reader (tests).
func newLessonCmd(runF func(*LessonOptions) error) *cobra.Command {
	o := &LessonOptions{}
	cmd := &cobra.Command{
		Use:   "lesson LESSON",
		Short: "Read a lesson in the terminal, running its cells as you go",
		Long: `Lesson shows a lesson of the course with its text rendered, a cell at a
time: Enter runs the next cell (a program, a debugger session, a timeline)
and shows what it prints. On a terminal each answer is one key, no Enter:
Enter or space goes on, s skips the cell (or the rest of a long text), n
goes to the next section and b back to the one before, a section's number
goes there, ? lists the keys and the sections, and q leaves. At a debugger
cell the debugger opens with the cell's commands replayed: try your own,
and exit returns to the lesson. Reaching the end marks the lesson read
(gmplab progress); leaving before, gmplab next opens the lesson again at
the section you were reading.

When the output is not a terminal, the whole lesson is printed (from
--section on), every cell's output included, and the command exits. When
the output is one but the input is not, the answers are read a line at a
time (an empty line for Enter, then q, s, n, b, ? or a number).

On a terminal the lesson is laid out for its width and coloured for its
background, which gmplab asks the terminal for (tmux answers when its pane's
colours are set; COLORFGBG=fg;bg, as rxvt and Konsole set it, says it too);
a terminal that cannot say gets the text without colours. GLAMOUR_STYLE
chooses the style instead (dark, light, dracula, tokyo-night, pink, ascii,
notty, or a glamour JSON style file), and NO_COLOR=1 turns colours off.

LESSON is lesson-04, 4, 04, 04-sysmon, sysmon, or the path of a lesson's
folder (your own copy: its edits count).`,
		Example: `  gmplab lesson 4
  gmplab lesson 4 --section 6
  gmplab lesson lessons/02-procs
  gmplab lesson sysmon | less -R`,
		Args: oneLesson,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Target = args[0]
			o.In, o.Out, o.Err = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if o.Interactive == nil {
				o.Interactive = func() bool { return isTerminalW(o.In) && isTerminalW(o.Out) }
			}
			if o.Section < 0 {
				return &ExitError{Code: 2, Msg: fmt.Sprintf("gmplab lesson: --section %d: want 1 for the first section, or more", o.Section)}
			}
			if runF != nil {
				return runF(o)
			}
			if builtIn.Markdown == nil {
				return runHelper(courseHelper, cmd, args, "", readerWhy)
			}
			return runLesson(o)
		},
	}
	cmd.Flags().IntVar(&o.Section, "section", 0, "start at this `section` (1 for the first; ? in the reader lists them)")
	return cmd
}

// readerWhy says what gmplab-course adds for the lesson reader.
const readerWhy = "glamour, for the lesson reader"

// oneLesson checks that a command got one lesson.
func oneLesson(cmd *cobra.Command, args []string) error {
	switch len(args) {
	case 1:
		return nil
	case 0:
		return errors.New("missing LESSON: gmplab lessons lists them")
	}
	return fmt.Errorf("want one lesson, got %d arguments: %s", len(args), strings.Join(args, " "))
}

// loadLesson resolves a lesson name or a path to a lesson's folder (or its
// lesson.md) and parses it.
func loadLesson(target string) (*notebook.Notebook, error) {
	var l *lessons.Lesson
	var err error
	dir := target
	if filepath.Base(dir) == "lesson.md" {
		dir = filepath.Dir(dir)
	}
	switch fi, serr := os.Stat(filepath.Join(dir, "lesson.md")); {
	case serr == nil && !fi.IsDir() && !isRepoLesson(dir):
		l, err = lessons.LoadDir(dir)
	case serr == nil:
		l, err = lessons.Find(filepath.Base(dir)) // the repository's copy: by its name
	default:
		l, err = lessons.Find(target)
	}
	if err != nil {
		return nil, err
	}
	return notebook.Load(l)
}

// isRepoLesson reports whether dir is the repository's own copy of a
// lesson (lessons/04-sysmon), which is read as the lesson by its name.
func isRepoLesson(dir string) bool {
	abs, err := filepath.Abs(dir)
	root := RepoRoot()
	if err != nil || root == "" {
		return false
	}
	rel, err := filepath.Rel(root, abs)
	return err == nil && filepath.ToSlash(filepath.Dir(rel)) == "lessons"
}

func runLesson(o *LessonOptions) error {
	nb, err := loadLesson(o.Target)
	if err != nil {
		return lessonError("gmplab lesson", err)
	}
	defer nb.Close() // the traces the cells wrote
	x := o.exec
	if x == nil {
		x = NewCellExecutor()
		if nb.Lesson.Disk != "" {
			x.Root = "" // the folder's path is from the current directory
		}
	}
	tty := o.Interactive()
	width := o.Width
	if width == 0 {
		width = proseWidth(o.Out)
	}
	// Styled and laid out for the terminal whenever the output is one,
	// read a cell at a time when the input is one too.
	styled := tty || isTerminalW(o.Out)
	if styled && o.exec == nil {
		x.Width = width - 4 // the cells' outputs, behind the gutter
	}
	r, err := newReader(nb, x, styled, width, o.Out)
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab lesson: " + err.Error()}
	}
	var done bool
	if tty {
		done, err = r.interactive(keysOf(o.In, o.Out), o.Out, outputHeight(o.Out), r.startAt(o), func(n int) {
			if st, err := openProgress(io.Discard); err == nil {
				st.SetAt(nb.Lesson.Name(), n)
			}
		})
	} else {
		err = r.printAll(o.Out, o.Section)
		done = err == nil && o.Section <= 1
	}
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab lesson: " + err.Error()}
	}
	if done {
		markRead(o.Err, nb.Lesson.Name())
	}
	return nil
}

// keysOf returns where the reader reads its answers: single keys from a
// terminal, else lines.
func keysOf(in io.Reader, echo io.Writer) keySource {
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return rawKeys{in: f, echo: echo}
	}
	return lineKeys{bufio.NewReader(in)}
}

// startAt is the section the interactive reader starts from: the one
// asked for, else the first, saying where the learner stopped last time.
func (r *reader) startAt(o *LessonOptions) int {
	if o.Section > 0 {
		return o.Section
	}
	if st, err := openProgress(io.Discard); err == nil {
		if n := st.At(r.nb.Lesson.Name()); n > 1 {
			r.stopped = n
		}
	}
	return 1
}

// isTerminalW reports whether a stream (an io.Reader or an io.Writer) is
// a terminal: a tty, not merely a character device such as /dev/null.
func isTerminalW(stream any) bool {
	f, ok := stream.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// reader shows one lesson.
type reader struct {
	nb    *notebook.Notebook
	x     *CellExecutor
	md    func(md string) (string, error) // glamour's, builtIn.Markdown
	code  func(md string) (string, error) // the same, not wrapping: for code blocks (codeBlock)
	tty   bool                            // styled for a terminal (and laid out for its width)
	width int                             // the width laid out for
	bg    background                      // the terminal's, for the reader's own colours
	// stopped is the section where the learner stopped last time, said
	// under the title when the reader starts at the top (0: none).
	stopped int
}

func newReader(nb *notebook.Notebook, x *CellExecutor, tty bool, width int, out io.Writer) (*reader, error) {
	f, _ := out.(*os.File)
	style, bg := markdownStyle(f, tty)
	if builtIn.Markdown == nil {
		return nil, fmt.Errorf("this binary has no lesson reader (a gmplab bug: gmplab lesson runs %s)", courseHelper.name)
	}
	md, err := builtIn.Markdown(style, width-4)
	if err != nil {
		return nil, fmt.Errorf("GLAMOUR_STYLE=%s: %v", style, err)
	}
	code, err := builtIn.Markdown(style, 0)
	if err != nil {
		return nil, fmt.Errorf("GLAMOUR_STYLE=%s: %v", style, err)
	}
	return &reader{nb: nb, x: x, md: md, code: keepBackslashes(code), tty: tty, width: width, bg: bg}, nil
}

// keepBackslashes returns code, or where code drops a code block's
// backslashes, code with them kept. glamour's styles without a syntax
// highlighter (notty, ascii: a pipe, NO_COLOR, a terminal of unknown
// background) print a code block through the same unescaping as prose
// text (ansi.BaseElement's escapeReplacer), so `grep -E 'status=4\(chan
// send\)'` read `status=4(chan send)`: a different command. Found by
// rendering one backslash, so a glamour that keeps them is left alone.
func keepBackslashes(code func(md string) (string, error)) func(md string) (string, error) {
	out, err := code("```\n\\(\n```\n")
	if err != nil || strings.Contains(out, `\(`) {
		return code
	}
	return func(md string) (string, error) {
		first, body, ok := strings.Cut(md, "\n")
		if !ok {
			return code(md)
		}
		return code(first + "\n" + strings.ReplaceAll(body, `\`, `\\`))
	}
}

// printAll prints the whole lesson from section from (0 or 1: all of
// it), running every cell but the real ones (gmplab compare, gmplab
// real, runs cells), shown as stored: they take seconds and their output changes from
// run to run.
func (r *reader) printAll(w io.Writer, from int) error {
	ps, secs := r.pieces()
	if from > len(secs) {
		return fmt.Errorf("--section %d: %s has %d sections", from, r.nb.Lesson.Name(), len(secs))
	}
	bw := bufio.NewWriter(w)
	bw.WriteString(r.title())
	for _, p := range ps {
		switch {
		case p.section+1 < from:
		case p.cell == nil:
			bw.WriteString(r.markdown(p.md))
		case p.cell.Real() || p.cell.Kind == notebook.RunsKind:
			bw.WriteString(r.cellHead(p.cell))
			bw.WriteString(r.output(p.cell.Stored()))
		default:
			bw.WriteString(r.cellHead(p.cell))
			if out, ok := r.run(p.cell); ok {
				bw.WriteString(r.output(out))
			}
		}
	}
	bw.WriteString(r.end())
	return bw.Flush()
}

// splitSections cuts Markdown before each level-2 heading (outside code
// blocks: a part of a notebook holds no cell, but may hold ```go blocks).
func splitSections(md string) []string {
	var out []string
	start := 0
	fenced := false
	for i := 0; i < len(md); {
		j := strings.IndexByte(md[i:], '\n')
		end := len(md)
		if j >= 0 {
			end = i + j + 1
		}
		line := md[i:end]
		if strings.HasPrefix(line, "```") || strings.HasPrefix(line, "~~~") {
			fenced = !fenced
		}
		if !fenced && strings.HasPrefix(line, "## ") && i > start && strings.TrimSpace(md[start:i]) != "" {
			out = append(out, md[start:i])
			start = i
		}
		i = end
	}
	return append(out, md[start:])
}

// debug opens a step cell's session on the terminal, its commands run
// first: gmplab replay's for a replay cell (the trace written first if a
// cell of the lesson writes it), gmplab step's otherwise, with the cell's
// GODEBUG or GOMAXPROCS in effect as in its stored output.
func (r *reader) debug(c *notebook.Cell, w io.Writer) error {
	if len(c.Command.Env) > 0 {
		defer r.x.SetEnv(c.Command.Env)()
	}
	if c.Command.Verb == "replay" {
		if err := r.nb.PrepareReplay(r.x, c); err != nil {
			return err
		}
		return r.x.DebugReplay(r.nb.ResolveArgs(c.Command), c.Steps, w, r.width)
	}
	return r.x.Debug(r.nb.ResolveArgs(c.Command), c.Steps, w, r.width)
}

// run runs a cell for the reader; ok is false for cells that show no
// output here (guides, quizzes: gmplab quiz asks those; diagrams, whose
// head is the figure). A runs cell
// whose check fails shows its output, which says which.
func (r *reader) run(c *notebook.Cell) (string, bool) {
	switch c.Kind {
	case notebook.Guide, notebook.Quiz, notebook.Diagram:
		return "", false
	}
	out, err := r.nb.Exec(r.x, c)
	var u *notebook.Unavailable
	if errors.As(err, &u) {
		return u.Error() + "\nThe output of a run on the development machine:\n" + c.Stored(), true
	}
	var failed *notebook.ChecksFailed
	if errors.As(err, &failed) {
		return failed.Output, true
	}
	if err != nil {
		return "error: " + err.Error() + "\n", true
	}
	return out, true
}
