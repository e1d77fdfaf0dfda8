package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

func TestGradeFlags(t *testing.T) {
	var got *GradeOptions
	root := NewRootCmd()
	for _, c := range root.Commands() {
		if c.Name() == "grade" {
			root.RemoveCommand(c)
		}
	}
	root.AddCommand(newGradeCmd(func(o *GradeOptions) error { got = o; return nil }))
	var stderr bytes.Buffer
	if code := execute(root, []string{"grade", "a", "b", "--exercises", "02-runqput,03-runqgrab", "--timeout", "5s", "--memory", "256", "--csv", "x.csv"}, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if strings.Join(got.Submissions, " ") != "a b" || strings.Join(got.Exercises, " ") != "02-runqput 03-runqgrab" ||
		got.Timeout != 5*time.Second || got.MemoryMB != 256 || got.CSV != "x.csv" || got.JSON != "gradebook.json" {
		t.Errorf("options: %+v", got)
	}
	for _, args := range [][]string{{"grade"}, {"grade", "a", "--timeout", "0s"}, {"grade", "a", "--memory", "10"}} {
		stderr.Reset()
		if code := execute(NewRootCmd(), args, &bytes.Buffer{}, &stderr); code != 2 {
			t.Errorf("%v: exit %d, want 2 (%s)", args, code, stderr.String())
		}
	}
}

// TestGradeWritesGradebook grades one small submission and a folder that
// does not exist end to end (the grader's own tests, in checker/grade,
// cover hangs, panics, exits and compile errors): the submission is
// graded, the missing folder gets 0 with the reason and exit status 1.
// Skipped with -short: it builds a grading program.
func TestGradeWritesGradebook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a grading program (-short)")
	}
	dir := t.TempDir()
	csv, js := filepath.Join(dir, "g.csv"), filepath.Join(dir, "g.json")
	var stdout, stderr bytes.Buffer
	code := Run([]string{"grade", "../../../checker/grade/testdata/submissions/alice", filepath.Join(dir, "nosuch"), "--exercises", "01-newstack",
		"--csv", csv, "--json", js, "--quiet"}, strings.NewReader(""), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), "nosuch: no such folder") || !strings.Contains(stderr.String(), "not a folder (0 in the gradebook): ") {
		t.Fatalf("exit %d, want 1 and the missing folder named: %s", code, stderr.String())
	}
	if want := regexp.MustCompile(`(?m)^alice +✓ \d+ +1/1 +1.00$`); !want.MatchString(stdout.String()) {
		t.Errorf("table:\n%s\nwant a line %q", stdout.String(), want)
	}
	for _, f := range []string{csv, js} {
		b, err := os.ReadFile(f)
		if err != nil || !bytes.Contains(b, []byte("alice")) || !bytes.Contains(b, []byte("01-newstack")) || !bytes.Contains(b, []byte("no such folder")) {
			t.Errorf("%s: %v\n%s", f, err, b)
		}
	}
}

// TestGradeKeepsGradebook: an existing gradebook file is not overwritten
// without --force, and the refusal comes before any grading.
func TestGradeKeepsGradebook(t *testing.T) {
	dir := t.TempDir()
	csv := filepath.Join(dir, "g.csv")
	if err := os.WriteFile(csv, []byte("the instructor's edits\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	start := time.Now()
	code := Run([]string{"grade", "../../../checker/grade/testdata/submissions/alice", "--csv", csv, "--json", ""},
		strings.NewReader(""), &stdout, &stderr)
	if code != 1 || !strings.Contains(stderr.String(), csv+" exists") || !strings.Contains(stderr.String(), "--force") {
		t.Errorf("exit %d, want 1 and a message naming the file and --force: %s", code, stderr.String())
	}
	if b, _ := os.ReadFile(csv); string(b) != "the instructor's edits\n" {
		t.Errorf("the gradebook was overwritten: %q", b)
	}
	if stdout.Len() > 0 || time.Since(start) > time.Minute {
		t.Errorf("graded before refusing:\n%s", stdout.String())
	}
}
