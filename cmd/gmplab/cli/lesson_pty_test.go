//go:build linux

package cli

import (
	"bytes"
	"io"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"github.com/gmplab/gmplab/progress"
)

// readerOnTerminal runs gmplab lesson (this test binary, as gmplab) with
// a pseudo-terminal as its controlling terminal and standard streams, as a
// shell starts it. act plays the learner: given all gmplab has written so
// far, it returns the bytes to type next (nil: nothing yet), or asks for
// a signal to be sent to gmplab. It returns what gmplab wrote, the
// terminal's settings once gmplab is gone, and how gmplab ended.
func readerOnTerminal(t *testing.T, act func(out []byte) ([]byte, os.Signal), args ...string) (string, *unix.Termios, *os.ProcessState) {
	t.Helper()
	ptmx, tty := openPty(t, 80)
	defer ptmx.Close()
	cmd := exec.Command(os.Args[0], args...)
	// GLAMOUR_STYLE: no question to the terminal; CI= because termenv
	// takes any CI to mean "not a terminal".
	cmd.Env = append(os.Environ(), asGmplab+"=1", "TERM=xterm-256color", "TMUX=", "CI=",
		"NO_COLOR=1", "GLAMOUR_STYLE=dark", progress.EnvDir+"="+t.TempDir())
	cmd.Stdin, cmd.Stdout, cmd.Stderr = tty, tty, tty
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true, Setctty: true, Ctty: 0}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan struct{})
	go func() {
		cmd.Wait()
		close(exited)
	}()
	var out []byte
	reads := make(chan []byte)
	go func() {
		for {
			buf := make([]byte, 4096)
			n, err := ptmx.Read(buf)
			if n > 0 {
				reads <- buf[:n]
			}
			if err != nil {
				close(reads)
				return
			}
		}
	}()
	// A minute is far more than the fixture takes even under load: a
	// reader still waiting then is waiting for an Enter it should not
	// need.
	deadline := time.After(time.Minute)
	live := reads // nil once closed
	for done := false; !done; {
		select {
		case b, ok := <-live:
			if !ok {
				live = nil
				continue
			}
			out = append(out, b...)
			typed, sig := act(out)
			if typed != nil {
				ptmx.Write(typed)
			}
			if sig != nil {
				cmd.Process.Signal(sig)
			}
		case <-exited:
			done = true
		case <-deadline:
			cmd.Process.Kill()
			<-exited
			tty.Close()
			t.Fatalf("gmplab %s still running after a minute; it wrote:\n%s", strings.Join(args, " "), out)
		}
	}
	// The terminal's settings, then what is left to read: closing the
	// terminal's last end makes the reading goroutine's Read fail.
	tio, err := unix.IoctlGetTermios(int(tty.Fd()), unix.TCGETS)
	if err != nil {
		t.Fatal(err)
	}
	tty.Close()
	for b := range reads {
		out = append(out, b...)
	}
	return strings.ReplaceAll(string(out), "\r", ""), tio, cmd.ProcessState
}

// cooked reports whether a terminal is back in its usual mode: lines
// edited and echoed, Ctrl-C a signal.
func cooked(tio *unix.Termios) bool {
	return tio.Lflag&unix.ICANON != 0 && tio.Lflag&unix.ECHO != 0 && tio.Lflag&unix.ISIG != 0
}

// On a terminal the reader answers single keys, with no Enter: ? lists
// the keys and the sections, a section's number goes there, q leaves at
// once. The terminal is left as it was found, after q, after the end, and
// after a signal.
func TestLessonKeysOnTerminal(t *testing.T) {
	t.Chdir(repoRoot)
	fix := "cmd/gmplab/cli/" + fixture
	after := func(out []byte, marker string, n int) bool { return bytes.Count(out, []byte(marker)) == n }

	t.Run("? then 3", func(t *testing.T) {
		sent := 0
		out, tio, st := readerOnTerminal(t, func(out []byte) ([]byte, os.Signal) {
			switch {
			case sent == 0 && after(out, "?: keys ──", 1):
				sent++
				return []byte("?"), nil
			case sent == 1 && bytes.Contains(out, []byte("Sections:")) && after(out, "?: keys ──", 2):
				sent++
				return []byte("3"), nil
			}
			return nil, nil
		}, "lesson", fix)
		if !st.Success() || !strings.Contains(out, "   3  Quiz") || !strings.Contains(out, "## Quiz") || strings.Contains(out, "## The cells") || !strings.Contains(out, "End of lesson-99.") {
			t.Errorf("%v; wrote:\n%s", st, out)
		}
		if !cooked(tio) {
			t.Errorf("the terminal is left raw: lflag %#x", tio.Lflag)
		}
	})
	t.Run("q", func(t *testing.T) {
		out, tio, st := readerOnTerminal(t, func(out []byte) ([]byte, os.Signal) {
			if after(out, "?: keys ──", 1) {
				return []byte("q"), nil
			}
			return nil, nil
		}, "lesson", fix)
		if !st.Success() || strings.Contains(out, "End of lesson-99") {
			t.Errorf("%v; wrote:\n%s", st, out)
		}
		if !cooked(tio) {
			t.Errorf("the terminal is left raw: lflag %#x", tio.Lflag)
		}
	})
	t.Run("SIGTERM", func(t *testing.T) {
		out, tio, st := readerOnTerminal(t, func(out []byte) ([]byte, os.Signal) {
			if after(out, "?: keys ──", 1) {
				// The prompt is written just before the terminal is
				// made raw: wait for it to be.
				time.Sleep(200 * time.Millisecond)
				return nil, syscall.SIGTERM
			}
			return nil, nil
		}, "lesson", fix)
		ws, _ := st.Sys().(syscall.WaitStatus)
		if !ws.Signaled() || ws.Signal() != syscall.SIGTERM {
			t.Errorf("gmplab ended %v, not by the signal; wrote:\n%s", st, out)
		}
		if !cooked(tio) {
			t.Errorf("the terminal is left raw after SIGTERM: lflag %#x", tio.Lflag)
		}
	})
}

// gmplab next's lines fold to the terminal's width like every command's.
func TestNextOnTerminal(t *testing.T) {
	t.Chdir(repoRoot)
	dir := t.TempDir()
	t.Setenv(progress.EnvDir, dir)
	st, err := progress.OpenAt(dir)
	if err != nil {
		t.Fatal(err)
	}
	st.MarkLessonRead("lesson-04")
	st.RecordQuiz("lesson-04", 5, 5)
	out := onTerminal(t, 60, "", "next")
	if !strings.Contains(out, "gmplab check 04-") {
		t.Fatalf("gmplab next does not name lesson 04's exercise:\n%s", out)
	}
	for i, line := range strings.Split(out, "\n") {
		if n := len([]rune(line)); n > 60 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
}

// gmplab compare's report folds to the terminal's width (the simulator's
// side here: the real runs change nothing in the layout).
func TestCompareOnTerminal(t *testing.T) {
	t.Chdir(repoRoot)
	ptmx, tty := openPty(t, 60)
	defer ptmx.Close()
	var out bytes.Buffer
	done := make(chan struct{})
	go func() {
		io.Copy(&out, ptmx)
		close(done)
	}()
	cmd := newCompareCmd(func(o *CompareOptions) error { o.simOnly = true; return runCompare(o) })
	cmd.SetArgs([]string{"examples/gosched.go", "--gomaxprocs", "1"})
	cmd.SetOut(tty)
	cmd.SetErr(tty)
	err := cmd.Execute()
	tty.Close()
	<-done
	if err != nil {
		t.Fatal(err)
	}
	got := strings.ReplaceAll(out.String(), "\r", "")
	if !strings.Contains(got, "time runnable p50") {
		t.Fatalf("no report:\n%s", got)
	}
	for i, line := range strings.Split(got, "\n") {
		if n := len([]rune(line)); n > 60 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
	// The closing paragraph is filled again, not left ragged.
	if !strings.Contains(got, "What the trace cannot show: the run queues' contents (which\nG waits") || strings.Contains(got, "G waits in which\nP's ring") {
		t.Errorf("the closing paragraph is not filled for 60 columns:\n%s", got)
	}
}

// gmplab replay --report folds to the terminal's width.
func TestReplayReportOnTerminal(t *testing.T) {
	t.Chdir(repoRoot)
	var trace, errb bytes.Buffer
	if code := Run([]string{"run", "examples/steal.go", "--gomaxprocs", "4", "--format", "trace"}, strings.NewReader(""), &trace, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	file := t.TempDir() + "/steal.trace"
	if err := os.WriteFile(file, trace.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	got := onTerminal(t, 60, "", "replay", file, "--report")
	if !strings.Contains(got, "longest waits") {
		t.Fatalf("no report:\n%s", got)
	}
	for i, line := range strings.Split(got, "\n") {
		if n := len([]rune(line)); n > 60 {
			t.Errorf("line %d is %d columns wide: %q", i+1, n, line)
		}
	}
}

// On a terminal a quiz takes its answers as single keys, as the reader
// does: a letter answers at once (no Enter; the test would wait for one
// until its minute is up), an arrow is passed over whole (its last byte,
// a letter, is not an answer), a key that is not a choice asks again, and
// q leaves with no score recorded. The terminal is left as it was found.
func TestQuizKeysOnTerminal(t *testing.T) {
	t.Chdir(repoRoot)
	fix := "cmd/gmplab/cli/" + fixture
	prompts := func(out []byte) int { return bytes.Count(out, []byte("Your answer (a-")) }

	t.Run("letters", func(t *testing.T) {
		sent := 0
		out, tio, st := readerOnTerminal(t, func(out []byte) ([]byte, os.Signal) {
			switch {
			case sent == 0 && prompts(out) == 1:
				sent++
				return []byte("a"), nil
			case sent == 1 && prompts(out) == 2:
				sent++
				// Down (ESC [ B) then z: the arrow is no answer, z no choice.
				return []byte("\x1b[Bz"), nil
			case sent == 2 && prompts(out) == 3:
				sent++
				return []byte("D"), nil
			}
			return nil, nil
		}, "quiz", fix)
		if !st.Success() {
			t.Errorf("%v; wrote:\n%s", st, out)
		}
		if !strings.Contains(strings.Join(strings.Fields(out), " "), "Press a choice's letter (no Enter needed); q leaves.") {
			t.Errorf("the quiz does not say how to answer; wrote:\n%s", out)
		}
		for _, want := range []string{"Your answer (a-b): a\nRight: G7.", "Your answer (a-d): z\nPress one letter, a to d (no Enter needed); q leaves.\nYour answer (a-d): d\nRight: 3.", "Score: 2/2."} {
			if !strings.Contains(out, want) {
				t.Errorf("the quiz on a terminal lacks %q; wrote:\n%s", want, out)
			}
		}
		if !cooked(tio) {
			t.Errorf("the terminal is left raw: lflag %#x", tio.Lflag)
		}
	})
	t.Run("q", func(t *testing.T) {
		out, tio, st := readerOnTerminal(t, func(out []byte) ([]byte, os.Signal) {
			if prompts(out) == 1 {
				return []byte("q"), nil
			}
			return nil, nil
		}, "quiz", fix)
		if !st.Success() || !strings.Contains(out, "You left at question 1 of 2: no score recorded") || strings.Contains(out, "Score:") {
			t.Errorf("%v; wrote:\n%s", st, out)
		}
		if !cooked(tio) {
			t.Errorf("the terminal is left raw: lflag %#x", tio.Lflag)
		}
	})
}
