package grade

import (
	"bytes"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/gmplab/gmplab/checker"
)

// TestTableWide: with every exercise, the names do not fit as column
// heads in TableWidth columns, so each heads its column from a line of
// its own; no line is wider than TableWidth.
func TestTableWide(t *testing.T) {
	exs, err := checker.ListExercises("../..")
	if err != nil {
		t.Fatal(err)
	}
	gb := &Gradebook{}
	for _, d := range exs {
		gb.Exercises = append(gb.Exercises, d.Name)
	}
	statuses := []*checker.Result{
		{Status: checker.StatusPass, Score: 9, Total: 9},
		{Status: checker.StatusFail, Score: 5, Total: 9, Message: "properties/a full ring: input: 256 Gs"},
		{Status: checker.StatusNotStarted},
		{Status: checker.StatusError, Message: NotSubmitted + ": no runqput.go in ..."},
		{Status: checker.StatusError, Message: "timed out: an endless loop, or a call that blocks? (limit: 1m0s of CPU time; gmplab grade --timeout raises it)"},
	}
	for i, name := range []string{"alice", "bob", "a-rather-long-student-name"} {
		s := &Submission{Name: name}
		for k, e := range gb.Exercises {
			r := *statuses[(i+k)%len(statuses)]
			r.Exercise = e
			s.Results = append(s.Results, &r)
			if r.Status == checker.StatusPass {
				s.Passed++
			}
		}
		gb.Submissions = append(gb.Submissions, s)
	}
	gb.total()
	var b bytes.Buffer
	gb.WriteTable(&b)
	for _, l := range strings.Split(b.String(), "\n") {
		if n := utf8.RuneCountInString(l); n > TableWidth {
			t.Errorf("a line of %d columns:\n%s", n, l)
		}
	}
	golden(t, "table-wide.txt", b.Bytes())
	// On a terminal gmplab grade lays it out for the terminal's width:
	// no line wider, no word broken.
	for _, width := range []int{60, 80, 120} {
		var nb bytes.Buffer
		gb.WriteTableWidth(&nb, width)
		for _, l := range strings.Split(nb.String(), "\n") {
			if n := utf8.RuneCountInString(l); n > width {
				t.Errorf("at %d columns, a line of %d:\n%s", width, n, l)
			}
		}
		if !strings.Contains(strings.Join(strings.Fields(nb.String()), " "), "timed out: an endless loop, or a call that blocks? (limit: 1m0s of CPU time; gmplab grade --timeout raises it)") {
			t.Errorf("at %d columns, a reason broken inside a word:\n%s", width, nb.String())
		}
	}
}
