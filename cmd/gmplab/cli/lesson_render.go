package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/view"
)

// How the reader draws what is not Markdown: a cell's command, its output
// behind a gutter, a quiz's question. On a terminal with colour, ANSI
// styles; otherwise plain text.

// ANSI styles.
const (
	bold  = "\x1b[1m"
	dim   = "\x1b[2m"
	cyan  = "\x1b[36m"
	blue  = "\x1b[34m"
	reset = "\x1b[0m"
)

// style wraps s in an ANSI style on a colour terminal. Cyan, the
// commands' colour, is blue on a light background, where cyan is faint.
func (r *reader) style(st, s string) string {
	if !r.tty || noColor() {
		return s
	}
	if r.bg == bgLight {
		st = strings.ReplaceAll(st, cyan, blue)
	}
	return st + s + reset
}

// title is the line above the lesson.
func (r *reader) title() string {
	l := r.nb.Lesson
	parts := []string{l.Name(), r.nb.Dir, "layers " + l.Layers().String(), fmt.Sprintf("GOMAXPROCS=%d", l.GOMAXPROCS), fmt.Sprintf("seed %d", l.Seed)}
	if !r.tty {
		return strings.Join(parts, " · ") + "\n"
	}
	// Broken between its parts, the dot ending the line: "· seed 1"
	// alone on the next line read as a stray mark.
	var lines []string
	cur := parts[0]
	for i, p := range parts[1:] {
		room := r.width
		if i+2 < len(parts) {
			room -= 2 // the " ·" that would end the line
		}
		if utf8.RuneCountInString(cur+" · "+p) > room {
			lines = append(lines, cur+" ·")
			cur = p
			continue
		}
		cur += " · " + p
	}
	return r.style(dim, strings.Join(append(lines, cur), "\n")) + "\n"
}

// markdown renders Markdown for the terminal, without the trailing spaces
// and runs of blank lines the renderer leaves.
func (r *reader) markdown(md string) string {
	if strings.TrimSpace(md) == "" {
		return ""
	}
	var out strings.Builder
	for _, seg := range fencedSegments(md) {
		if seg.code {
			out.WriteString(r.codeBlock(seg.md))
			continue
		}
		text := tablesFitting(r.localLinks(unwrap(seg.md)), func(table string) string {
			out, err := r.render(table)
			if err != nil {
				return ""
			}
			return stripANSI(out)
		})
		o, err := r.render(keepLastWords(keepNumbersInLine(text), r.width-4))
		if err != nil {
			return md // the renderer failed: the text as written reads well too
		}
		out.WriteString(hangItems(o))
	}
	lines := strings.Split(out.String(), "\n")
	var b strings.Builder
	b.WriteString("\n")
	blank := true
	for _, l := range lines {
		l = trimStyledRight(l)
		if strings.TrimSpace(stripANSI(l)) == "" {
			if !blank {
				b.WriteString("\n")
			}
			blank = true
			continue
		}
		b.WriteString(l + "\n")
		blank = false
	}
	return strings.TrimRight(b.String(), "\n") + "\n"
}

// render renders Markdown with the renderer, with the marks inside code
// spans and the hyphens inside words kept from breaking a line (keepSpans,
// keepHyphens), and puts them back.
func (r *reader) render(md string) (string, error) {
	out, err := r.md(keepSpans(keepHyphens(md)))
	return spanKept.Replace(strings.ReplaceAll(out, nbHyphen, "-")), err
}

// nbHyphen is the non-breaking hyphen (U+2011), one column wide.
const nbHyphen = "\u2011"

// inWord matches a hyphen inside a word.
var inWord = regexp.MustCompile(`([\pL\pN_./])-([\pL\pN_./])`)

// keepHyphens makes the hyphens inside words (04-retake, lessons/04-sysmon,
// --gomaxprocs's inner ones) non-breaking for the renderer, which would
// otherwise break a line after one and split a path or a command in two;
// markdown turns them back into hyphens. Code blocks are left alone.
func keepHyphens(md string) string {
	if !strings.Contains(md, "-") {
		return md
	}
	return mapProse(md, func(l string) string {
		for inWord.MatchString(l) { // twice for a-b-c's overlapping matches
			l = inWord.ReplaceAllString(l, "${1}"+nbHyphen+"${2}")
		}
		return l
	})
}

// mapProse returns md with f applied to each line outside its fenced code
// blocks (the fences' own lines are left as they are).
func mapProse(md string, f func(string) string) string {
	lines := strings.Split(md, "\n")
	fenced := false
	for i, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
			continue
		}
		if !fenced {
			lines[i] = f(l)
		}
	}
	return strings.Join(lines, "\n")
}

// The renderer wraps a list item's text after any of " ,.;-+|"
// (glamour's BlockElement: ansi.Wordwrap's breakpoints), which split code
// spans in two (`sync.` / `(*Mutex).Lock`, `sim.Work(time.` /
// `Millisecond)`); a paragraph only at spaces and hyphens. keepSpans
// stands in one-column characters of Unicode's private use area for those
// marks inside code spans, and a non-breaking hyphen for their hyphens, so
// that a span breaks at its spaces only; markdown puts them back
// (spanKept).
var spanMarks = map[rune]rune{'.': '\ue000', ',': '\ue001', ';': '\ue002', '+': '\ue003', '|': '\ue004', '-': []rune(nbHyphen)[0]}

// spanKept turns keepSpans' stand-ins back into their marks, and
// keepLastWords' into a space.
var spanKept = strings.NewReplacer("\ue000", ".", "\ue001", ",", "\ue002", ";", "\ue003", "+", "\ue004", "|", lastGlue, " ")

// keepSpans makes the marks inside the code spans of md's lines unbreakable
// for the renderer (see spanMarks). A span is a run of backticks up to the
// next run of as many on the same line (CommonMark's rule, within a line:
// unwrap has joined each paragraph's lines). Code blocks are left alone.
func keepSpans(md string) string {
	if !strings.Contains(md, "`") {
		return md
	}
	return mapProse(md, func(l string) string {
		if !strings.Contains(l, "`") {
			return l
		}
		var b strings.Builder
		for j := 0; j < len(l); {
			if l[j] != '`' {
				b.WriteByte(l[j])
				j++
				continue
			}
			n := 0
			for j+n < len(l) && l[j+n] == '`' {
				n++
			}
			ticks := l[j : j+n]
			end := closingTicks(l, j+n, n)
			if end < 0 { // no closing run: literal backticks
				b.WriteString(ticks)
				j += n
				continue
			}
			b.WriteString(ticks)
			for _, c := range l[j+n : end] {
				if k, ok := spanMarks[c]; ok {
					c = k
				}
				b.WriteRune(c)
			}
			b.WriteString(ticks)
			j = end + n
		}
		return b.String()
	})
}

// closingTicks returns where the first run of exactly n backticks at or
// after from starts in l, or -1.
func closingTicks(l string, from, n int) int {
	for j := from; j < len(l); {
		if l[j] != '`' {
			j++
			continue
		}
		k := 0
		for j+k < len(l) && l[j+k] == '`' {
			k++
		}
		if k == n {
			return j
		}
		j += k
	}
	return -1
}

// mdLink matches an inline Markdown link: [text](target).
var mdLink = regexp.MustCompile(`\[([^\]\n]+)\]\(([^)\s]+)\)`)

// localLinks rewrites the lesson's links to the repository's files
// (../../exercises/04-retake/README.md), which a terminal cannot follow,
// as the file's path from the current directory, which the learner can
// open: the path alone when the link's text names it (or its folder, or
// its end),
// else the text and the path in parentheses. A link within the lesson
// (#the-cells) or to a file that is not there keeps its text only; links
// to the web are left to the renderer. Code blocks are left alone.
func (r *reader) localLinks(md string) string {
	if !strings.Contains(md, "](") {
		return md
	}
	base := r.nb.Dir // a lesson of one's own: its folder, from here
	if r.nb.Lesson.Disk == "" {
		root := RepoRoot()
		if root == "" {
			root = "." // not in a clone: the paths as in one
		}
		base = filepath.Join(root, r.nb.Dir)
	}
	cwd, _ := os.Getwd()
	lines := strings.Split(md, "\n")
	fenced := false
	for i, l := range lines {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
		}
		if fenced {
			continue
		}
		lines[i] = mdLink.ReplaceAllStringFunc(l, func(m string) string {
			sub := mdLink.FindStringSubmatch(m)
			text, target := sub[1], sub[2]
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				return m
			}
			target, _, _ = strings.Cut(target, "#")
			if target == "" {
				return text
			}
			abs := filepath.Join(base, filepath.FromSlash(target))
			if _, err := os.Stat(abs); err != nil && RepoRoot() != "" {
				return text
			}
			path := abs
			if rel, err := filepath.Rel(cwd, abs); err == nil && cwd != "" {
				path = rel
			}
			path = filepath.ToSlash(path)
			if t := strings.TrimSuffix(text, "/"); path == t || strings.HasPrefix(path, t+"/") || strings.HasSuffix(path, "/"+t) || strings.Contains(path, "/"+t+"/") {
				return path
			}
			return text + " (" + path + ")"
		})
	}
	return strings.Join(lines, "\n")
}

// listItem matches the start of a list item.
var listItem = regexp.MustCompile(`^\s*([-*+]|\d+[.)])\s`)

// unwrap joins the lines of each paragraph and list item, so that the
// renderer fills them to the terminal's width (it keeps a list item's
// line breaks as they are in the file). Code blocks, tables, headings,
// quotes and HTML (a lesson's <!-- check --> comments) are left alone.
func unwrap(md string) string {
	lines := strings.Split(md, "\n")
	var out []string
	fenced, joinable := false, false
	for _, l := range lines {
		t := strings.TrimSpace(l)
		switch {
		case strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~"):
			fenced, joinable = !fenced, false
		case fenced || t == "" || strings.HasPrefix(t, "|") || strings.HasPrefix(t, ">") || strings.HasPrefix(t, "<") ||
			strings.HasPrefix(t, "#") || strings.HasPrefix(l, "    ") && !joinable:
			joinable = false
		case listItem.MatchString(l):
			joinable = true
		case joinable && !strings.HasSuffix(out[len(out)-1], "  "):
			out[len(out)-1] += " " + t
			continue
		default:
			joinable = true
		}
		out = append(out, l)
	}
	return strings.Join(out, "\n")
}

// cellHead shows what a cell runs.
func (r *reader) cellHead(c *notebook.Cell) string {
	var b strings.Builder
	b.WriteString("\n")
	switch c.Kind {
	case notebook.Source:
		b.WriteString("  " + r.style(bold+cyan, "── "+c.File+r.linesNote(c)+" ──") + "\n")
	case notebook.Run, notebook.Timeline:
		note := ""
		if c.Kind == notebook.Timeline {
			note = r.style(dim, "   (as a timeline)")
		}
		b.WriteString(r.command(c.Command.Line, note) + "\n")
	case notebook.Step:
		b.WriteString(r.command(r.nb.Shown(c.Command), "") + "\n")
		if len(c.Steps) > 0 {
			for _, l := range strings.Split(strings.TrimSuffix(wrapSteps(c.Steps, r.width-6), "\n"), "\n") {
				b.WriteString("    " + r.style(dim, l) + "\n")
			}
		}
	case notebook.Quiz:
		q := c.Q
		for _, l := range strings.Split(strings.TrimSuffix(wrap("Quiz: "+q.Q, r.width-4), "\n"), "\n") {
			b.WriteString("  " + r.style(bold, l) + "\n")
		}
		for i, ch := range q.Choices {
			for j, l := range strings.Split(strings.TrimSuffix(wrap(ch, r.width-9), "\n"), "\n") {
				if j == 0 {
					fmt.Fprintf(&b, "    %c) %s\n", 'a'+i, l)
				} else {
					b.WriteString("       " + l + "\n")
				}
			}
		}
		if qs := r.nb.CellsOf(notebook.Quiz); qs[len(qs)-1] == c {
			note := fmt.Sprintf("(gmplab quiz %d asks these questions and checks your answers", r.nb.Lesson.Num)
			if len(practiceChoices(r.nb.Lesson.Layers())) >= 2 {
				note += fmt.Sprintf("; gmplab quiz %d --practice makes new ones from the lesson's runs", r.nb.Lesson.Num)
			}
			b.WriteString("\n" + indentLines(r.style(dim, strings.TrimSuffix(wrap(note+")", r.width-2), "\n")), "  "))
		}
	case notebook.Diagram:
		if sm, ok := view.StateMachine(c.Args); ok {
			b.WriteString(indentLines(view.StatesText(sm, r.width-4), "  "))
		}
	case notebook.RunsKind:
		for _, l := range r.nb.RunsCommands(c.Runs) {
			if strings.HasPrefix(l, "# ") { // which release the next command is for: no prompt
				b.WriteString("  " + r.style(dim, l) + "\n")
				continue
			}
			b.WriteString(r.command(l, "") + "\n")
		}
		for _, l := range strings.Split(strings.TrimSuffix(wrap("checks over the runs: "+runsChecks(c.Runs), r.width-6), "\n"), "\n") {
			b.WriteString("    " + r.style(dim, l) + "\n")
		}
	case notebook.Guide:
		b.WriteString("  " + r.style(bold, "In the debugger (gmplab step "+r.nb.Lesson.Name()+"):") + "\n")
		b.WriteString(indentLines(wrap(c.G.Text, r.width-6), "    "))
		for _, t := range c.G.Try {
			b.WriteString("    try: " + r.style(cyan, t) + "\n")
		}
	}
	return b.String()
}

// runsChecks is a runs cell's checks, for its head: "P varies; all P in 0..3".
func runsChecks(r *notebook.Runs) string {
	var s []string
	for _, c := range r.Checks {
		s = append(s, c.Text)
	}
	return strings.Join(s, "; ")
}

func (r *reader) linesNote(c *notebook.Cell) string {
	if c.Lines[0] == 0 {
		return ""
	}
	return fmt.Sprintf(", lines %d-%d", c.Lines[0], c.Lines[1])
}

// command shows a cell's command line, "  $ gmplab run …". On a terminal
// too narrow for it, it continues on indented lines ending in " \\", as a
// shell reads it, broken between the shell's words only (never inside a
// quoted pattern), so that it can be copied as it is.
func (r *reader) command(line, note string) string {
	if !r.tty || utf8.RuneCountInString(line+stripANSI(note))+4 <= r.width {
		return "  " + r.style(bold+cyan, "$ "+line) + note
	}
	lines := strings.Split(foldShell("$ "+line, "  ", r.width), "\n")
	for i, l := range lines {
		lines[i] = l[:len(l)-len(strings.TrimLeft(l, " "))] + r.style(bold+cyan, strings.TrimLeft(l, " "))
	}
	if note != "" {
		lines = append(lines, "    "+strings.TrimLeft(note, " "))
	}
	return strings.Join(lines, "\n")
}

// shellWords splits a command line at the spaces outside quotes.
func shellWords(line string) []string {
	var words []string
	var cur strings.Builder
	quote := rune(0)
	for _, c := range line {
		switch {
		case quote != 0:
			if c == quote {
				quote = 0
			}
		case c == '\'' || c == '"':
			quote = c
		case c == ' ':
			if cur.Len() > 0 {
				words = append(words, cur.String())
				cur.Reset()
			}
			continue
		}
		cur.WriteRune(c)
	}
	if cur.Len() > 0 {
		words = append(words, cur.String())
	}
	return words
}

// output shows a cell's output behind a gutter. On a terminal, tabs
// become four spaces and a line wider than the screen is folded between
// words (view.Fill), its continuation indented two columns more than
// view.Fill would, so that the rest of a line of code ("// the workers
// wait" / "in P0's queue" in lesson 04) does not read as a line of its
// own.
func (r *reader) output(out string) string {
	var b strings.Builder
	bar := "  " + r.style(dim, "│") + " "
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !r.tty {
			b.WriteString(strings.TrimRight(bar+l, " ") + "\n")
			continue
		}
		l = strings.ReplaceAll(l, "\t", "    ")
		if utf8.RuneCountInString(l) <= r.width-4 {
			b.WriteString(strings.TrimRight(bar+l, " ") + "\n")
			continue
		}
		for i, part := range strings.Split(view.Fill(l, r.width-6), "\n") {
			if i > 0 {
				part = "  " + part // a continuation, not a line of its own
			}
			b.WriteString(strings.TrimRight(bar+part, " ") + "\n")
		}
	}
	return b.String()
}

// end closes the lesson with where to go next.
func (r *reader) end() string {
	l := r.nb.Lesson
	var b strings.Builder
	b.WriteString("\n" + r.style(bold, "End of "+l.Name()+".") + " Next:\n")
	var next [][2]string
	if len(r.nb.CellsOf(notebook.Quiz)) > 0 {
		next = append(next, [2]string{fmt.Sprintf("gmplab quiz %d", l.Num), "the lesson's quiz"})
	}
	if l.Exercise != "" {
		next = append(next, [2]string{"gmplab check " + l.Exercise, "the lesson's exercise (exercises/" + l.Exercise + "/)"})
	}
	next = append(next, [2]string{"gmplab step " + l.Name(), "the scenario in the debugger"},
		[2]string{"gmplab next", "where the course goes on"})
	w := 0
	for _, n := range next {
		w = max(w, len(n[0]))
	}
	for _, n := range next {
		line := fmt.Sprintf("  %-*s  %s\n", w, n[0], n[1])
		if r.tty {
			line = view.Fill(line, r.width)
		}
		b.WriteString(line)
	}
	return b.String()
}

// indentLines prefixes every line of s.
func indentLines(s, prefix string) string {
	var b strings.Builder
	for _, l := range strings.Split(strings.TrimSuffix(s, "\n"), "\n") {
		b.WriteString(prefix + l + "\n")
	}
	return b.String()
}

// wrapSteps lays out a step cell's debugger commands, "then: break
// runqputslow; continue; print len(p0.runq)", breaking lines between
// commands only (a command cut at its space, "print" / "len(p0.runq)",
// read as two).
func wrapSteps(steps []string, width int) string {
	kept := make([]string, len(steps))
	for i, s := range steps {
		kept[i] = strings.ReplaceAll(s, " ", lastGlue)
	}
	return strings.ReplaceAll(wrap("then: "+strings.Join(kept, "; "), width), lastGlue, " ")
}

// wrap breaks text into lines of at most width columns, at spaces, and
// carries the word before a lone last word down with it where both fit
// (as keepLastWords has the renderer do for the prose).
func wrap(text string, width int) string {
	lines := strings.Split(view.Fill(strings.Join(strings.Fields(text), " "), width), "\n")
	if n := len(lines); n >= 2 && !strings.Contains(lines[n-1], " ") {
		if i := strings.LastIndexByte(lines[n-2], ' '); i > 0 {
			if last := lines[n-2][i+1:] + " " + lines[n-1]; utf8.RuneCountInString(last) <= width {
				lines[n-2], lines[n-1] = lines[n-2][:i], last
			}
		}
	}
	return strings.Join(lines, "\n") + "\n"
}

// trimStyledRight drops the spaces at the end of a line, styled ones too
// (the renderer pads every line to the full width), closing any style it
// cut.
func trimStyledRight(l string) string {
	cut := false
	for {
		t := strings.TrimRight(l, " ")
		if n := trailingSGR(t); n > 0 {
			l, cut = t[:len(t)-n], true
			continue
		}
		if cut {
			return t + reset
		}
		return t
	}
}

// trailingSGR returns the length of the ANSI style sequence (ESC [ digits
// and semicolons m) at the end of s, or 0. (A regular expression anchored
// at the end was most of the reader's time: it is tried from every byte.)
func trailingSGR(s string) int {
	if !strings.HasSuffix(s, "m") {
		return 0
	}
	i := len(s) - 1
	for i > 0 && (s[i-1] >= '0' && s[i-1] <= '9' || s[i-1] == ';') {
		i--
	}
	if i >= 2 && s[i-2:i] == "\x1b[" {
		return len(s) - (i - 2)
	}
	return 0
}

// stripANSI drops ANSI escape sequences.
func stripANSI(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == 0x1b && i+1 < len(s) && s[i+1] == '[' {
			j := i + 2
			for j < len(s) && (s[j] < 0x40 || s[j] > 0x7e) {
				j++
			}
			i = j
			continue
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
