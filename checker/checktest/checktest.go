// Package checktest runs an exercise's checker under go test: each
// exercise's test file (exercises/NN-name/*_test.go) calls Test. It is the
// checker's only use of package testing, kept apart so that gmplab, which
// imports the checker, does not build package testing in.
package checktest

import (
	"fmt"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/checker"
)

// Test runs ex under go test: one subtest per test, skipped as a whole
// when the exercise is not started, with the feedback in the failures
// (go test -v and -json show it).
func Test(t *testing.T, ex *checker.Exercise) {
	r, err := ex.RunForTest()
	if err != nil {
		t.Error(err)
	}
	if testing.Verbose() {
		// go test -v and -json carry the result whole, rules and scores,
		// for gmplab grade --from-json.
		fmt.Println(checker.ResultLine(r))
	}
	if r.Status == checker.StatusNotStarted {
		t.Skip(r.Message)
	}
	for _, tr := range r.Tests {
		t.Run(tr.Name, func(t *testing.T) {
			if tr.Status != checker.StatusPass {
				t.Error("\n" + tr.Message)
			}
		})
	}
	t.Logf("%s: %d/%d rules hold; tests: %s", ex.Name, r.Score, r.Total, strings.Join(r.Scores(), ", "))
	for _, rr := range r.Rules {
		if rr.Status != checker.StatusPass {
			t.Logf("rule not holding: %s (%s)", rr.Name, strings.Join(rr.Failed, ", "))
		}
	}
}
