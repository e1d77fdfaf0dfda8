package cli

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"time"

	"golang.org/x/term"
)

// A keyKind is what the learner asked for at one of the reader's pauses.
type keyKind int

const (
	keyGo   keyKind = iota // Enter or space: on (more text, run the cell, the next section)
	keySkip                // s: skip the cell offered, or the rest of the text
	keyNext                // n: on to the next section
	keyBack                // b: back to the section before
	keyJump                // a section's number
	keyHelp                // ?: the keys and the sections
	keyQuit                // q (Ctrl-C, Ctrl-D): leave
	keyEOF                 // the input ended
	keyNone                // nothing (a section number given up): read again
)

// key is one answer at a pause.
type key struct {
	kind    keyKind
	section int // keyJump's: 1 for the first section
}

// keySource reads the learner's answer at a pause. sections is the number
// of sections there are to jump to.
type keySource interface {
	read(sections int) key
}

// keyHelp is what ? shows, before the list of sections.
const keysHelp = `Keys (no Enter needed on a terminal):
  Enter, space  on: more text, run the cell, the next section
  s             skip the cell offered (or the rest of this text)
  n             the next section
  b             back to the section before
  1-99          go to that section (Enter ends a number that could go on)
  q             leave (gmplab next comes back to this section)
  ?             this help`

// lineKeys reads answers a line at a time: the reader's input when it is
// not a terminal (a script, a test). A line holds what a key would be:
// empty for Enter, q, s, n, b, ?, or a section's number.
type lineKeys struct{ r *bufio.Reader }

func (k lineKeys) read(sections int) key {
	line, err := k.r.ReadString('\n')
	if err != nil && line == "" {
		return key{kind: keyEOF}
	}
	return parseKeyLine(strings.ToLower(strings.TrimSpace(line)), sections)
}

// parseKeyLine reads a line of lineKeys.
func parseKeyLine(line string, sections int) key {
	switch line {
	case "", " ":
		return key{kind: keyGo}
	case "q", "quit", "exit":
		return key{kind: keyQuit}
	case "s", "skip":
		return key{kind: keySkip}
	case "n", "next":
		return key{kind: keyNext}
	case "b", "back", "p":
		return key{kind: keyBack}
	}
	if n, err := strconv.Atoi(line); err == nil && n >= 1 && n <= sections {
		return key{kind: keyJump, section: n}
	}
	return key{kind: keyHelp}
}

// rawKeys reads single keys from a terminal, in raw mode for the time of
// one answer only (inRaw).
type rawKeys struct {
	in   *os.File
	echo io.Writer // where a section number being typed is shown
}

func (k rawKeys) read(sections int) key {
	var got key
	if !inRaw(k.in, func() { got = k.decode(sections) }) {
		// Not a terminal after all: answer by lines.
		return lineKeys{bufio.NewReader(k.in)}.read(sections)
	}
	return got
}

// inRaw runs read with the terminal in put in raw mode (term.MakeRaw), and
// reports false, without calling read, when in is not a terminal. The mode
// lasts for the time of one answer only, so the cells' output, the
// debugger and the learner's shell always find the terminal as it was.
// It is restored on every way out: the answer, a panic (deferred), and a
// signal from elsewhere (SIGTERM, SIGHUP: raw mode turns Ctrl-C into a
// key, which the readers take as q), after which the signal is sent again
// to end gmplab as it would have. In raw mode the terminal does not turn
// "\n" into a new line's start: read writes no line ends.
func inRaw(in *os.File, read func()) bool {
	fd := int(in.Fd())
	old, err := term.MakeRaw(fd)
	if err != nil {
		return false
	}
	sigs := make(chan os.Signal, 1)
	done := make(chan struct{})
	signal.Notify(sigs, syscall.SIGTERM, syscall.SIGHUP, syscall.SIGINT, syscall.SIGQUIT)
	go func() {
		select {
		case s := <-sigs:
			term.Restore(fd, old)
			signal.Reset(s)
			if p, err := os.FindProcess(os.Getpid()); err == nil && p.Signal(s) == nil {
				time.Sleep(time.Second) // the signal ends gmplab meanwhile
			}
			os.Exit(128 + signalNumber(s))
		case <-done:
		}
	}()
	defer func() {
		signal.Stop(sigs)
		close(done)
		term.Restore(fd, old)
	}()
	read()
	return true
}

// signalNumber is a signal's number, for the exit status a shell reports.
func signalNumber(s os.Signal) int {
	if n, ok := s.(syscall.Signal); ok {
		return int(n)
	}
	return 1
}

// byteReader reads in one byte at a time: next's ok is false at the end
// of input or on an error.
func byteReader(in io.Reader) (next func() (byte, bool)) {
	b := make([]byte, 1)
	return func() (byte, bool) {
		n, err := in.Read(b)
		return b[0], n == 1 && err == nil
	}
}

// readEscape reads what follows an ESC (0x1b) a terminal sent: for a
// control sequence (ESC [ or ESC O: an arrow, Page Down, F1) its bytes up
// to and with the final one (0x40-0x7e), as seq, so that its last letter
// is never taken for a key of its own; for ESC and another key, that key
// (seq nil). ok is false if input ends first.
func readEscape(next func() (byte, bool)) (seq []byte, after byte, ok bool) {
	c, ok := next()
	if !ok {
		return nil, 0, false
	}
	if c != '[' && c != 'O' {
		return nil, c, true
	}
	for {
		if c, ok = next(); !ok {
			return nil, 0, false
		}
		seq = append(seq, c)
		if c >= 0x40 && c <= 0x7e {
			return seq, 0, true
		}
	}
}

// decode reads one key's bytes.
func (k rawKeys) decode(sections int) key {
	next := byteReader(k.in)
	for {
		c, ok := next()
		if !ok {
			return key{kind: keyEOF}
		}
		switch c {
		case '\r', '\n', ' ':
			return key{kind: keyGo}
		case 'q', 'Q', 3, 4: // Ctrl-C, Ctrl-D
			return key{kind: keyQuit}
		case 's', 'S':
			return key{kind: keySkip}
		case 'n', 'N':
			return key{kind: keyNext}
		case 'b', 'B', 'p', 'P':
			return key{kind: keyBack}
		case '?', 'h', 'H':
			return key{kind: keyHelp}
		case 0x1b: // an escape sequence: the arrows and Page Up/Down
			seq, _, ok := readEscape(next)
			if !ok {
				return key{kind: keyEOF}
			}
			switch string(seq) { // Esc then a key (seq nil): passed over
			case "B", "C", "6~": // down, right, Page Down
				return key{kind: keyGo}
			case "A", "D", "5~": // up, left, Page Up
				return key{kind: keyBack}
			}
			continue // another key (F1, Home, …): not one of the reader's
		}
		if c >= '1' && c <= '9' {
			if k := k.number(int(c-'0'), sections, next); k.kind != keyNone {
				return k
			}
			continue
		}
		if c < 0x20 || c == 0x7f {
			continue // another control key (Tab, Backspace, …)
		}
		return key{kind: keyHelp} // a key that is not the reader's: say which are
	}
}

// number reads the rest of a section's number whose first digit is n:
// it jumps as soon as no further digit could make a section (9 of 12
// sections jumps at once; 1 waits for a second digit or Enter). The
// digits are shown as they come; Backspace takes one back, Esc gives up.
// A digit beyond the last section shows the help; giving up is keyNone.
func (k rawKeys) number(n, sections int, next func() (byte, bool)) key {
	if n > sections {
		return key{kind: keyHelp}
	}
	digits := strconv.Itoa(n)
	fmt.Fprintf(k.echo, "section %s", digits)
	for {
		if v, _ := strconv.Atoi(digits); v*10 > sections {
			return key{kind: keyJump, section: v}
		}
		c, ok := next()
		switch {
		case !ok:
			return key{kind: keyEOF}
		case c == '\r' || c == '\n':
			return key{kind: keyJump, section: atoi(digits)}
		case c >= '0' && c <= '9' && atoi(digits+string(c)) <= sections:
			digits += string(c)
			fmt.Fprintf(k.echo, "%c", c)
		case c == 127 || c == 8:
			if len(digits) == 1 {
				fmt.Fprint(k.echo, strings.Repeat("\b \b", len("section ")+1))
				return key{kind: keyNone}
			}
			digits = digits[:len(digits)-1]
			fmt.Fprint(k.echo, "\b \b")
		case c == 0x1b || c == 3 || c == 'q':
			fmt.Fprint(k.echo, strings.Repeat("\b \b", len("section ")+len(digits)))
			return key{kind: keyNone}
		}
	}
}

func atoi(s string) int {
	n, _ := strconv.Atoi(s)
	return n
}
