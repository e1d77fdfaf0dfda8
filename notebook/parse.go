// Package notebook reads, runs and rewrites the course's lessons: a
// lesson.md is a front matter block, Markdown, and cells, fenced code
// blocks whose info string names what to run (source, run, step,
// timeline, quiz, guide, runs, diagram). Each cell's output is stored in the file in an
// `output` block right below it, so a lesson reads completely on a
// repository host; Update regenerates the outputs and Check reports the
// stale ones. The format is docs/notebook.md; it is the one parser of
// cells that the terminal reader (gmplab lesson), the quiz, the tests and
// the book use.
//
// Cells do not run here: the package defines Executor, which the command
// line implements with its own run and step code, so a cell's output is
// the very bytes the command prints and this package imports nothing of
// the CLI.
package notebook

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/gmplab/gmplab/lessons"
)

// Kind is what a cell does: the first word of its fence's info string.
type Kind string

// The cell kinds.
const (
	Source   Kind = "source"   // shows a file's text (the body is regenerated)
	Run      Kind = "run"      // gmplab run ARGS [| head -n N | tail -n N | grep -E 'RE']
	Step     Kind = "step"     // gmplab step ARGS, then debugger commands
	Timeline Kind = "timeline" // gmplab run ARGS, drawn as a per-P timeline
	Quiz     Kind = "quiz"     // one question
	Guide    Kind = "guide"    // what gmplab step lesson-NN prints on opening
	RunsKind Kind = "runs"     // a real program built once, run N times, predicates over the runs
	Diagram  Kind = "diagram"  // a figure drawn from the engine's tables: diagram g (the G state machine)
)

// OutputInfo is the info string of an output block.
const OutputInfo = "output"

var kinds = []Kind{Source, Run, Step, Timeline, Quiz, Guide, RunsKind, Diagram}

func kindOf(word string) (Kind, bool) {
	for _, k := range kinds {
		if string(k) == word {
			return k, true
		}
	}
	return "", false
}

// HasOutput reports whether cells of kind k are followed by an output
// block (source cells regenerate their own body; guides have none).
func (k Kind) HasOutput() bool {
	return k == Run || k == Step || k == Timeline || k == Quiz || k == RunsKind
}

// Notebook is one parsed lesson.md.
type Notebook struct {
	Name   string          // the file's path, for messages
	Lesson *lessons.Lesson // the lesson, when loaded by Load
	// Dir is the lesson's folder as cells name it: lessons/04-sysmon, or
	// for a lesson read from elsewhere (lessons.LoadDir) its folder on disk.
	Dir   string
	Front string // the front matter block, its --- lines included
	Parts []Part // the rest, in order
	// Scratch is the folder of the files cells write and read (traces);
	// "" makes one when a cell needs it, which Close removes.
	Scratch    string
	ownScratch bool
}

// Part is a stretch of Markdown or one cell.
type Part struct {
	Markdown string // raw Markdown (when Cell is nil)
	Line     int    // the first line's number in the file
	Cell     *Cell
}

// Cell is one cell and its output block.
type Cell struct {
	Kind Kind
	Args string // the info string after the kind: "handoff.go lines=3-9"
	Body string // the lines between the fences, each ending in "\n"
	Line int    // the opening fence's line in the file

	// Output is the stored output block's text ("" and HasOutput false
	// when there is none yet).
	Output    string
	HasOutput bool

	fence  string // the opening fence line, info included
	close  string // the closing fence line
	marker string // the opening fence's backticks or tildes
	gap    string // what lies between the cell and its output block (blank lines)

	// Parsed bodies, by kind.
	Command *Command   // run, step, timeline: the gmplab command line
	Steps   []string   // step: the debugger commands after the first line
	File    string     // source: the file named
	Lines   [2]int     // source: lines=A-B, or zeros for the whole file
	Q       *Question  // quiz
	G       *GuideText // guide
	Runs    *Runs      // runs
}

// Load parses a lesson's lesson.md.
func Load(l *lessons.Lesson) (*Notebook, error) {
	name := l.File()
	if l.Disk != "" {
		name = l.Disk + "/lesson.md"
	}
	nb, err := Parse(name, l.Text)
	if err != nil {
		return nil, err
	}
	nb.Lesson = l
	nb.Dir = "lessons/" + l.Dir
	if l.Disk != "" {
		nb.Dir = filepath.ToSlash(l.Disk)
	}
	return nb, nil
}

// Parse parses the text of a lesson.md; name is used in messages
// (name:line: what is wrong).
func Parse(name, text string) (*Notebook, error) {
	text = strings.ReplaceAll(text, "\r\n", "\n")
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	nb := &Notebook{Name: name}
	i := 0
	if len(lines) > 0 && strings.TrimSpace(lines[0]) == "---" {
		for j := 1; j < len(lines); j++ {
			if strings.TrimSpace(lines[j]) == "---" {
				nb.Front = strings.Join(lines[:j+1], "")
				i = j + 1
				break
			}
		}
	}
	errf := func(line int, format string, args ...any) error {
		return fmt.Errorf("%s:%d: %s", name, line+1, fmt.Sprintf(format, args...))
	}
	var md strings.Builder
	mdLine := 0
	addMD := func(at int, text string) {
		if md.Len() == 0 {
			mdLine = at
		}
		md.WriteString(text)
	}
	flush := func() {
		if md.Len() > 0 {
			nb.Parts = append(nb.Parts, Part{Markdown: md.String(), Line: mdLine + 1})
			md.Reset()
		}
	}
	// last is the last cell while only blank lines (gap, from line
	// gapAt) follow it: an output block there is the cell's.
	var last *Cell
	var gap strings.Builder
	gapAt := 0
	endCell := func() {
		if last != nil && gap.Len() > 0 {
			addMD(gapAt, gap.String())
		}
		gap.Reset()
		last = nil
	}
	for i < len(lines) {
		f, ok := openFence(lines[i])
		if !ok {
			if last != nil && strings.TrimSpace(lines[i]) == "" {
				if gap.Len() == 0 {
					gapAt = i
				}
				gap.WriteString(lines[i])
			} else {
				endCell()
				addMD(i, lines[i])
			}
			i++
			continue
		}
		end := -1
		for j := i + 1; j < len(lines); j++ {
			if f.closes(lines[j]) {
				end = j
				break
			}
		}
		if end < 0 {
			return nil, errf(i, "this %s block is never closed (a closing %s line is missing)", f.describe(), f.marker)
		}
		body := strings.Join(lines[i+1:end], "")
		word, args, _ := strings.Cut(f.info, " ")
		args = strings.TrimSpace(args)
		switch k, isCell := kindOf(word); {
		case word == OutputInfo:
			if last == nil {
				return nil, errf(i, "an output block with no cell above it (an output block follows a run, step, timeline or quiz cell)")
			}
			if !last.Kind.HasOutput() {
				return nil, errf(i, "a %s cell has no output block (delete this one)", last.Kind)
			}
			last.Output, last.HasOutput = body, true
			last.gap = gap.String()
			gap.Reset()
			last = nil
		case isCell:
			if f.indent != "" {
				return nil, errf(i, "a %s cell starts at the line's start (no indentation)", k)
			}
			endCell()
			flush()
			c := &Cell{Kind: k, Args: args, Body: body, Line: i + 1, fence: lines[i], close: lines[end], marker: f.marker}
			if err := c.parse(); err != nil {
				return nil, errf(i, "%s cell: %v", k, err)
			}
			nb.Parts = append(nb.Parts, Part{Cell: c, Line: i + 1})
			last = c
		default:
			endCell()
			addMD(i, strings.Join(lines[i:end+1], ""))
		}
		i = end + 1
	}
	endCell()
	flush()
	return nb, nb.checkIDs()
}

// checkIDs checks that quiz ids are unique and that there is at most one
// guide.
func (nb *Notebook) checkIDs() error {
	seen := map[string]int{}
	guide := 0
	for _, c := range nb.Cells() {
		switch c.Kind {
		case Quiz:
			if l, ok := seen[c.Q.ID]; ok {
				return fmt.Errorf("%s:%d: quiz id %q is already the id of the quiz at line %d", nb.Name, c.Line, c.Q.ID, l)
			}
			seen[c.Q.ID] = c.Line
		case Guide:
			if guide != 0 {
				return fmt.Errorf("%s:%d: a second guide cell (the first is at line %d; a lesson has at most one)", nb.Name, c.Line, guide)
			}
			guide = c.Line
		}
	}
	return nil
}

// Cells returns the cells in order.
func (nb *Notebook) Cells() []*Cell {
	var cs []*Cell
	for _, p := range nb.Parts {
		if p.Cell != nil {
			cs = append(cs, p.Cell)
		}
	}
	return cs
}

// CellsOf returns the cells of one kind, in order.
func (nb *Notebook) CellsOf(k Kind) []*Cell {
	var cs []*Cell
	for _, c := range nb.Cells() {
		if c.Kind == k {
			cs = append(cs, c)
		}
	}
	return cs
}

// Guide returns the lesson's guide, or nil.
func (nb *Notebook) Guide() *GuideText {
	if cs := nb.CellsOf(Guide); len(cs) > 0 {
		return cs[0].G
	}
	return nil
}

// Markdown returns the lesson without its front matter, with every cell
// and its output as they stand in the file.
func (nb *Notebook) Markdown() string {
	var b strings.Builder
	for _, p := range nb.Parts {
		if p.Cell == nil {
			b.WriteString(p.Markdown)
		} else {
			b.WriteString(p.Cell.Text())
		}
	}
	return b.String()
}

// String returns the file's text, with the cells' current bodies and
// outputs (what Update writes back).
func (nb *Notebook) String() string { return nb.Front + nb.Markdown() }

// Text is the cell as it stands in the file: its block, then (for kinds
// that have one) its output block.
func (c *Cell) Text() string {
	var b strings.Builder
	if f := fenceFor(c.Body, c.marker); f == c.marker {
		b.WriteString(c.fence + c.Body + withNL(c.close))
	} else {
		// A regenerated source body holds a fence line: lengthen the fences.
		b.WriteString(f + string(c.Kind))
		if c.Args != "" {
			b.WriteString(" " + c.Args)
		}
		b.WriteString("\n" + c.Body + f + "\n")
	}
	if c.HasOutput {
		gap := c.gap
		if gap == "" {
			gap = "\n"
		}
		f := fenceFor(c.Output, "```")
		b.WriteString(gap + f + OutputInfo + "\n" + c.Output + f + "\n")
	}
	return b.String()
}

func withNL(s string) string {
	if strings.HasSuffix(s, "\n") {
		return s
	}
	return s + "\n"
}
