package grade

import (
	"encoding/csv"
	"io"
	"strconv"
	"strings"
)

// The learning management systems' grade imports, as they take them: one
// row per student, one column per exercise (points out of 100: the share
// of the exercise's rules that hold), and the total. A submission is
// named by its folder (or go test -json file): name the folders by the
// students' login names, as GitHub Classroom names repositories
// (assignment-login) once the prefix is cut, or edit the column.

// WriteCanvas writes a CSV Canvas's gradebook import takes as it is
// (Grades > Import): Student, ID, SIS User ID, SIS Login ID and Section
// first, a "Points Possible" row, then an assignment column per exercise
// and one for the total. Canvas matches students by SIS Login ID here;
// columns without a Canvas assignment id become new assignments.
func (gb *Gradebook) WriteCanvas(w io.Writer) error {
	c := csv.NewWriter(w)
	head := []string{"Student", "ID", "SIS User ID", "SIS Login ID", "Section"}
	possible := []string{"    Points Possible", "", "", "", ""}
	for _, e := range gb.Exercises {
		head = append(head, "gmplab "+e)
		possible = append(possible, "100")
	}
	head = append(head, "gmplab total")
	possible = append(possible, strconv.Itoa(100*len(gb.Exercises)))
	c.Write(head)
	c.Write(possible)
	for _, s := range gb.Sorted() {
		row := []string{s.Name, "", "", s.Name, ""}
		total := 0.0
		for _, r := range s.Results {
			p := 100 * Points(r)
			total += p
			row = append(row, strconv.FormatFloat(p, 'f', 1, 64))
		}
		c.Write(append(row, strconv.FormatFloat(total, 'f', 1, 64)))
	}
	c.Flush()
	return c.Error()
}

// WriteMoodle writes a CSV Moodle's "Import grades from CSV" takes as it
// is (Grades > Import > CSV file): a username column to map to the user
// field "username", per exercise a grade column (out of 100) and a
// feedback column (the rules that do not hold, or the reason), and the
// total. Moodle maps each column to a grade item, or its feedback, in its
// import form.
func (gb *Gradebook) WriteMoodle(w io.Writer) error {
	c := csv.NewWriter(w)
	head := []string{"username"}
	for _, e := range gb.Exercises {
		head = append(head, "gmplab "+e, "feedback gmplab "+e)
	}
	c.Write(append(head, "gmplab total"))
	for _, s := range gb.Sorted() {
		row := []string{s.Name}
		total := 0.0
		for _, r := range s.Results {
			p := 100 * Points(r)
			total += p
			fb := ""
			switch failed := r.FailedRules(); {
			case len(failed) > 0:
				fb = "rules that do not hold: " + strings.Join(failed, "; ")
			case r.Status != "pass":
				fb = firstLine(r.Message)
			}
			row = append(row, strconv.FormatFloat(p, 'f', 1, 64), fb)
		}
		c.Write(append(row, strconv.FormatFloat(total, 'f', 1, 64)))
	}
	c.Flush()
	return c.Error()
}
