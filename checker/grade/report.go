package grade

import (
	"encoding/csv"
	"encoding/json"
	"io"
	"strconv"
	"strings"
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

func firstLine(s string) string {
	s, _, _ = strings.Cut(strings.TrimSpace(s), "\n")
	return s
}
