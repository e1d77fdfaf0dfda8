//go:build linux

package cli

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"os/exec"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"unicode/utf8"

	"golang.org/x/sys/unix"

	"github.com/gmplab/gmplab/progress"
)

// openPty opens a pseudo-terminal of cols columns and returns its two
// ends: gmplab writes to the terminal's end (tty), the test reads what
// it wrote from the other (ptmx).
func openPty(t *testing.T, cols int) (ptmx, tty *os.File) {
	t.Helper()
	ptmx, err := os.OpenFile("/dev/ptmx", os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("no pseudo-terminal here: %v", err)
	}
	fd := int(ptmx.Fd())
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatal(err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatal(err)
	}
	tty, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|syscall.O_NOCTTY, 0)
	if err != nil {
		t.Skipf("cannot open the pseudo-terminal's end: %v", err)
	}
	if err := unix.IoctlSetWinsize(int(tty.Fd()), unix.TIOCSWINSZ, &unix.Winsize{Row: 50, Col: uint16(cols)}); err != nil {
		t.Fatal(err)
	}
	return ptmx, tty
}

// onTerminal runs gmplab with args, its output (both streams) on a
// terminal of cols columns and its input from stdin (not a terminal: the
// commands read it as a script), and returns what it printed, without
// the terminal's carriage returns.
func onTerminal(t *testing.T, cols int, stdin string, args ...string) string {
	t.Helper()
	ptmx, tty := openPty(t, cols)
	defer ptmx.Close()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&out, ptmx) // ends with EIO once tty is closed
		close(done)
	}()
	Run(args, strings.NewReader(stdin), tty, tty)
	tty.Close()
	<-done
	return strings.ReplaceAll(out.String(), "\r", "")
}

// piped runs gmplab with its output in a buffer: the fixed form.
func piped(stdin string, args ...string) string {
	var out bytes.Buffer
	Run(args, strings.NewReader(stdin), &out, &out)
	return out.String()
}

// ansi matches a terminal's style sequences.
var ansi = regexp.MustCompile("\x1b\\[[0-9;]*[a-zA-Z]")

// On a terminal of 60, 80 or 120 columns, no line gmplab prints is wider
// than the terminal, and no word is broken: the words are the fixed
// form's, in the same order (where the layout does not choose what to
// show: the board's lists and the lesson's text fit what they show to
// the width, and are checked for their width only). The machine formats
// (--format json, chrome, schedtrace: GODEBUG's own lines) are the same
// bytes everywhere, and are not in it.
func TestTerminalWidths(t *testing.T) {
	t.Chdir(repoRoot)
	t.Setenv(progress.EnvDir, t.TempDir()) // gmplab lesson marks the lesson read
	t.Setenv("NO_COLOR", "")
	t.Setenv("GLAMOUR_STYLE", "dark") // no question to the terminal, which the test does not answer
	session := "break retake\ncontinue\nwhy\nprint g1\nprocs\nthreads\ngoroutines\nstack\nlist\nhelp\nhelp why\nrev step 3\nprint p0.runq\nstep 4\nexit\n"
	cases := []struct {
		name  string
		stdin string
		args  []string
		words bool // compare the words with the fixed form's
	}{
		{"run", "", []string{"run", "examples/gosched.go", "--gomaxprocs", "1"}, true},
		{"run syscall", "", []string{"run", "examples/syscall.go", "--gomaxprocs", "1"}, true},
		{"run steal", "", []string{"run", "examples/steal.go", "--gomaxprocs", "4"}, true},
		{"run stopped", "", []string{"run", "examples/preempt.go", "--gomaxprocs", "1", "--quiet", "--layers", "stacks,procs,steal,sysmon", "--max-time", "30ms"}, true},
		{"step", session, []string{"step", "lesson-04"}, true},
		{"step steal", "break runqsteal\ncontinue\nwhy\ngoroutines -group p\nexit\n", []string{"step", "lesson-03"}, true},
		{"board", "step 30\nboard\nexit\n", []string{"step", "lesson-03"}, false},
		{"replay", "step\nexit\n", []string{"replay", "lessons/07-production/pingpong.trace"}, true},
		{"lessons", "", []string{"lessons"}, true},
		{"progress", "", []string{"progress"}, true},
		{"quiz", "b\nc\nc\nb\na\n", []string{"quiz", "4"}, true},
		{"quiz practice", "a\nb\n", []string{"quiz", "4", "--practice", "--seed", "1", "--count", "2"}, false}, // the boards fit what they show to the width
		{"version", "", []string{"version"}, true},
		{"help", "", []string{"--help"}, true},
		{"bad flag", "", []string{"run", "examples/gosched.go", "--gomaxprocs", "x"}, true},
		{"unknown lesson", "", []string{"step", "lesson-99"}, true},
		{"lesson", "", []string{"lesson", "4"}, false},
	}
	for _, c := range NewRootCmd().Commands() {
		if !c.Hidden {
			cases = append(cases, struct {
				name  string
				stdin string
				args  []string
				words bool
			}{c.Name() + " --help", "", []string{c.Name(), "--help"}, true})
		}
	}
	for _, c := range cases {
		fixed := piped(c.stdin, c.args...)
		for _, cols := range []int{60, 80, 120} {
			t.Run(fmt.Sprintf("%s/%d", c.name, cols), func(t *testing.T) {
				got := ansi.ReplaceAllString(onTerminal(t, cols, c.stdin, c.args...), "")
				if strings.TrimSpace(got) == "" {
					t.Fatal("nothing printed")
				}
				for i, line := range strings.Split(got, "\n") {
					// A word wider than the room stays whole (view.Fill):
					// a line of one word may be wider.
					word := len(shellWords(strings.TrimLeft(strings.TrimSpace(line), "│"))) <= 1
					if n := utf8.RuneCountInString(line); n > cols && !word {
						t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
					}
				}
				if strings.HasSuffix(c.name, "--help") {
					raggedHelp(t, got, cols)
				}
				// An example command too long for the terminal continues
				// after a backslash, as a shell reads it: not a word.
				unbroken := strings.ReplaceAll(got, " \\\n", "\n")
				if c.words && strings.Join(strings.Fields(unbroken), " ") != strings.Join(strings.Fields(fixed), " ") {
					t.Errorf("the words differ from the fixed form's:\n%s\n--- fixed form:\n%s", got, fixed)
				}
			})
		}
	}
}

// raggedHelp fails t where a line of a help's prose ends short of the
// terminal's edge while the next line, which continues it (unindented
// prose, as the long text's paragraphs are), starts with a word that would
// have fitted: the text was left broken where it was written.
func raggedHelp(t *testing.T, help string, cols int) {
	t.Helper()
	long, _, _ := strings.Cut(help, "\nUsage:")
	lines := strings.Split(strings.ReplaceAll(long, "\r", ""), "\n")
	for i := 0; i+1 < len(lines); i++ {
		line, next := lines[i], lines[i+1]
		if line == "" || next == "" || line[0] == ' ' || next[0] == ' ' {
			continue
		}
		first, _, _ := strings.Cut(next, " ")
		if utf8.RuneCountInString(line)+1+utf8.RuneCountInString(first) <= cols {
			t.Errorf("line %d of the help ends at column %d, but the next line's %q would fit after it:\n%s\n%s", i+1, utf8.RuneCountInString(line), first, line, next)
		}
	}
}

// asGmplab, set to 1, makes the test binary run as gmplab.
const asGmplab = "GMPLAB_CLI_TEST_AS_GMPLAB"

// onControllingTerminal runs gmplab (this test binary, as gmplab) in a
// session of its own whose controlling terminal is a pseudo-terminal of
// cols columns, as a shell would start it, with env added to its
// environment; answer, if not nil, plays the terminal's part in the
// conversation: given what gmplab wrote since its last answer, it returns
// what the terminal answers (nil: nothing yet). It returns what gmplab
// wrote.
func onControllingTerminal(t *testing.T, cols int, env []string, answer func(written []byte) []byte, args ...string) string {
	t.Helper()
	ptmx, tty := openPty(t, cols)
	defer ptmx.Close()
	cmd := exec.Command(os.Args[0], args...)
	// CI= because termenv takes any CI in the environment to mean "not a
	// terminal" (CI runs these tests with CI=true), and this is one.
	cmd.Env = append(append(os.Environ(), asGmplab+"=1", "TERM=xterm-256color", "TMUX=", "CI="), env...)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close()
	var out []byte
	done := make(chan struct{})
	go func() {
		defer close(done)
		buf := make([]byte, 4096)
		answered := 0
		for {
			n, err := ptmx.Read(buf)
			out = append(out, buf[:n]...)
			if answer != nil && len(out) > answered {
				if a := answer(out[answered:]); a != nil {
					ptmx.Write(a)
					answered = len(out)
				}
			}
			if err != nil {
				return
			}
		}
	}()
	if err := cmd.Wait(); err != nil {
		t.Logf("gmplab %s: %v", strings.Join(args, " "), err)
	}
	<-done
	return strings.ReplaceAll(string(out), "\r", "")
}

// terminalAnswering answers termenv's questions as a terminal with the
// background bg ("rgb:ffff/ffff/ffff"; "" answers the cursor report
// only, as a terminal that does not know OSC 11 does).
func terminalAnswering(bg string) func([]byte) []byte {
	return func(written []byte) []byte {
		if !bytes.Contains(written, []byte("\x1b[6n")) {
			return nil
		}
		a := "\x1b[1;1R"
		if bg != "" && bytes.Contains(written, []byte("\x1b]11;?")) {
			a = "\x1b]11;" + bg + "\x1b\\" + a
		}
		return []byte(a)
	}
}

// The lesson reader's colours follow the terminal's background: light
// text on a dark one, dark text on a light one, asked of the terminal
// (OSC 11) or told by COLORFGBG or GLAMOUR_STYLE; a terminal that cannot
// say gets no colour (readable on both), and NO_COLOR none at all.
func TestLessonColours(t *testing.T) {
	t.Chdir(repoRoot)
	const darkText, lightText = "38;5;252m", "38;5;234m" // glamour's dark and light styles' body text
	for _, c := range []struct {
		name   string
		env    []string
		bg     string // what the terminal answers
		want   string // the body text's colour ("": none)
		noANSI bool
	}{
		{"light terminal", nil, "rgb:ffff/ffff/ffff", lightText, false},
		{"dark terminal", nil, "rgb:0000/0000/0000", darkText, false},
		{"a terminal that cannot say", nil, "", "", false},
		{"COLORFGBG light", []string{"COLORFGBG=0;15"}, "", lightText, false},
		{"COLORFGBG dark", []string{"COLORFGBG=15;0"}, "rgb:ffff/ffff/ffff", darkText, false},
		{"GLAMOUR_STYLE", []string{"GLAMOUR_STYLE=light"}, "rgb:0000/0000/0000", lightText, false},
		{"NO_COLOR", []string{"NO_COLOR=1"}, "rgb:0000/0000/0000", "", true},
	} {
		t.Run(c.name, func(t *testing.T) {
			env := append([]string{progress.EnvDir + "=" + t.TempDir(), "NO_COLOR=", "GLAMOUR_STYLE=", "COLORFGBG="}, c.env...)
			// stdin is the terminal too: the reader asks for Enter;
			// q at the first pause leaves.
			out := onControllingTerminal(t, 80, env, func(w []byte) []byte {
				if a := terminalAnswering(c.bg)(w); a != nil {
					return a
				}
				if bytes.Contains(w, []byte("q: quit")) {
					return []byte("q\n")
				}
				return nil
			}, "lesson", "4")
			text := out
			if i := strings.Index(out, "lesson-04"); i >= 0 {
				text = out[i:]
			}
			switch {
			case c.noANSI && strings.Contains(text, "\x1b["):
				t.Errorf("escape sequences with NO_COLOR:\n%q", text[:min(len(text), 600)])
			case c.want != "" && !strings.Contains(text, c.want):
				t.Errorf("no %q (the body text's colour) in:\n%q", c.want, text[:min(len(text), 600)])
			case c.want == "" && (strings.Contains(text, darkText) || strings.Contains(text, lightText)):
				t.Errorf("the body text is coloured:\n%q", text[:min(len(text), 600)])
			}
		})
	}
}
