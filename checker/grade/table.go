package grade

import (
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/gmplab/gmplab/checker"
)

// TableWidth is the width the table is laid out for by WriteTable: a
// pipe's and a file's (gmplab grade lays it out for a terminal's width).
const TableWidth = 100

// WriteTable is WriteTableWidth at TableWidth columns.
func (gb *Gradebook) WriteTable(out io.Writer) { gb.WriteTableWidth(out, TableWidth) }

// WriteTableWidth prints one row per submission, each exercise's cell
// saying how it went (a legend below says how to read them), then, per
// submission, why each exercise that did not run did not run, within
// width columns. Exercise names head their columns when they fit;
// otherwise each name heads its column from a line of its own above the
// table, and the exercises are cut into panels that fit, the last with
// the totals.
func (gb *Gradebook) WriteTableWidth(out io.Writer, width int) {
	var buf strings.Builder
	w := &buf
	defer func() {
		for _, l := range strings.SplitAfter(buf.String(), "\n") {
			io.WriteString(out, strings.TrimRight(l, " \n")+l[len(strings.TrimRight(l, "\n")):])
		}
	}()
	subs := gb.Sorted()
	nameW := len("submission")
	for _, s := range subs {
		nameW = max(nameW, min(maxNameW, utf8.RuneCountInString(s.Name)))
	}
	cells := make([][]string, len(subs))
	cellW := make([]int, len(gb.Exercises))
	for i, s := range subs {
		for k, r := range s.Results {
			c := cell(r)
			cells[i] = append(cells[i], c)
			cellW[k] = max(cellW[k], utf8.RuneCountInString(c), len("none"))
		}
	}
	flat := nameW
	for k, e := range gb.Exercises {
		flat += 2 + max(cellW[k], len(e))
	}
	row := func(s *Submission, i, from, to int, last bool) {
		fmt.Fprintf(w, "%s", padName(s.Name, nameW))
		for k := from; k < to; k++ {
			fmt.Fprintf(w, "  %-*s", cellW[k], cells[i][k])
		}
		if last {
			fmt.Fprintf(w, "  %-6s  %s", fmt.Sprintf("%d/%d", s.Passed, len(gb.Exercises)), points(s.Points, float64(len(gb.Exercises))))
		}
		fmt.Fprintln(w)
	}
	if flat+len("  passed  pts") <= width {
		for k, e := range gb.Exercises {
			cellW[k] = max(cellW[k], len(e))
		}
		fmt.Fprintf(w, "%-*s", nameW, "submission")
		for k, e := range gb.Exercises {
			fmt.Fprintf(w, "  %-*s", cellW[k], e)
		}
		fmt.Fprintf(w, "  passed  pts\n")
		for i, s := range subs {
			row(s, i, 0, len(gb.Exercises), true)
		}
	} else {
		// Panels of as many exercises as fit, each a staircase: exercise
		// k's name on line k, at its column, with a bar below the names
		// above it; columns of one width. The last panel ends with the
		// totals.
		widest := slices.Max(cellW)
		for k := range cellW {
			cellW[k] = widest
		}
		per := max(1, (width-nameW-len("  passed  pts"))/(2+widest))
		for from, to := 0, 0; from < len(gb.Exercises); from = to {
			// As many as fit, their names' staircase included.
			to = from + 1
			for to < len(gb.Exercises) && to-from < per && nameW+(to-from)*(2+widest)+2+len(gb.Exercises[to]) <= width {
				to++
			}
			last := to == len(gb.Exercises)
			if from > 0 {
				fmt.Fprintln(w)
			}
			for k := from; k < to; k++ {
				line := strings.Repeat(" ", nameW)
				for j := from; j < k; j++ {
					line += "  " + fmt.Sprintf("%-*s", cellW[j], "│")
				}
				fmt.Fprintln(w, line+"  "+gb.Exercises[k])
			}
			fmt.Fprintf(w, "%-*s", nameW, "submission")
			for k := from; k < to; k++ {
				fmt.Fprintf(w, "  %-*s", cellW[k], "│")
			}
			if last {
				fmt.Fprintf(w, "  passed  pts")
			}
			fmt.Fprintln(w)
			for i, s := range subs {
				row(s, i, from, to, last)
			}
		}
	}
	fmt.Fprintln(w)
	fmt.Fprint(w, wrap("✓ N: all N rules hold; K/N: K of N rules hold (pts: the share of rules, per exercise, added up); -: not started (rt.TODO still there); none: no files for the exercise in DIR/exercises/NN-name/, DIR/NN-name/ or DIR/; err: not graded, for the reason below. gradebook.csv and .json have every test's message.", "", "", width)+"\n")
	gb.writeReasons(w, subs, width)
}

// maxNameW is the widest a submission's name shows in the table; a
// longer one is cut, with "…" (the gradebook's files keep it whole).
const maxNameW = 16

// padName fits name to w columns, cut with "…" when longer.
func padName(name string, w int) string {
	r := []rune(name)
	if len(r) > w {
		return string(r[:w-1]) + "…"
	}
	return name + strings.Repeat(" ", w-len(r))
}

// cell is how a result shows in the table.
func cell(r *checker.Result) string {
	switch {
	case r.Status == checker.StatusPass:
		return "✓ " + strconv.Itoa(r.Total)
	case r.Status == checker.StatusFail && r.Total > 0:
		return fmt.Sprintf("%d/%d", r.Score, r.Total)
	case r.Status == checker.StatusNotStarted:
		return "-"
	case strings.HasPrefix(r.Message, NotSubmitted):
		return "none"
	}
	return "err"
}

// writeReasons lists, per submission, why each "err" and each 0 score is
// so: one line for a submission where nothing was found or every
// exercise failed for one reason.
func (gb *Gradebook) writeReasons(w io.Writer, subs []*Submission, width int) {
	exW := 0
	for _, e := range gb.Exercises {
		exW = max(exW, len(e))
	}
	for _, s := range subs {
		var why []*checker.Result
		none, same := 0, true
		for _, r := range s.Results {
			switch cell(r) {
			case "none":
				none++
			case "err", "0/" + strconv.Itoa(r.Total):
				why = append(why, r)
				same = same && r.Message == s.Results[0].Message
			}
		}
		switch {
		case none == len(s.Results):
			fmt.Fprint(w, wrap(s.Name+": nothing submitted: no exercise's files in "+s.Name+"/exercises/NN-name/, "+s.Name+"/NN-name/ or "+s.Name+"/", "", "  ", width))
			continue
		case len(why) == len(s.Results) && same && len(why) > 1:
			fmt.Fprint(w, wrap(s.Name+", every exercise: "+firstLine(why[0].Message), "", "  ", width))
			continue
		case len(why) == 0:
			continue
		}
		fmt.Fprintln(w, s.Name+":")
		for _, r := range why {
			head := fmt.Sprintf("  %-*s  ", exW, r.Exercise)
			fmt.Fprint(w, wrap(firstLine(r.Message), head, strings.Repeat(" ", len(head)), width))
		}
	}
}

// wrap breaks text into lines of at most width columns at spaces, the
// first starting with first and the others with indent.
func wrap(text, first, indent string, width int) string {
	var b strings.Builder
	line := first
	n := utf8.RuneCountInString(line)
	start := true
	for _, word := range strings.Fields(text) {
		wl := utf8.RuneCountInString(word)
		if !start && n+1+wl > width {
			b.WriteString(line + "\n")
			line, n, start = indent, len(indent), true
		}
		if !start {
			line += " "
			n++
		}
		line += word
		n += wl
		start = false
	}
	b.WriteString(line + "\n")
	return b.String()
}
