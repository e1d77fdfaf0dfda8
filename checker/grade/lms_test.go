package grade

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/checker"
)

// sampleResults are two results as the checker makes them: one passes,
// one fails a rule.
func sampleResults() (*checker.Result, *checker.Result) {
	pass := &checker.Result{Version: 2, Exercise: "02-runqget", Status: checker.StatusPass, Score: 2, Total: 2,
		Rules: []checker.RuleResult{{Name: "runqget: runnext first", Status: "pass"}, {Name: "the lesson's scenarios", Status: "pass"}},
		Tests: []checker.TestResult{{Name: "properties/runqget: runnext first", Status: "pass"}, {Name: "lesson/runq@1", Status: "pass"}}}
	fail := &checker.Result{Version: 2, Exercise: "01-newstack", Status: checker.StatusFail, Score: 1, Total: 2,
		Message: "properties/the frame fits exactly: input: ...",
		Rules:   []checker.RuleResult{{Name: "StackGuard bytes stay free", Status: "fail", Failed: []string{"properties/the frame fits exactly"}}, {Name: "copystack", Status: "pass"}},
		Tests:   []checker.TestResult{{Name: "properties/the frame fits exactly", Status: "fail", Message: "input: stack 2048 B\nyours: newsize 8192\nGo's:  newsize 4096\n"}, {Name: "properties/copies", Status: "pass"}}}
	return pass, fail
}

// testJSON is go test -json output with the lines of results (signed with
// key), a package that failed before reporting, and a forged line.
func testJSON(key string, forged bool, results ...*checker.Result) string {
	var b strings.Builder
	ev := func(action, pkg, test, out string) {
		e, _ := json.Marshal(map[string]string{"Action": action, "Package": pkg, "Test": test, "Output": out})
		b.Write(append(e, '\n'))
	}
	for _, r := range results {
		pkg := checker.Module + "/exercises/" + r.Exercise
		ev("run", pkg, "TestExercise", "")
		if forged {
			ev("output", pkg, "TestExercise", checker.ResultPrefix+"- "+`{"version":2,"exercise":"`+r.Exercise+`","status":"pass","score":9,"total":9}`+"\n")
		}
		old := os.Getenv(checker.EnvResultKey)
		os.Setenv(checker.EnvResultKey, key)
		ev("output", pkg, "TestExercise", checker.ResultLine(r)+"\n")
		os.Setenv(checker.EnvResultKey, old)
		ev("pass", pkg, "TestExercise", "")
	}
	pkg := checker.Module + "/exercises/03-runqgrab"
	ev("output", pkg, "", "--- FAIL: TestExercise\n")
	ev("output", pkg, "", "    gmplab: refused: runqgrab.go:3: func init: exercise code may not run at initialisation\n")
	ev("fail", pkg, "", "")
	return b.String()
}

// TestFromTestJSON: a gradebook from go test -json outputs keeps each
// result whole (rules, tests, messages), says why a package that failed
// before the checker reported got nothing, and with a key refuses a
// result line that is not signed by it (a learner's function printing
// one).
func TestFromTestJSON(t *testing.T) {
	pass, fail := sampleResults()
	dir := t.TempDir()
	alice := filepath.Join(dir, "alice.json")
	os.WriteFile(alice, []byte(testJSON("k3y", false, pass, fail)), 0o644)
	gb, err := FromTestJSON([]string{alice}, "k3y")
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(gb.Exercises, " "); got != "01-newstack 02-runqget 03-runqgrab" {
		t.Fatalf("exercises %q", got)
	}
	s := gb.Submissions[0]
	if s.Name != "alice" || s.Passed != 1 || s.Points != 1.5 || s.Possible != 3 {
		t.Errorf("alice: passed %d, points %v of %d", s.Passed, s.Points, s.Possible)
	}
	if r := s.Results[2]; r.Status != checker.StatusError || !strings.Contains(r.Message, "may not run at initialisation") {
		t.Errorf("03-runqgrab: %s %q", r.Status, r.Message)
	}
	if m := s.Results[0].Tests[0].Message; !strings.Contains(m, "Go's:  newsize 4096") {
		t.Errorf("the test's message is not whole: %q", m)
	}
	forged := filepath.Join(dir, "mallory.json")
	os.WriteFile(forged, []byte(testJSON("k3y", true, pass)), 0o644)
	if _, err := FromTestJSON([]string{forged}, "k3y"); err == nil || !strings.Contains(err.Error(), "signature does not match") {
		t.Errorf("a forged line: %v", err)
	}
}

// TestLMSExports: the Canvas and Moodle CSVs, one row per student and one
// column per exercise (out of 100) and the total; the gradebook CSV keeps
// whole messages and has a total row.
func TestLMSExports(t *testing.T) {
	pass, fail := sampleResults()
	gb := &Gradebook{Exercises: []string{"01-newstack", "02-runqget"}, Submissions: []*Submission{
		{Name: "bob", Results: []*checker.Result{fail, pass}},
		{Name: "alice", Results: []*checker.Result{pass2(fail), pass}},
	}}
	gb.total()
	var canvas, moodle, csv bytes.Buffer
	gb.WriteCanvas(&canvas)
	gb.WriteMoodle(&moodle)
	gb.WriteCSV(&csv)
	golden(t, "canvas.csv", canvas.Bytes())
	golden(t, "moodle.csv", moodle.Bytes())
	if !strings.Contains(csv.String(), "\"input: stack 2048 B\nyours: newsize 8192\nGo's:  newsize 4096\"") {
		t.Errorf("the CSV does not keep the whole message:\n%s", csv.String())
	}
	if !strings.Contains(csv.String(), "bob,total,,,,1,2,1.50,") {
		t.Errorf("the CSV has no total row for bob:\n%s", csv.String())
	}
}

func pass2(r *checker.Result) *checker.Result {
	c := *r
	c.Status, c.Score, c.Message = checker.StatusPass, c.Total, ""
	c.Rules = []checker.RuleResult{{Name: "StackGuard bytes stay free", Status: "pass"}, {Name: "copystack", Status: "pass"}}
	c.Tests = nil
	return &c
}

// TestClassroomResult: a result as GitHub Classroom's reporter reads it:
// base64 JSON whose tests' scores add up to the share of rules that hold.
func TestClassroomResult(t *testing.T) {
	_, fail := sampleResults()
	var b bytes.Buffer
	if err := ClassroomResult(&b, fail, 10); err != nil {
		t.Fatal(err)
	}
	enc, ok := strings.CutPrefix(strings.TrimSpace(b.String()), "result=")
	if !ok {
		t.Fatalf("not a step output: %q", b.String())
	}
	raw, err := base64.StdEncoding.DecodeString(enc)
	if err != nil {
		t.Fatal(err)
	}
	var out struct {
		MaxScore float64 `json:"max_score"`
		Status   string
		Tests    []struct {
			Name   string
			Status string
			Score  float64
		}
	}
	if err := json.Unmarshal(raw, &out); err != nil {
		t.Fatal(err)
	}
	sum := 0.0
	for _, tc := range out.Tests {
		sum += tc.Score
	}
	if out.MaxScore != 10 || sum != 5 || out.Status != "fail" || len(out.Tests) != 2 {
		t.Errorf("result %s", raw)
	}
}

// TestClassroomWorkflow: the workflow grades every exercise against the
// protected grader, takes only the learner's files, and hands each
// exercise's result to the reporter (golden: testdata/classroom.yml).
func TestClassroomWorkflow(t *testing.T) {
	wf := ClassroomWorkflow([]string{"01-newstack", "02-runqput"}, "course/gmplab", "v1.2", 10)
	for _, want := range []string{"name: Autograding Tests", "repository: course/gmplab", "ref: v1.2", "gmplab grade --into . ../student",
		"go test -json -count=1 ./exercises/02-runqput", "E01_NEWSTACK_RESULTS: \"${{ steps.e01_newstack.outputs.result }}\"", "runners: e01_newstack,e02_runqput"} {
		if !strings.Contains(wf, want) {
			t.Errorf("the workflow lacks %q", want)
		}
	}
	golden(t, "classroom.yml", []byte(wf))
}
