package notebook

import (
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strings"
)

// A real cell's output (gmplab compare, gmplab real) changes from run to
// run: counts, times, thread and goroutine numbers, which decision a
// continue stops at. Its test compares the output's shape instead of its
// bytes; docs/notebook.md ("What the tests check") states the rule.

// Shape returns the shape of a cell's output: its lines, each normalized
// by ShapeLine, with the parts that a real run decides folded:
//
//   - gmplab compare: the line `output: …` and the lines under it up to
//     the next blank line (the program's output, or its diff against the
//     simulator's) become one line `output: …`; in the table of measures
//     (from its header line, `simulator` and `real runtime`, to the next
//     blank line) a row keeps its label and the simulator's value exactly,
//     since the simulator is deterministic, and only the real column is
//     normalized: `threads created | 3 | #` (see CompareRow);
//   - gmplab real: the lines before the first prompt (the banner) are kept;
//     after it, only the prompt lines `(gmplab) COMMAND` (the commands
//     echoed, in order) and a last `exit status N` are kept: what each
//     command printed is the real run's.
//
// For any other cell the shape is its normalized lines.
func Shape(c *Cell, out string) []string {
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if out == "" {
		lines = nil
	}
	var shape []string
	real := c.Command != nil && c.Command.Verb == "real"
	prompted, table := false, false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
		case !real && strings.Contains(l, "simulator") && strings.Contains(l, "real runtime"):
			table = true
		case !real && table && strings.TrimSpace(l) == "":
			table = false
		case !real && table:
			if label, sim, rest, ok := CompareRow(l); ok {
				shape = append(shape, label+" | "+sim+" | "+ShapeLine(rest))
				continue
			}
		case real && strings.HasPrefix(l, promptText):
			prompted = true
		case real && prompted && !(i == len(lines)-1 && strings.HasPrefix(l, "exit status ")):
			continue
		case !real && strings.HasPrefix(l, "output: "):
			for i+1 < len(lines) && strings.TrimSpace(lines[i+1]) != "" {
				i++
			}
			shape = append(shape, "output: …")
			continue
		}
		shape = append(shape, ShapeLine(l))
	}
	return shape
}

// CompareRow splits a row of gmplab compare's table of measures
// (internal/compare.Format: the label left-aligned in 28 columns, a space,
// the simulator's value, then the real runs' range) into its label, the
// simulator's value and the real column. ok is false for a line that is
// not such a row.
func CompareRow(l string) (label, sim, real string, ok bool) {
	const labelWidth = 28
	if len(l) <= labelWidth+1 || l[labelWidth] != ' ' {
		return "", "", "", false
	}
	label = strings.TrimSpace(l[:labelWidth])
	f := strings.Fields(l[labelWidth+1:])
	if label == "" || len(f) < 2 {
		return "", "", "", false
	}
	return label, f[0], strings.Join(f[1:], " "), true
}

// promptText is the debugger's prompt, which gmplab real and gmplab step
// echo each command after (debugger/terminal.Prompt, without importing it).
const promptText = "(gmplab)"

var number = regexp.MustCompile(`[0-9]+(\.[0-9]+)?`)

// ShapeLine normalizes one line: every number (a run of digits with its
// decimal fraction: 6, 0.290287, the 4 of G4 or M4) becomes #, a range
// #–# becomes #, a lone - (a count one side does not have) becomes #, and
// runs of spaces become one (columns widen with their numbers).
func ShapeLine(l string) string {
	l = number.ReplaceAllString(l, "#")
	f := strings.Fields(strings.ReplaceAll(l, "#–#", "#"))
	for i, w := range f {
		if w == "-" {
			f[i] = "#"
		}
	}
	return strings.Join(f, " ")
}

// SameShape reports whether a fresh output has the stored one's shape.
func SameShape(c *Cell, stored, got string) bool {
	return slices.Equal(Shape(c, stored), Shape(c, got))
}

// ShapeText is Shape as text, one line each, for a diff.
func ShapeText(c *Cell, out string) string {
	s := Shape(c, out)
	if len(s) == 0 {
		return ""
	}
	return strings.Join(s, "\n") + "\n"
}

// SimColumn returns the simulator's side of a gmplab compare output: one
// line `label | value` per row of its table of measures, in order, but
// the real-only rows (whose simulator value is -). It is
// what the tests compare exactly between a stored output and a fresh
// simulator-only run.
func SimColumn(out string) []string {
	var col []string
	table := false
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.Contains(l, "simulator") && strings.Contains(l, "real runtime"):
			table = true
		case table && strings.TrimSpace(l) == "":
			table = false
		case table:
			if label, sim, _, ok := CompareRow(l); ok && sim != "-" {
				col = append(col, label+" | "+sim)
			}
		}
	}
	return col
}

// WithSimColumn returns a stored gmplab compare output with its simulator
// column taken from fresh (a simulator-only run) and its real column kept,
// rows in compare.Format's layout. The two must have the same rows; where
// they do not, only a real run can make the output (go test without
// -short).
func WithSimColumn(stored, fresh string) (string, error) {
	sims := map[string]string{}
	var labels []string
	for _, r := range SimColumn(fresh) {
		label, sim, _ := strings.Cut(r, " | ")
		sims[label] = sim
		labels = append(labels, label)
	}
	var old []string
	lines := strings.Split(stored, "\n")
	table := false
	for i, l := range lines {
		switch {
		case strings.Contains(l, "simulator") && strings.Contains(l, "real runtime"):
			table = true
		case table && strings.TrimSpace(l) == "":
			table = false
		case table:
			label, sim, real, ok := CompareRow(l)
			if !ok || sim == "-" {
				continue // a real-only row
			}
			old = append(old, label)
			if sim, ok := sims[label]; ok {
				lines[i] = fmt.Sprintf("%-28s %-16s %s", label, sim, real)
			}
		}
	}
	if !slices.Equal(old, labels) {
		return stored, errors.New("the simulator's rows of gmplab compare changed (" + strings.Join(labels, ", ") + "): only a real run can refresh this cell (go test ./lessons/... -update without -short)")
	}
	return strings.Join(lines, "\n"), nil
}
