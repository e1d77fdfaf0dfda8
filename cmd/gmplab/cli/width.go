package cli

import (
	"fmt"
	"io"
	"os"

	"golang.org/x/term"

	"github.com/gmplab/gmplab/view"
)

// Every command lays its output out for the terminal it writes to, and
// for view.Width (100) columns when it writes to a pipe or a file, so that
// golden files, a lesson's stored outputs and `| grep` get the same bytes
// on every machine. $COLUMNS is not read: it is the shell's, and a pipe
// has no width.

// layoutWidth is the width to lay out for on w: the terminal's (40 at
// least: narrower than view.MinWidth, some lines will not fit), or 0 when
// w is not a terminal: the fixed form (view.Width), whose bytes are the
// same on every machine.
func layoutWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return max(cols, 40)
		}
	}
	return 0
}

// proseWidth is the width for text read as paragraphs (a lesson, a quiz):
// the terminal's, at most 120 columns, which read better than a wide
// window's; view.Width for the fixed form.
func proseWidth(w io.Writer) int {
	if n := layoutWidth(w); n > 0 {
		return min(n, 120)
	}
	return view.Width
}

// outputHeight is the terminal's height when w is one, else $LINES or 40.
func outputHeight(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if _, rows, err := term.GetSize(int(f.Fd())); err == nil && rows >= 10 {
			return rows
		}
	}
	var n int
	if _, err := fmt.Sscan(os.Getenv("LINES"), &n); err == nil && n >= 10 {
		return n
	}
	return 40
}

// paragraphWidth is the width to fill a paragraph of prose to: 80 columns
// (the fixed form's, and the most that reads well), less on a narrower
// terminal.
func paragraphWidth(width int) int {
	if width <= 0 {
		return 80
	}
	return min(80, width)
}
