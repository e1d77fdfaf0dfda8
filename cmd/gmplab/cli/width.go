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
// least: narrower than view.MinWidth, some lines will not fit), else
// view.Width.
func layoutWidth(w io.Writer) int {
	if f, ok := w.(*os.File); ok && term.IsTerminal(int(f.Fd())) {
		if cols, _, err := term.GetSize(int(f.Fd())); err == nil && cols > 0 {
			return max(cols, 40)
		}
	}
	return view.Width
}

// proseWidth is layoutWidth for text read as paragraphs (a lesson, a
// quiz): at most 120 columns, which read better than a wide window's.
func proseWidth(w io.Writer) int { return min(layoutWidth(w), 120) }

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
