package grade

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/gmplab/gmplab/checker"
)

// WriteJSON writes the gradebook: per submission, each exercise's result
// shaped like exercism's results.json (status, message, tests with status
// and message).
func (gb *Gradebook) WriteJSON(w io.Writer) error {
	out := *gb
	out.Submissions = gb.Sorted()
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
}

// WriteCSV writes one row per exercise of each submission (test empty,
// with the score) and one per test, with the first line of its message.
func (gb *Gradebook) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	c.Write([]string{"submission", "exercise", "test", "status", "score", "total", "message"})
	for _, s := range gb.Sorted() {
		for _, r := range s.Results {
			c.Write([]string{s.Name, r.Exercise, "", r.Status, strconv.Itoa(r.Score), strconv.Itoa(r.Total), firstLine(r.Message)})
			for _, t := range r.Tests {
				c.Write([]string{s.Name, r.Exercise, t.Name, t.Status, "", "", firstLine(t.Message)})
			}
		}
	}
	c.Flush()
	return c.Error()
}

// WriteTable prints one row per submission: each exercise's tests passed
// (✓ for all), "err" with the reason below, "-" when not started.
func (gb *Gradebook) WriteTable(w io.Writer) {
	width := len("submission")
	for _, s := range gb.Submissions {
		width = max(width, len(s.Name))
	}
	cols := make([]int, len(gb.Exercises))
	fmt.Fprintf(w, "%-*s", width, "submission")
	for i, e := range gb.Exercises {
		cols[i] = max(len(e), 7)
		fmt.Fprintf(w, "  %-*s", cols[i], e)
	}
	fmt.Fprintf(w, "  passed\n")
	var notes []string
	for _, s := range gb.Sorted() {
		fmt.Fprintf(w, "%-*s", width, s.Name)
		for i, r := range s.Results {
			cell := ""
			switch r.Status {
			case checker.StatusPass:
				cell = "✓ " + strconv.Itoa(r.Total)
			case checker.StatusFail:
				cell = fmt.Sprintf("%d/%d", r.Score, r.Total)
			case checker.StatusNotStarted:
				cell = "-"
			default:
				cell = "err"
				notes = append(notes, fmt.Sprintf("%s %s: %s", s.Name, r.Exercise, firstLine(r.Message)))
			}
			fmt.Fprintf(w, "  %-*s", cols[i], cell)
		}
		fmt.Fprintf(w, "  %d/%d\n", s.Passed, len(gb.Exercises))
	}
	for _, n := range notes {
		fmt.Fprintln(w, n)
	}
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
