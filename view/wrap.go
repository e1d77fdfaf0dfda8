package view

import (
	"regexp"
	"strings"
	"unicode/utf8"
)

// Width is the fixed width of gmplab's text when it goes to a pipe or a
// file (golden files, lessons' stored outputs, `| grep`): the same bytes on
// every machine. On a terminal the commands lay out for its width instead
// (MinWidth at least).
const Width = 100

// MinWidth is the narrowest terminal gmplab lays out for: an event's
// columns up to its kind take 56.
const MinWidth = 60

// Fill lays text out for width columns: a line longer than that is broken
// at spaces, never inside a word, and its continuation lines are indented
// to where its text starts, or, for a line in columns (two spaces or more
// between fields: help's list, a table's row), to where its last column
// starts. A word too long for the room left stays whole on a line of its
// own. Lines that fit are left as they are, so Fill(Fill(s)) is Fill(s);
// width 0 leaves text alone.
func Fill(text string, width int) string {
	if width <= 0 || !tooWide(text, width) {
		return text
	}
	var b strings.Builder
	for i, line := range strings.Split(text, "\n") {
		if i > 0 {
			b.WriteByte('\n')
		}
		fillLine(&b, line, width)
	}
	return b.String()
}

// tooWide reports whether a line of text is wider than width.
func tooWide(text string, width int) bool {
	for len(text) > 0 {
		line, rest, _ := strings.Cut(text, "\n")
		if len(line) > width && utf8.RuneCountInString(line) > width {
			return true
		}
		text = rest
	}
	return false
}

// fillLine writes one line, broken to fit width.
func fillLine(b *strings.Builder, line string, width int) {
	if utf8.RuneCountInString(line) <= width {
		b.WriteString(line)
		return
	}
	indent := hangingIndent(line, width)
	col := 0
	first := true
	for _, w := range words(line) {
		n := utf8.RuneCountInString(w.text)
		switch {
		case first:
			b.WriteString(w.lead + w.text)
			col = utf8.RuneCountInString(w.lead) + n
			first = false
		case col+len(w.lead)+n <= width:
			b.WriteString(w.lead + w.text)
			col += len(w.lead) + n
		default:
			b.WriteString("\n" + strings.Repeat(" ", indent) + w.text)
			col = indent + n
		}
	}
}

// listMarker is the start of a list's item: "1. ", "12. ", "- ", "* ",
// "• ".
var listMarker = regexp.MustCompile(`^(\d{1,3}\.|[-*•]) +`)

// word is a run of non-spaces and the spaces before it.
type word struct{ lead, text string }

func words(line string) []word {
	var ws []word
	for len(line) > 0 {
		sp := len(line) - len(strings.TrimLeft(line, " "))
		rest := line[sp:]
		end := strings.IndexByte(rest, ' ')
		if end < 0 {
			end = len(rest)
		}
		ws = append(ws, word{lead: line[:sp], text: rest[:end]})
		line = rest[end:]
	}
	return ws
}

// hangingIndent is where a broken line's continuations start: under its
// last column (after the last run of two or more spaces) if that leaves
// room enough (a quarter of the width, 16 columns at least), else under
// its first word (past a list item's marker: "1. ", "- ") if that does,
// else at the margin.
func hangingIndent(line string, width int) int {
	room := max(16, width/4)
	lead := len(line) - len(strings.TrimLeft(line, " "))
	indent := lead
	if m := listMarker.FindString(line[lead:]); m != "" {
		indent += len(m) // under the item's text
	}
	for i := lead + 1; i+1 < len(line); i++ {
		if line[i] != ' ' || line[i+1] != ' ' || line[i-1] == ' ' {
			continue
		}
		j := i
		for j < len(line) && line[j] == ' ' {
			j++
		}
		if c := utf8.RuneCountInString(line[:j]); width-c >= room {
			indent = c
		}
	}
	if width-indent < room {
		indent = 0
	}
	return indent
}

// Unfold joins the lines of text that continue a paragraph into one line,
// so that Fill can break the paragraph again for another width: a line of
// unindented prose continues in the next unindented line, and a
// definition ("  text   one line per event …") in the next line indented
// to its definition's column. Blank lines, list items, a change of indent
// and indented lines of another kind (commands, examples) keep their
// breaks. Help texts are written broken for 80 to 100 columns; unfolded
// and filled, they fit a narrower terminal without ragged lines.
func Unfold(text string) string {
	lines := strings.Split(text, "\n")
	var out []string
	cont := -1 // the indent of the current paragraph's continuation lines, or -1
	for _, line := range lines {
		lead := len(line) - len(strings.TrimLeft(line, " "))
		body := line[lead:]
		if cont >= 0 && body != "" && lead == cont && !listMarker.MatchString(body) {
			out[len(out)-1] += " " + body
			continue
		}
		out = append(out, line)
		cont = -1
		if body == "" {
			continue
		}
		switch hang := hangingIndent(line, 1<<20); {
		case lead == 0 && hang == 0 && !listMarker.MatchString(body):
			cont = 0
		case hang > lead+len(listMarker.FindString(body)):
			cont = hang
		}
	}
	return strings.Join(out, "\n")
}
