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

// TestGradeWritesGradebook grades one small submission end to end (the
// grader's own tests, in checker/grade, cover hangs, panics, exits and
// compile errors). Skipped with -short: it builds a grading program.
func TestGradeWritesGradebook(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a grading program (-short)")
	}
	dir := t.TempDir()
	csv, js := filepath.Join(dir, "g.csv"), filepath.Join(dir, "g.json")
	var stdout, stderr bytes.Buffer
	code := Run([]string{"grade", "../../../checker/grade/testdata/submissions/alice", "--exercises", "01-newstack",
		"--csv", csv, "--json", js, "--quiet"}, strings.NewReader(""), &stdout, &stderr)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if want := regexp.MustCompile(`(?m)^alice +✓ \d+ +1/1$`); !want.MatchString(stdout.String()) {
		t.Errorf("table:\n%s\nwant a line %q", stdout.String(), want)
	}
	for _, f := range []string{csv, js} {
		b, err := os.ReadFile(f)
		if err != nil || !bytes.Contains(b, []byte("alice")) || !bytes.Contains(b, []byte("01-newstack")) {
			t.Errorf("%s: %v\n%s", f, err, b)
		}
	}
}
