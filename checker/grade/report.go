package grade

import (
	"encoding/csv"
	"encoding/json"
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

// WriteCSV writes one row per exercise of each submission (rule and test
// empty: its rules held of all, and its whole message), one per rule
// that does not hold (with the tests that fail it), one per test (its
// whole message), and one total per submission (exercise "total": the
// exercises passed and the points).
func (gb *Gradebook) WriteCSV(w io.Writer) error {
	c := csv.NewWriter(w)
	c.Write([]string{"submission", "exercise", "rule", "test", "status", "score", "total", "points", "message"})
	for _, s := range gb.Sorted() {
		for _, r := range s.Results {
			c.Write([]string{s.Name, r.Exercise, "", "", r.Status, strconv.Itoa(r.Score), strconv.Itoa(r.Total), points(Points(r), 1), strings.TrimSpace(r.Message)})
			for _, rr := range r.Rules {
				if rr.Status != "pass" {
					c.Write([]string{s.Name, r.Exercise, rr.Name, "", rr.Status, "", "", "", "failing: " + strings.Join(rr.Failed, ", ")})
				}
			}
			for _, t := range r.Tests {
				c.Write([]string{s.Name, r.Exercise, "", t.Name, t.Status, "", "", "", strings.TrimSpace(t.Message)})
			}
		}
		c.Write([]string{s.Name, "total", "", "", "", strconv.Itoa(s.Passed), strconv.Itoa(len(gb.Exercises)), points(s.Points, float64(len(gb.Exercises))), ""})
	}
	c.Flush()
	return c.Error()
}

// Points is what a result is worth, 0 to 1: the share of its rules that
// hold (0 for one not graded).
func Points(r *checker.Result) float64 {
	if r.Total == 0 {
		if r.Status == checker.StatusPass {
			return 1
		}
		return 0
	}
	return float64(r.Score) / float64(r.Total)
}

// points formats p (of most) with two decimals: "6.50".
func points(p, most float64) string {
	_ = most
	return strconv.FormatFloat(p, 'f', 2, 64)
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
