package terminal

import (
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"path/filepath"
	"strings"

	"github.com/peterh/liner"

	"github.com/gmplab/gmplab/debugger"
	"github.com/gmplab/gmplab/runtime"
	"github.com/gmplab/gmplab/view"
)

// Prompt is the REPL's prompt.
const Prompt = "(gmplab) "

// maxSourceDepth bounds source files that source each other.
const maxSourceDepth = 8

// Term is a REPL over a session.
type Term struct {
	s          Session
	cmds       *commands
	out        io.Writer
	transcript *os.File
	width      int
	eventWidth int    // view.Text.Width: 0 for the fixed form
	last       string // the last command line run, for an empty line
	quit       bool
	depth      int
	// PanicText, if set, says what a panic of the engine means (gmplab
	// step --with: the learner's function broke the state); by default
	// it is a bug in gmplab.
	PanicText func(r any) string
}

// New makes a REPL over s (a *debugger.Session, or gmplab real's session)
// writing to out, laid out for a terminal of width columns, or, with 0,
// in the fixed form of a pipe (view.Width): events as view.Text lays them
// out for that width, the board drawn for it, and every other line longer
// than it (an explanation, help, a printed value) broken between words
// (view.Fill).
func New(s Session, out io.Writer, width int) *Term {
	t := &Term{s: s, cmds: newCommands(), out: out, width: width, eventWidth: width}
	if width <= 0 {
		t.width, t.eventWidth = view.Width, 0
	}
	return t
}

// Quit reports whether the user asked to leave.
func (t *Term) Quit() bool { return t.quit }

func (t *Term) print(s string) { t.printRaw(view.Fill(s, t.width)) }

// Print prints s as the REPL prints its own output: folded to the width.
func (t *Term) Print(s string) { t.print(s) }

// printRaw prints s as it is, however wide.
func (t *Term) printRaw(s string) {
	io.WriteString(t.out, s)
	if t.transcript != nil {
		io.WriteString(t.transcript, s)
	}
}

func (t *Term) println(s string)                  { t.print(s + "\n") }
func (t *Term) printf(format string, args ...any) { t.print(fmt.Sprintf(format, args...)) }

// Exec runs one command line. An empty line repeats the last command
// (unless it is one that should not be repeated). Errors are printed,
// never returned: nothing typed ends the session but exit. A panic of the
// engine (a broken invariant, a bug) is reported and the session goes back
// to where it stood.
func (t *Term) Exec(line string) {
	if len(line) > maxLine {
		t.println(tooLong(len(line)))
		return
	}
	line = strings.TrimSpace(line)
	if line == "" {
		if t.last == "" {
			return
		}
		line = t.last
	}
	name, args, _ := strings.Cut(line, " ")
	cmd := t.cmds.find(name)
	if cmd == nil {
		t.println(t.cmds.unknown(name).Error())
		return
	}
	if !cmd.noRepeat {
		t.last = line
	} else {
		t.last = ""
	}
	pos := t.s.Pos()
	defer func() {
		if r := recover(); r != nil {
			if t.PanicText != nil {
				t.printf("after event %d: %s\n", t.s.Pos(), t.PanicText(r))
			} else {
				t.printf("internal error after event %d (a bug in gmplab; please report it with the commands that led here): %v\n", t.s.Pos(), r)
			}
			t.s.Recover(pos)
			t.println("back at " + t.s.When())
		}
	}()
	if err := cmd.fn(t, strings.TrimSpace(args)); err != nil {
		t.println(err.Error())
	}
}

// printStop prints what a motion did: the program's output on the way,
// the breakpoint that stopped it, the stop's one line, the exit message,
// the displays.
func (t *Term) printStop(st debugger.Stop) {
	st.Style.Width = t.eventWidth
	for _, ev := range st.Output {
		text := ev.Text
		if !strings.HasSuffix(text, "\n") {
			text += "\n"
		}
		t.print(text)
	}
	for _, ev := range st.Passed {
		t.println(st.Style.Format(ev))
	}
	if st.PassedMore > 0 {
		t.printf("… and %d more\n", st.PassedMore)
	}
	switch st.Reason {
	case debugger.StopBreakpoint:
		t.printf("> %s\n", st.Breakpoint)
	case debugger.StopInterrupted:
		t.println("interrupted")
	}
	t.println(st.Line())
	if st.Reason == debugger.StopExit && st.Event.Kind == runtime.EvExit {
		if ex := t.s.ExitInfo(); ex != nil && ex.Msg != "" {
			t.println(strings.TrimRight(ex.Msg, "\n"))
		}
	}
	for _, d := range t.s.Displays() {
		t.println(d)
	}
}

// Source runs the commands of a file, echoing each after the prompt.
func (t *Term) Source(name string) error {
	if t.depth >= maxSourceDepth {
		return fmt.Errorf("source %s: sources nested more than %d deep", name, maxSourceDepth)
	}
	f, err := os.Open(name)
	if err != nil {
		return err
	}
	defer f.Close()
	t.depth++
	defer func() { t.depth-- }()
	lr := newLineReader(f)
	for !t.quit {
		line, n, err := lr.next()
		if err == io.EOF {
			return nil
		} else if err != nil {
			return err
		}
		if n > maxLine {
			t.print(Prompt + strings.ToValidUTF8(line[:80], "") + "…\n" + tooLong(n) + "\n")
			continue
		}
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		t.print(Prompt + line + "\n")
		t.Exec(line)
	}
	return nil
}

// RunPlain reads commands from in, one a line, until exit or the end of
// the input, echoing each after the prompt so that the output reads like
// the session on a terminal (for scripts and golden tests).
func (t *Term) RunPlain(in io.Reader) error {
	lr := newLineReader(in)
	for !t.quit {
		t.print(Prompt)
		line, n, err := lr.next()
		if err != nil {
			t.print("\n")
			if err == io.EOF {
				return nil
			}
			return err
		}
		if n > maxLine {
			t.print(strings.ToValidUTF8(line[:80], "") + "…\n" + tooLong(n) + "\n")
			continue
		}
		t.print(line + "\n")
		t.Exec(line)
	}
	return nil
}

// RunTerminal runs the REPL on the process's terminal with line editing,
// history (kept in the user's config directory) and reverse search
// (Ctrl-R). Ctrl-C stops a long motion; at the prompt it says how to
// leave; Ctrl-D leaves.
func (t *Term) RunTerminal() error {
	ln := liner.NewLiner()
	defer ln.Close()
	ln.SetCtrlCAborts(true)
	ln.SetTabCompletionStyle(liner.TabPrints)
	names := t.cmds.sortedNames()
	ln.SetCompleter(func(line string) []string {
		if strings.Contains(line, " ") {
			return nil
		}
		var out []string
		for _, n := range names {
			if strings.HasPrefix(n, line) {
				out = append(out, n)
			}
		}
		return out
	})
	hist := historyFile()
	if hist != "" {
		if f, err := os.Open(hist); err == nil {
			ln.ReadHistory(f)
			f.Close()
		}
	}
	defer func() {
		if hist == "" {
			return
		}
		os.MkdirAll(filepath.Dir(hist), 0o755)
		if f, err := os.Create(hist); err == nil {
			ln.WriteHistory(f)
			f.Close()
		}
	}()

	sig := make(chan os.Signal, 1)
	signal.Notify(sig, os.Interrupt)
	defer signal.Stop(sig)
	done := make(chan struct{})
	defer close(done)
	go func() {
		for {
			select {
			case <-sig:
				t.s.Interrupt()
			case <-done:
				return
			}
		}
	}()

	for !t.quit {
		line, err := ln.Prompt(Prompt)
		switch {
		case errors.Is(err, liner.ErrPromptAborted):
			t.println("(type exit or press Ctrl-D to leave)")
			continue
		case errors.Is(err, io.EOF):
			t.println("")
			return nil
		case err != nil:
			return err
		}
		if strings.TrimSpace(line) != "" {
			ln.AppendHistory(line)
		}
		if t.transcript != nil {
			io.WriteString(t.transcript, Prompt+line+"\n")
		}
		t.Exec(line)
	}
	return nil
}

func historyFile() string {
	dir, err := os.UserConfigDir()
	if err != nil {
		return ""
	}
	return filepath.Join(dir, "gmplab", "step_history")
}

// Close stops a transcript in progress.
func (t *Term) Close() error {
	if t.transcript != nil {
		err := t.transcript.Close()
		t.transcript = nil
		return err
	}
	return nil
}
