package notebook

import (
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
//     simulator's) become one line `output: …`;
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
	prompted := false
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		switch {
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
