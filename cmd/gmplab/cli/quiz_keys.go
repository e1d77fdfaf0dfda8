package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"strings"

	"golang.org/x/term"
)

// An asked is how a quiz's question ended.
type asked int

const (
	answered   asked = iota // a choice was picked
	inputEnded              // the input ended (or too many answers were not a letter)
	leftQuiz                // the learner left: q, Ctrl-C, Ctrl-D on a terminal, q on a line
)

// An answerSource reads the answers to a quiz's questions (gmplab quiz and
// its --practice): single keys on a terminal, as the lesson reader reads
// its keys (rawKeys), else lines.
type answerSource interface {
	// answer asks for one of n choices, writing the prompt to w.
	answer(w *bufio.Writer, n int) (int, asked)
	// keys reports whether answers are single keys (the quiz says so).
	keys() bool
}

// answersOf is where a quiz reads its answers from in.
func answersOf(in io.Reader) answerSource {
	if f, ok := in.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		return &keyAnswers{in: f}
	}
	return &lineAnswers{r: bufio.NewReader(in), echo: true}
}

// lineAnswers reads an answer a line at a time: a script (gmplab quiz 4 <
// answers.txt), a pipe, a test. echo repeats each answer after its prompt,
// so a scripted session reads as typed.
type lineAnswers struct {
	r    *bufio.Reader
	echo bool
}

func (l *lineAnswers) keys() bool { return false }

func (l *lineAnswers) answer(w *bufio.Writer, n int) (int, asked) {
	last := 'a' + rune(n) - 1
	for try := 0; try < maxRetries; try++ {
		fmt.Fprintf(w, "Your answer (a-%c): ", last)
		w.Flush()
		line, err := l.r.ReadString('\n')
		a := strings.ToLower(strings.TrimSpace(line))
		if err != nil && line == "" {
			return 0, inputEnded
		}
		if l.echo {
			fmt.Fprintln(w, a)
		}
		if len(a) == 1 && a[0] >= 'a' && rune(a[0]) <= last {
			return int(a[0] - 'a'), answered
		}
		if a == "q" || a == "quit" {
			return 0, leftQuiz
		}
		fmt.Fprintf(w, "Answer with one letter, a to %c.\n", last)
	}
	return 0, inputEnded
}

// keyAnswers reads an answer as one key from a terminal, in raw mode for
// the time of the answer only (inRaw): a choice's letter answers at once,
// with no Enter; q, Ctrl-C or Ctrl-D leaves. Another printable key or
// Enter asks again, saying which keys answer; the arrows, function keys
// and other control keys are passed over. Nothing is written while the
// terminal is raw: the letter is shown once the mode is restored.
type keyAnswers struct {
	in    *os.File
	lines *lineAnswers // once the terminal would not go raw
}

func (k *keyAnswers) keys() bool { return k.lines == nil }

func (k *keyAnswers) answer(w *bufio.Writer, n int) (int, asked) {
	last := 'a' + byte(n) - 1
	for {
		if k.lines != nil {
			return k.lines.answer(w, n)
		}
		w.Flush()
		var c byte
		var ok bool
		// The prompt is written once the terminal is raw (it holds no
		// line end), so a key pressed as soon as it shows is not echoed.
		if !inRaw(k.in, func() {
			fmt.Fprintf(w, "Your answer (a-%c): ", last)
			w.Flush()
			c, ok = k.key()
		}) {
			k.lines = &lineAnswers{r: bufio.NewReader(k.in)} // not a terminal after all
			continue
		}
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		}
		switch {
		case !ok:
			fmt.Fprintln(w)
			return 0, inputEnded
		case c >= 'a' && c <= last:
			fmt.Fprintf(w, "%c\n", c)
			return int(c - 'a'), answered
		case c == 'q' || c == 3 || c == 4: // Ctrl-C, Ctrl-D
			fmt.Fprintln(w, "q")
			return 0, leftQuiz
		case c == '\r' || c == '\n':
			fmt.Fprintf(w, "\nPress one letter, a to %c (no Enter needed); q leaves.\n", last)
		default:
			fmt.Fprintf(w, "%c\nPress one letter, a to %c (no Enter needed); q leaves.\n", c, last)
		}
	}
}

// key reads keys until one that answers or asks again: a printable
// character, Enter, Ctrl-C or Ctrl-D. An escape sequence (an arrow, Page
// Down, F1) is read to its end and passed over (readEscape).
func (k *keyAnswers) key() (byte, bool) {
	next := byteReader(k.in)
	for {
		c, ok := next()
		if !ok {
			return 0, false
		}
		if c == 0x1b {
			seq, c, ok := readEscape(next)
			if !ok {
				return 0, false
			}
			if seq == nil {
				return c, true // Esc then a key: read as that key
			}
			continue
		}
		if c == 3 || c == 4 || c == '\r' || c == '\n' || (c >= 0x20 && c < 0x7f) {
			return c, true
		}
		// Tab, Backspace, another control key: not an answer.
	}
}
