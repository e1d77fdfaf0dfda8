package cli

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/charmbracelet/glamour"
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
	exec        *CellExecutor
}

// newLessonCmd builds `gmplab lesson`. runF, if not nil, replaces the
// reader (tests).
func newLessonCmd(runF func(*LessonOptions) error) *cobra.Command {
	o := &LessonOptions{}
	return &cobra.Command{
		Use:   "lesson LESSON",
		Short: "Read a lesson in the terminal, running its cells as you go",
		Long: `Lesson shows a lesson of the course with its text rendered, a cell at a
time: Enter runs the next cell (a program, a debugger session, a timeline)
and shows what it prints; s skips it, q leaves. At a debugger cell the
debugger opens with the cell's commands replayed: try your own, and exit
returns to the lesson. Reaching the end marks the lesson read (gmplab
progress).

When the output is not a terminal, the whole lesson is printed, every
cell's output included, and the command exits.

On a terminal the lesson is laid out for its width and coloured for its
background, which gmplab asks the terminal for (tmux answers when its pane's
colours are set; COLORFGBG=fg;bg, as rxvt and Konsole set it, says it too);
a terminal that cannot say gets the text without colours. GLAMOUR_STYLE
chooses the style instead (dark, light, dracula, tokyo-night, pink, ascii,
notty, or a glamour JSON style file), and NO_COLOR=1 turns colours off.

LESSON is lesson-04, 4, 04, 04-sysmon, sysmon, or the path of a lesson's
folder (your own copy: its edits count).`,
		Example: `  gmplab lesson 4
  gmplab lesson lessons/02-procs
  gmplab lesson sysmon | less -R`,
		Args: oneLesson,
		RunE: func(cmd *cobra.Command, args []string) error {
			o.Target = args[0]
			o.In, o.Out, o.Err = cmd.InOrStdin(), cmd.OutOrStdout(), cmd.ErrOrStderr()
			if o.Interactive == nil {
				o.Interactive = func() bool { return isTerminalW(o.In) && isTerminalW(o.Out) }
			}
			if runF != nil {
				return runF(o)
			}
			return runLesson(o)
		},
	}
}

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
		done, err = r.interactive(o.In, o.Out, outputHeight(o.Out))
	} else {
		err = r.printAll(o.Out)
		done = err == nil
	}
	if err != nil {
		return &ExitError{Code: 1, Msg: "gmplab lesson: " + err.Error()}
	}
	if done {
		markRead(o.Err, nb.Lesson.Name())
	}
	return nil
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
	md    *glamour.TermRenderer
	tty   bool       // styled for a terminal (and laid out for its width)
	width int        // the width laid out for
	bg    background // the terminal's, for the reader's own colours
}

func newReader(nb *notebook.Notebook, x *CellExecutor, tty bool, width int, out io.Writer) (*reader, error) {
	f, _ := out.(*os.File)
	style, bg := markdownStyle(f, tty)
	md, err := glamour.NewTermRenderer(glamour.WithStylePath(style), glamour.WithWordWrap(width-4))
	if err != nil {
		return nil, fmt.Errorf("GLAMOUR_STYLE=%s: %v", style, err)
	}
	return &reader{nb: nb, x: x, md: md, tty: tty, width: width, bg: bg}, nil
}

// printAll prints the whole lesson, running every cell but the real ones
// (gmplab compare, gmplab real), shown as stored: they take seconds and
// their output changes from run to run.
func (r *reader) printAll(w io.Writer) error {
	bw := bufio.NewWriter(w)
	bw.WriteString(r.title())
	for _, p := range r.nb.Parts {
		if p.Cell == nil {
			bw.WriteString(r.markdown(p.Markdown))
			continue
		}
		bw.WriteString(r.cellHead(p.Cell))
		if p.Cell.Real() {
			bw.WriteString(r.output(p.Cell.Stored()))
		} else if out, ok := r.run(p.Cell); ok {
			bw.WriteString(r.output(out))
		}
	}
	bw.WriteString(r.end())
	return bw.Flush()
}

// pager writes to the terminal a screen at a time: after a screenful
// since the last question it asks for more.
type pager struct {
	r      *reader
	w      io.Writer
	keys   *bufio.Reader
	height int
	lines  int
	quit   bool
}

// ask shows a prompt and reads the answer (lower case); false at the end
// of the input.
func (p *pager) ask(prompt string) (string, bool) {
	fmt.Fprintf(p.w, "\n%s ", p.r.style(dim, prompt))
	p.lines = 0
	line, err := p.keys.ReadString('\n')
	if err != nil && line == "" {
		return "", false
	}
	return strings.ToLower(strings.TrimSpace(line)), true
}

// print writes s, pausing after each screenful; false once the learner
// has asked to quit.
func (p *pager) print(s string) bool {
	for s != "" && !p.quit {
		line, rest, _ := strings.Cut(s, "\n")
		io.WriteString(p.w, line+"\n")
		s = rest
		if p.lines++; p.lines >= p.height-2 && s != "" {
			if k, ok := p.ask("── Enter: more · q: quit ──"); !ok || k == "q" {
				p.quit = true
			}
		}
	}
	return !p.quit
}

// interactive shows the lesson a section and a cell at a time; it returns
// whether the learner reached the end.
func (r *reader) interactive(in io.Reader, w io.Writer, height int) (bool, error) {
	pg := &pager{r: r, w: w, keys: bufio.NewReader(in), height: max(height, 10)}
	pg.print(r.title())
	for _, p := range r.nb.Parts {
		if p.Cell == nil {
			for i, sec := range splitSections(p.Markdown) {
				if i > 0 || strings.HasPrefix(strings.TrimLeft(sec, "\n"), "## ") {
					if k, ok := pg.ask("── Enter: next section · q: quit ──"); !ok || k == "q" {
						return false, nil
					}
				}
				if !pg.print(r.markdown(sec)) {
					return false, nil
				}
			}
			continue
		}
		c := p.Cell
		if !pg.print(r.cellHead(c)) {
			return false, nil
		}
		switch c.Kind {
		case notebook.Run, notebook.Timeline, notebook.Step:
			verb := "run it"
			if c.Real() {
				verb = "run it on the real runtime (a few seconds)"
			} else if c.Kind == notebook.Step {
				verb = "open the debugger with these commands (exit comes back here)"
			}
			k, ok := pg.ask("── Enter: " + verb + " · s: skip · q: quit ──")
			switch {
			case !ok || k == "q":
				return false, nil
			case k == "s":
				continue
			}
			if c.Kind == notebook.Step && !c.Real() {
				if err := r.x.Debug(r.nb.ResolveArgs(c.Command), c.Steps, w, r.width); err != nil {
					fmt.Fprintf(w, "gmplab step: %v\n", err)
				}
				io.WriteString(w, r.style(dim, "\n── back in "+r.nb.Lesson.Name()+" ──\n"))
				continue
			}
		}
		if out, ok := r.run(c); ok && !pg.print(r.output(out)) {
			return false, nil
		}
	}
	pg.print(r.end())
	return true, nil
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

// run runs a cell for the reader; ok is false for cells that show no
// output here (guides, quizzes: gmplab quiz asks those).
func (r *reader) run(c *notebook.Cell) (string, bool) {
	switch c.Kind {
	case notebook.Guide, notebook.Quiz:
		return "", false
	}
	out, err := r.nb.Exec(r.x, c)
	var u *notebook.Unavailable
	if errors.As(err, &u) {
		return u.Error() + "\nThe output of a run on the development machine:\n" + c.Stored(), true
	}
	if err != nil {
		return "error: " + err.Error() + "\n", true
	}
	return out, true
}
