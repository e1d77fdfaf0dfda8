package cli

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gmplab/gmplab/view"
)

// How the reader keeps the renderer's wrapping readable where the
// Markdown can steer it: a paragraph's last line holds two words, a table
// too narrow for its words is laid out as a list, and code is not wrapped
// as prose.

// lastGlue stands in for the space between a paragraph's last two words
// while the renderer wraps (a character of Unicode's private use area,
// one column wide, at which neither of glamour's wraps breaks); spanKept
// puts the space back.
const lastGlue = "\ue005"

// keepLastWords joins the last two words of each paragraph, list item
// and hard-broken line of md (unwrap has made each one line) with
// lastGlue, so that the renderer never leaves one word alone on a
// paragraph's last line: when the last word does not fit, the one before
// it goes down with it. Two words wider than half of width are left
// apart (carrying them down would leave a short line above instead).
// Headings, tables, quotes, HTML and code blocks are left alone.
func keepLastWords(md string, width int) string {
	return mapProse(md, func(l string) string {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "#") || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "<") {
			return l
		}
		head := len(l) - len(strings.TrimLeft(l, " "))
		if m := listItem.FindString(l); m != "" {
			head = len(m)
		}
		body := strings.TrimRight(l[head:], " ")
		tail := l[head+len(body):] // a hard break's two spaces
		last := strings.LastIndexByte(body, ' ')
		if last < 0 {
			return l
		}
		prev := strings.LastIndexByte(body[:last], ' ') // -1: the line's first word
		if utf8.RuneCountInString(body[prev+1:]) > width/2 || !glueKeepsEmphasis(body[:last], body[last+1:]) {
			return l
		}
		first := body[:last]
		// A list item is wrapped after any of " ,.;-+|" too (see
		// spanMarks): a mark ending the first word would still let the
		// line break before the last ("sched.pc`," / "`…`);" in lesson 01).
		if r, n := utf8.DecodeLastRuneInString(first); r != '-' {
			if k, ok := spanMarks[r]; ok {
				first = first[:len(first)-n] + string(k)
			}
		}
		return l[:head] + first + lastGlue + body[last+1:] + tail
	})
}

// glueKeepsEmphasis reports whether the space between before and after
// can become lastGlue with the emphasis around it still read as such.
// CommonMark sees the space as whitespace and the stand-in as a letter: a
// "*" that closes after punctuation ("*BEAM:* none") or opens before it
// would no longer close or open, nor would a "_" next to it.
func glueKeepsEmphasis(before, after string) bool {
	b, _ := utf8.DecodeLastRuneInString(before)
	a, _ := utf8.DecodeRuneInString(after)
	if a == '_' || b == '_' {
		return false
	}
	if b == '*' {
		if c, _ := utf8.DecodeLastRuneInString(strings.TrimRight(before, "*")); unicode.IsPunct(c) || unicode.IsSymbol(c) {
			return false
		}
	}
	if a == '*' {
		if c, _ := utf8.DecodeRuneInString(strings.TrimLeft(after, "*")); unicode.IsPunct(c) || unicode.IsSymbol(c) {
			return false
		}
	}
	return true
}

// A table's rows: cells split at the pipes outside code spans.
type mdTable struct {
	head []string
	rows [][]string
}

// tableDelim matches a table's delimiter row: |---|:---:|.
var tableDelim = regexp.MustCompile(`^\|?(\s*:?-+:?\s*\|)+\s*(:?-+:?\s*)?$`)

// tableCells splits a table row at its pipes (not an escaped one, nor one
// inside a code span) and trims the cells.
func tableCells(l string) []string {
	l = strings.TrimSpace(l)
	l = strings.TrimPrefix(l, "|")
	if strings.HasSuffix(l, "|") && !strings.HasSuffix(l, `\|`) {
		l = l[:len(l)-1]
	}
	var cells []string
	var cur strings.Builder
	inCode := false
	for i := 0; i < len(l); i++ {
		switch c := l[i]; {
		case c == '\\' && i+1 < len(l) && l[i+1] == '|':
			cur.WriteString(`\|`)
			i++
		case c == '`':
			inCode = !inCode
			cur.WriteByte(c)
		case c == '|' && !inCode:
			cells = append(cells, strings.TrimSpace(cur.String()))
			cur.Reset()
		default:
			cur.WriteByte(c)
		}
	}
	return append(cells, strings.TrimSpace(cur.String()))
}

// asList writes the table as Markdown lists, a row an item: for two
// columns "first — second" under a line naming both columns; for more,
// the first cell as a line of its own, then each other cell as an item
// after its column's name.
func (t *mdTable) asList() string {
	var b strings.Builder
	if len(t.head) == 2 {
		b.WriteString("*" + t.head[0] + " — " + t.head[1] + ":*\n\n")
		for _, r := range t.rows {
			b.WriteString("- " + r[0] + " — " + r[1] + "\n")
		}
		return b.String()
	}
	for i, r := range t.rows {
		if i > 0 {
			b.WriteString("\n")
		}
		b.WriteString("**" + r[0] + "**\n\n")
		for j := 1; j < len(r); j++ {
			b.WriteString("- *" + t.head[j] + ":* " + r[j] + "\n")
		}
	}
	return b.String()
}

// tablesFitting returns md with each table that the renderer would cut
// inside a word (lipgloss cuts a word wider than its column, and drops
// the end of a header that does not fit) rewritten as a list (asList).
// A table is rendered alone to see: every word of its cells must be in
// the rendered table at least as often as in its cells. render is the
// reader's pipeline from Markdown to plain text.
func tablesFitting(md string, render func(string) string) string {
	if !strings.Contains(md, "|") {
		return md
	}
	lines := strings.Split(md, "\n")
	var out []string
	fenced := false
	for i := 0; i < len(lines); i++ {
		t := strings.TrimSpace(lines[i])
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		if fenced || !strings.HasPrefix(t, "|") || i+1 >= len(lines) || !tableDelim.MatchString(strings.TrimSpace(lines[i+1])) {
			out = append(out, lines[i])
			continue
		}
		end := i + 2
		for end < len(lines) && strings.HasPrefix(strings.TrimSpace(lines[end]), "|") {
			end++
		}
		src := strings.Join(lines[i:end], "\n")
		tab := &mdTable{head: tableCells(lines[i])}
		for _, l := range lines[i+2 : end] {
			cells := tableCells(l)
			for len(cells) < len(tab.head) {
				cells = append(cells, "")
			}
			tab.rows = append(tab.rows, cells[:len(tab.head)])
		}
		if tableWordsWhole(tab, render(src)) {
			out = append(out, lines[i:end]...)
		} else {
			out = append(out, strings.Split(strings.TrimSuffix(tab.asList(), "\n"), "\n")...)
		}
		i = end - 1
	}
	return strings.Join(out, "\n")
}

// cellMarkup is the inline Markdown the renderer does not print; a code
// span is a word of its own (the dark style pads it with spaces).
var cellMarkup = strings.NewReplacer("`", " ", "**", "", "*", "", `\|`, "|")

// tableWordsWhole reports whether every word of the table's cells is in
// its rendering (plain text) at least as often as in the cells.
func tableWordsWhole(t *mdTable, rendered string) bool {
	var cells []string
	for _, r := range append([][]string{t.head}, t.rows...) {
		for _, c := range r {
			cells = append(cells, cellMarkup.Replace(c))
		}
	}
	src := strings.Join(cells, "\n")
	for _, w := range strings.Fields(src) {
		if strings.Count(rendered, w) < strings.Count(src, w) {
			return false
		}
	}
	return true
}

// A piece of a part's Markdown: prose, or a fenced code block with its
// fences.
type segment struct {
	md   string
	code bool
}

// fencedSegments cuts md into its prose and its fenced code blocks (a
// part's cells are cut out already; these are the snippets the prose
// quotes: runtime source, shell commands).
func fencedSegments(md string) []segment {
	var segs []segment
	var cur []string
	fenced := false
	flush := func(code bool) {
		if len(cur) > 0 {
			segs = append(segs, segment{md: strings.Join(cur, "\n"), code: code})
			cur = nil
		}
	}
	for _, l := range strings.Split(md, "\n") {
		t := strings.TrimSpace(l)
		if strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			if !fenced {
				flush(false)
				cur = append(cur, l)
			} else {
				cur = append(cur, l)
				flush(true)
			}
			fenced = !fenced
			continue
		}
		cur = append(cur, l)
	}
	flush(fenced) // an unclosed fence runs to the end
	return segs
}

// codeBlock renders a fenced code block without the prose's wrap, which
// broke code at any dot or comma ("gomaxprocs-sched.npidle." / "Load()"
// in lesson 03). A line wider than the terminal is folded by the reader:
// a shell command between the shell's words with a trailing " \", as a
// shell reads it; other code between words, its continuation indented
// two more columns; either loses its colours (the renderer's highlighting
// cannot be cut).
func (r *reader) codeBlock(md string) string {
	out, err := r.code(md)
	if err != nil {
		return md
	}
	info := strings.TrimSpace(strings.TrimLeft(strings.TrimSpace(strings.SplitN(md, "\n", 2)[0]), "`~"))
	shell := info == "sh" || info == "bash" || info == "shell" || info == "console"
	var b strings.Builder
	for _, l := range strings.Split(out, "\n") {
		plain := stripANSI(l)
		if !r.tty || utf8.RuneCountInString(strings.TrimRight(plain, " ")) <= r.width {
			b.WriteString(l + "\n")
			continue
		}
		plain = strings.TrimRight(plain, " ")
		text := strings.TrimLeft(plain, " ")
		indent := plain[:len(plain)-len(text)]
		if shell {
			b.WriteString(foldShell(text, indent, r.width) + "\n")
			continue
		}
		for i, part := range strings.Split(view.Fill(text, r.width-len(indent)-2), "\n") {
			if i > 0 {
				part = "  " + part
			}
			b.WriteString(indent + part + "\n")
		}
	}
	return b.String()
}

// foldShell breaks a shell command line into lines of at most width
// columns between the shell's words (never inside quotes), each but the
// last ending in " \" and the next indented four more columns (a
// prompt's "$" stays with the command's first word).
func foldShell(line, indent string, width int) string {
	var lines []string
	cur, ind := "", indent
	for _, w := range shellWords(line) {
		if cur != "" && cur != "$" && len(ind)+utf8.RuneCountInString(cur)+1+utf8.RuneCountInString(w)+2 > width {
			lines = append(lines, ind+cur+" \\")
			cur, ind = w, indent+"    "
			continue
		}
		if cur == "" {
			cur = w
		} else {
			cur += " " + w
		}
	}
	return strings.Join(append(lines, ind+cur), "\n")
}

// itemStart matches the start of a rendered list item: its indent and
// its bullet or number.
var itemStart = regexp.MustCompile(`^( *)(• |\d+\. )`)

// hangItems indents the lines that continue a rendered list item under
// its text, past its bullet or number: glamour starts them under the
// bullet, where they read as text outside the list. The wrap's four
// spare columns (the renderer wraps at width-4) hold the indent.
func hangItems(rendered string) string {
	lines := strings.Split(rendered, "\n")
	indent, hang := -1, ""
	blank := true
	for i, l := range lines {
		p := stripANSI(l)
		text := strings.TrimLeft(p, " ")
		after := blank
		blank = text == ""
		if text == "" {
			indent = -1
			continue
		}
		// A number starts an item only after a blank line or in a list:
		// a paragraph's line may begin "2. Do not count" too.
		if m := itemStart.FindStringSubmatch(p); m != nil && (after || indent >= 0 || m[2] == "• ") {
			indent, hang = len(m[1]), strings.Repeat(" ", utf8.RuneCountInString(m[2]))
			continue
		}
		// One space more: the line starts with a code span's padding.
		if lead := len(p) - len(text); lead == indent || lead == indent+1 {
			lines[i] = hang + l
		} else {
			indent = -1
		}
	}
	return strings.Join(lines, "\n")
}

// numberAfterSpace matches a space that the renderer could break a line
// at, before a number that would then start the line as a list item's
// does: "exit status 2. Do not", "`--gomaxprocs 1`. When" (the closing
// backticks do not show).
var numberAfterSpace = regexp.MustCompile("(\\S) (\\d+`*[.)])( |$)")

// keepNumbersInLine joins such a number to the word before it with
// lastGlue, so that no wrapped line of a paragraph or list item begins
// with "2. " and reads as the start of a numbered item (hangItems would
// also take it for one). A list item's own number starts its line and is
// left alone, as are headings, tables and code blocks.
func keepNumbersInLine(md string) string {
	return mapProse(md, func(l string) string {
		t := strings.TrimSpace(l)
		if t == "" || strings.HasPrefix(t, "|") || strings.HasPrefix(t, "#") {
			return l
		}
		for from := 0; ; {
			m := numberAfterSpace.FindStringSubmatchIndex(l[from:])
			if m == nil {
				return l
			}
			space := from + m[3] // the space after the word's last character
			if glueKeepsEmphasis(l[:space], l[space+1:]) {
				l = l[:space] + lastGlue + l[space+1:]
			}
			from = space + 1
		}
	})
}
