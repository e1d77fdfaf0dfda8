package cli

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
)

// readLessonProse renders every part of every lesson's prose (not its
// cells) as the reader does on a colour terminal cols wide, in style, and
// calls check with the lesson, the part's Markdown and its plain text.
func readLessonProse(t *testing.T, cols int, style string, check func(lesson string, r *reader, md, plain string)) {
	t.Helper()
	t.Setenv("NO_COLOR", "")
	t.Setenv("GLAMOUR_STYLE", style)
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range all {
		nb, err := loadLesson(l.Name())
		if err != nil {
			t.Fatal(err)
		}
		r, err := newReader(nb, nil, true, cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range nb.Parts {
			if p.Cell == nil {
				check(l.Name(), r, p.Markdown, stripANSI(r.markdown(p.Markdown)))
			}
		}
	}
}

// A table is read whole on any terminal: where the renderer (lipgloss)
// would cut a word that is wider than its column, or drop the end of a
// header (lesson 08's five runtimes at 80 columns, lesson 07's claims at
// 80 and 100), the reader lays the table out as a list (tablesFitting).
// Every word of every table's cells (but the first column's header: a
// list names a row by its first cell) is printed whole by the reader, as
// often as the cells have it.
func TestLessonTablesKeepTheirWords(t *testing.T) {
	for _, cols := range []int{60, 80, 100} {
		for _, style := range []string{"dark", "light"} {
			t.Run(fmt.Sprintf("%d-%s", cols, style), func(t *testing.T) {
				tables := 0
				readLessonProse(t, cols, style, func(lesson string, r *reader, md, _ string) {
					lines := strings.Split(md, "\n")
					for i := 0; i+1 < len(lines); i++ {
						if !strings.HasPrefix(lines[i], "|") || !tableDelim.MatchString(lines[i+1]) {
							continue
						}
						tables++
						end := i + 2
						for end < len(lines) && strings.HasPrefix(lines[end], "|") {
							end++
						}
						var words []string
						for j, l := range lines[i:end] {
							cells := tableCells(l)
							switch j {
							case 0:
								cells = cells[1:]
							case 1:
								continue
							}
							for _, c := range cells {
								words = append(words, strings.Fields(mdPlain(c))...)
							}
						}
						src := strings.Join(words, " ")
						plain := stripANSI(r.markdown(strings.Join(lines[i:end], "\n")))
						for _, w := range words {
							if got, want := strings.Count(plain, w), strings.Count(src, w); got < want {
								t.Errorf("%s: %q is in the table %d times, whole on the terminal %d times:\n%s", lesson, w, want, got, plain)
								break
							}
						}
						i = end
					}
				})
				if tables < 3 {
					t.Fatalf("%d tables in the lessons: the test reads too few", tables)
				}
			})
		}
	}
}

// mdPlain is Markdown's text as the reader prints it, near enough to
// count words: code spans apart from their neighbours (the styles pad
// them), no emphasis.
func mdPlain(md string) string {
	return cellMarkup.Replace(linkTarget.ReplaceAllString(md, "]"))
}

// linkTarget matches a Markdown link's target, which the reader does not
// print (or prints as a path).
var linkTarget = regexp.MustCompile(`\]\([^)\s]*\)`)

// oneWord matches a line of one word (an indent, a word).
var oneWord = regexp.MustCompile(`^\s*\S+\s*$`)

// No paragraph or list item of any lesson ends with a line of one word at
// 80 or 100 columns, in either style (keepLastWords carries the word
// before it down). A one-word line that begins an item (a bullet) or ends
// a code block is not a paragraph's end; code blocks are left out.
func TestLessonParagraphsEndWithTwoWords(t *testing.T) {
	for _, cols := range []int{80, 100} {
		for _, style := range []string{"dark", "light"} {
			t.Run(fmt.Sprintf("%d-%s", cols, style), func(t *testing.T) {
				paragraphs := 0
				readLessonProse(t, cols, style, func(lesson string, r *reader, md, plain string) {
					if strings.Contains(md, "```") || strings.Contains(md, "~~~") {
						plain = stripANSI(r.markdown(withoutFences(md))) // its prose alone
					}
					lines := strings.Split(plain, "\n")
					for i := 1; i < len(lines); i++ {
						last := i+1 == len(lines) || strings.TrimSpace(lines[i+1]) == "" || strings.HasPrefix(strings.TrimSpace(lines[i+1]), "• ")
						if !last || strings.TrimSpace(lines[i]) == "" || strings.TrimSpace(lines[i-1]) == "" {
							continue
						}
						paragraphs++
						l := strings.TrimSpace(lines[i])
						if oneWord.MatchString(l) && !strings.HasPrefix(l, "•") && !strings.Contains(lines[i], "│") {
							t.Errorf("%s: a paragraph ends with one word:\n%s\n%s", lesson, lines[i-1], lines[i])
						}
					}
				})
				if paragraphs < 100 {
					t.Fatalf("%d paragraphs of more than one line: the test reads too little", paragraphs)
				}
			})
		}
	}
}

// withoutFences returns md without its fenced code blocks.
func withoutFences(md string) string {
	var out []string
	fenced := false
	for _, l := range strings.Split(md, "\n") {
		if t := strings.TrimSpace(l); strings.HasPrefix(t, "```") || strings.HasPrefix(t, "~~~") {
			fenced = !fenced
			continue
		}
		if !fenced {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}

func TestKeepLastWords(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"a paragraph of words", "a paragraph of" + lastGlue + "words"},
		{"- an item ends", "- an item" + lastGlue + "ends"},
		{"- spans (`a.b`, `…`);", "- spans (`a.b`\ue001" + lastGlue + "`…`);"},
		{"- item", "- item"},
		{"1. one two", "1. one" + lastGlue + "two"},
		{"a hard break  ", "a hard" + lastGlue + "break  "},
		{"ends in *emphasis* here", "ends in *emphasis*" + lastGlue + "here"},
		{"not its *request*.", "not its" + lastGlue + "*request*."},
		{"- *BEAM:* none", "- *BEAM:* none"},
		{"an *(aside)*", "an *(aside)*"},
		{"snake _case_", "snake _case_"},
		{"## a heading", "## a heading"},
		{"| a | b |", "| a | b |"},
		{"```\ncode here\n```", "```\ncode here\n```"},
		{"x " + strings.Repeat("w", 30) + " " + strings.Repeat("v", 30), "x " + strings.Repeat("w", 30) + " " + strings.Repeat("v", 30)},
	} {
		if got := keepLastWords(c.in, 80); got != c.want {
			t.Errorf("keepLastWords(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// The reader's own wrap (quiz questions and choices, guides, notes) ends
// no text of several lines with a line of one word either: every quiz's
// and guide's text at the widths the reader gives them at 80 and 100
// columns.
func TestWrapEndsWithTwoWords(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	texts := 0
	for _, l := range all {
		nb, err := loadLesson(l.Name())
		if err != nil {
			t.Fatal(err)
		}
		var ts []string
		for _, c := range nb.CellsOf(notebook.Quiz) {
			ts = append(append(ts, "Quiz: "+c.Q.Q), c.Q.Choices...)
		}
		for _, c := range nb.CellsOf(notebook.Guide) {
			ts = append(ts, c.G.Text)
		}
		for _, text := range ts {
			for _, cols := range []int{80, 100} {
				for _, w := range []int{cols - 4, cols - 6, cols - 9} {
					texts++
					lines := strings.Split(strings.TrimSuffix(wrap(text, w), "\n"), "\n")
					for _, line := range lines {
						if utf8.RuneCountInString(line) > w {
							t.Errorf("%s at %d: a line of %d columns: %q", l.Name(), w, utf8.RuneCountInString(line), line)
						}
					}
					if n := len(lines); n >= 2 && !strings.Contains(lines[n-1], " ") {
						t.Errorf("%s at %d: ends with one word:\n%s", l.Name(), w, strings.Join(lines, "\n"))
					}
				}
			}
		}
	}
	if texts < 300 {
		t.Fatalf("%d texts wrapped: the test reads too few", texts)
	}
}

// foldedShell matches the end of a shell line folded by the reader and
// the next line's indent.
var foldedShell = regexp.MustCompile(` \\\n *`)

// The code blocks the prose quotes are not wrapped as prose, which broke
// lesson 03's "gomaxprocs-sched.npidle.Load()" after its dot at 80
// columns: at 60, 80 and 100 columns every line of them is printed whole
// where it fits beside the indent, and a shell line that does not fit is
// folded between words with a trailing " \" (joined again, it is the
// line).
func TestLessonCodeBlocksAreNotWrappedAsProse(t *testing.T) {
	for _, cols := range []int{60, 80, 100} {
		t.Run(fmt.Sprint(cols), func(t *testing.T) {
			blocks := 0
			readLessonProse(t, cols, "dark", func(lesson string, r *reader, md, plain string) {
				for _, seg := range fencedSegments(md) {
					if !seg.code {
						continue
					}
					blocks++
					lines := strings.Split(seg.md, "\n")
					shell := strings.HasPrefix(lines[0], "```sh")
					for _, l := range lines[1 : len(lines)-1] {
						l = strings.TrimRight(strings.ReplaceAll(l, "\t", "    "), " ")
						switch {
						case l == "":
						case utf8.RuneCountInString(l)+4 <= cols:
							if !strings.Contains(plain, l) {
								t.Errorf("%s at %d: the code line %q is not printed whole:\n%s", lesson, cols, l, plain)
							}
						case shell:
							if !strings.Contains(foldedShell.ReplaceAllString(plain, " "), l) {
								t.Errorf("%s at %d: the shell line %q is not folded as a shell reads it:\n%s", lesson, cols, l, plain)
							}
						}
					}
				}
			})
			if blocks < 12 {
				t.Fatalf("%d code blocks in the lessons' prose: the test reads too few", blocks)
			}
		})
	}
}

// A cell's output line wider than the terminal folds between words with
// its continuation indented two columns past the text's start, so that
// the rest of a line of code does not read as a line of its own (lesson
// 04's handoff.go at 80 columns).
func TestOutputFoldsAsContinuation(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	nb, err := loadLesson("4")
	if err != nil {
		t.Fatal(err)
	}
	r, err := newReader(nb, nil, true, 80, nil)
	if err != nil {
		t.Fatal(err)
	}
	const code = "\tsim.Syscall(5 * time.Millisecond) // the thread blocks; the workers wait in P0's queue\n\tfmt.Println(\"syscall returned\")\n"
	got := r.output(code)
	want := "  │     sim.Syscall(5 * time.Millisecond) // the thread blocks; the workers\n" +
		"  │       wait in P0's queue\n" +
		"  │     fmt.Println(\"syscall returned\")\n"
	if got != want {
		t.Errorf("output folds as\n%s\nwant\n%s", got, want)
	}
}

// The title line breaks between its parts, each line but the last ending
// in " ·", within the width: at 80 columns lesson 04's "· seed 1" went on
// a line of its own, then the " ·" ending the first line overflowed it.
func TestTitleBreaksAfterADot(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	nb, err := loadLesson("4")
	if err != nil {
		t.Fatal(err)
	}
	for _, cols := range []int{60, 80, 100} {
		r, err := newReader(nb, nil, true, cols, nil)
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(r.title(), "\n"), "\n")
		for i, l := range lines {
			if utf8.RuneCountInString(l) > cols || strings.HasPrefix(l, "·") || i+1 < len(lines) && !strings.HasSuffix(l, " ·") {
				t.Errorf("at %d columns the title is laid out as\n%s", cols, strings.Join(lines, "\n"))
				break
			}
		}
		if got := strings.ReplaceAll(strings.Join(lines, " "), "  ", " "); got != "lesson-04 · lessons/04-sysmon · layers stacks,procs,steal,sysmon · GOMAXPROCS=1 · seed 1" {
			t.Errorf("at %d columns the title says %q", cols, got)
		}
	}
}

// A list item's wrapped lines hang under its text, past its bullet or
// number, in every lesson at 80 and 100 columns (glamour starts them
// under the bullet).
func TestLessonListItemsHang(t *testing.T) {
	for _, cols := range []int{80, 100} {
		t.Run(fmt.Sprint(cols), func(t *testing.T) {
			hung := 0
			readLessonProse(t, cols, "dark", func(lesson string, _ *reader, md, plain string) {
				in := -1 // where the current item's text starts
				blank := true
				for _, l := range strings.Split(plain, "\n") {
					text := strings.TrimLeft(l, " ")
					lead := len(l) - len(text)
					after := blank
					blank = text == ""
					switch m := itemStart.FindStringSubmatch(l); {
					case text == "" || strings.Contains(l, "│"):
						in = -1
					case m != nil && (after || in >= 0 || m[2] == "• "):
						in = len(m[1]) + utf8.RuneCountInString(m[2])
					case in >= 0 && lead < in:
						t.Errorf("%s: a list item goes on under its bullet: %q", lesson, l)
						in = -1
					case in >= 0:
						hung++
					}
				}
			})
			if hung < 100 {
				t.Fatalf("%d lines of list items hang: the test reads too few", hung)
			}
		})
	}
}

// A step cell's "then:" line breaks between debugger commands, never
// inside one: every step of every lesson's step cells is printed whole
// at 60, 80 and 100 columns.
func TestStepsStayWhole(t *testing.T) {
	all, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	steps := 0
	for _, l := range all {
		nb, err := loadLesson(l.Name())
		if err != nil {
			t.Fatal(err)
		}
		for _, c := range nb.CellsOf(notebook.Step) {
			for _, w := range []int{54, 74, 94} {
				out := wrapSteps(c.Steps, w)
				for _, line := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
					if utf8.RuneCountInString(line) > w && strings.Contains(line, "; ") {
						t.Errorf("%s at %d: a line of %d columns: %q", l.Name(), w, utf8.RuneCountInString(line), line)
					}
				}
				flat := strings.ReplaceAll(out, "\n", "\x00")
				for _, s := range c.Steps {
					steps++
					if !strings.Contains(flat, s) {
						t.Errorf("%s at %d: the step %q is cut:\n%s", l.Name(), w, s, out)
					}
				}
			}
		}
	}
	if steps < 100 {
		t.Fatalf("%d steps: the test reads too few", steps)
	}
}

// No wrapped line of a lesson's prose begins with a number and a dot (or
// parenthesis) unless it is a list item's own first line: lesson 07's
// "exit status 2. Do not count on it" once broke before "2.", and lesson
// 06's "`--gomaxprocs 1`. When do the readers run" before "1.", and each
// read as the start of a numbered item (keepNumbersInLine). An item's
// first line is known by its text: the Markdown has a line with that
// number starting the same words.
func TestNoLineStartsWithANumberMidParagraph(t *testing.T) {
	numbered := regexp.MustCompile(`^\s*(\d+[.)])\s+(\S+)\s+(\S+)`)
	for _, cols := range []int{60, 80, 100} {
		for _, style := range []string{"dark", "light", "notty"} {
			t.Run(fmt.Sprintf("%d-%s", cols, style), func(t *testing.T) {
				readLessonProse(t, cols, style, func(lesson string, r *reader, md, plain string) {
					flat := strings.NewReplacer("`", "", "*", "").Replace(md)
					for _, l := range strings.Split(plain, "\n") {
						m := numbered.FindStringSubmatch(strings.ReplaceAll(l, "*", ""))
						if m == nil {
							continue
						}
						item := regexp.MustCompile(`(?m)^\s*` + regexp.QuoteMeta(m[1]) + `\s+` + regexp.QuoteMeta(m[2]) + `\s*` + regexp.QuoteMeta(m[3]))
						if !item.MatchString(flat) {
							t.Errorf("%s at %d columns: a wrapped line starts with a number, as a list item would:\n%s", lesson, cols, l)
						}
					}
				})
			})
		}
	}
}

func TestKeepNumbersInLine(t *testing.T) {
	for in, want := range map[string]string{
		"exit status 2. Do not":         "exit status" + lastGlue + "2. Do not",
		"with `--gomaxprocs 1`. When":   "with `--gomaxprocs" + lastGlue + "1`. When",
		"1. An item keeps its number":   "1. An item keeps its number",
		"  3. A nested item, at 20 ms.": "  3. A nested item, at 20 ms.",
		"waits 20 ms (about 2) here":    "waits 20 ms (about" + lastGlue + "2) here",
		"| a | 2. b |":                  "| a | 2. b |",
		"G7 ran 1.5 ms, then 2.":        "G7 ran 1.5 ms, then" + lastGlue + "2.",
	} {
		if got := keepNumbersInLine(in); got != want {
			t.Errorf("keepNumbersInLine(%q) = %q, want %q", in, got, want)
		}
	}
}

// A code block's backslashes are printed as written, in every style:
// glamour's styles without a highlighter (notty, ascii) unescaped them as
// in prose, and lesson 07's `grep -E 'status=4\(chan send\)'` read
// `status=4(chan send)`, another regular expression (keepBackslashes).
func TestCodeBlocksKeepTheirBackslashes(t *testing.T) {
	for _, style := range []string{"dark", "light", "notty", "ascii"} {
		t.Run(style, func(t *testing.T) {
			found := 0
			readLessonProse(t, 120, style, func(lesson string, r *reader, md, plain string) {
				for _, seg := range fencedSegments(md) {
					if !seg.code {
						continue
					}
					for _, l := range strings.Split(seg.md, "\n") {
						l = strings.TrimSpace(l)
						if !strings.Contains(l, `\`) || utf8.RuneCountInString(l) > 100 {
							continue
						}
						found++
						if !strings.Contains(plain, l) {
							t.Errorf("%s (%s): the code line %q is not printed as written", lesson, style, l)
						}
					}
				}
			})
			if found == 0 {
				t.Fatal("no code line with a backslash in any lesson: the test checks nothing")
			}
		})
	}
}
