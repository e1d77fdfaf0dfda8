package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/progress"
)

// checkOptions runs against this checkout with a progress file of its own.
func checkOptions(t *testing.T, exercise string) (*CheckOptions, *bytes.Buffer) {
	t.Helper()
	dir := t.TempDir()
	var out bytes.Buffer
	return &CheckOptions{Out: &out, Exercise: exercise, Dir: ".",
		Progress: func() (*progress.Store, error) { return progress.OpenAt(dir) }}, &out
}

// TestCheckNotStarted: an untouched stub is reported as not started,
// through go test and the checker's report (this builds the exercise's
// test, so it is skipped with -short).
func TestCheckNotStarted(t *testing.T) {
	if testing.Short() {
		t.Skip("runs go test on an exercise (-short)")
	}
	root, err := checker.FindRoot(".")
	if err != nil {
		t.Fatal(err)
	}
	d, err := checker.FindExercise(root, "injectglist")
	if err != nil {
		t.Fatal(err)
	}
	src, _ := os.ReadFile(d.Path + "/injectglist.go")
	if !strings.Contains(string(src), "rt.TODO(") {
		t.Skip("exercises/06-injectglist is started in this checkout")
	}
	o, out := checkOptions(t, "injectglist")
	err = runCheck(o)
	if ee, ok := err.(*ExitError); !ok || ee.Code != 1 {
		t.Errorf("exit: %v, want code 1", err)
	}
	if !strings.Contains(out.String(), "not started: exercises/06-injectglist still calls rt.TODO") {
		t.Errorf("output:\n%s", out)
	}
}

func TestCheckUnknownExercise(t *testing.T) {
	o, _ := checkOptions(t, "nope")
	err := runCheck(o)
	if err == nil || !strings.Contains(err.Error(), `no exercise "nope" (exercises: 01-newstack, 02-gfree, 02-runqget`) {
		t.Errorf("err = %v", err)
	}
}

// TestCheckNext: without a name, the first exercise of the course
// (checker.Course: the one gmplab next and progress name) not passed yet,
// every exercise counted.
func TestCheckNext(t *testing.T) {
	root, _ := checker.FindRoot(".")
	store, err := progress.OpenAt(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	d, err := nextExercise(root, store)
	if err != nil || d.Name != "01-newstack" {
		t.Fatalf("next = %s, %v; want 01-newstack", d.Name, err)
	}
	store.RecordExercise("01-newstack", true)
	store.RecordExercise("02-runqput", false)
	if d, _ := nextExercise(root, store); d.Name != "02-runqput" {
		t.Errorf("next = %s, want 02-runqput (attempted, not passed)", d.Name)
	}
	store.RecordExercise("02-runqput", true)
	if d, _ := nextExercise(root, store); d.Name != "02-runqget" {
		t.Errorf("next = %s, want 02-runqget (lesson 02's second exercise)", d.Name)
	}
	for _, e := range checker.Course {
		if e != "07-scheduler" && e != "09-startcycle" {
			store.RecordExercise(e, true)
		}
	}
	if d, _ := nextExercise(root, store); d.Name != "07-scheduler" {
		t.Errorf("next = %s, want 07-scheduler (the capstone, before lesson 09's)", d.Name)
	}
	store.RecordExercise("07-scheduler", true)
	if d, _ := nextExercise(root, store); d.Name != "09-startcycle" {
		t.Errorf("next = %s, want 09-startcycle (lesson 09's, after the capstone)", d.Name)
	}
}

// TestCheckHintsEscalate: one more hint every hintEvery failed attempts,
// those of the first rule that does not hold where HINTS.md has them
// (else the general ones), and one more at once with --hint.
func TestCheckHintsEscalate(t *testing.T) {
	root, _ := checker.FindRoot(".")
	d, err := checker.FindExercise(root, "02-runqput")
	if err != nil {
		t.Fatal(err)
	}
	for failures, want := range []int{0, 0, 1, 1, 2, 2, 3, 3, 3} {
		var b bytes.Buffer
		showHints(&b, d, "", failures, false)
		if got := strings.Count(b.String(), "\n## Hint ") + strings.Count(b.String(), "\nHint "); got != want {
			t.Errorf("after %d failures: %d general hints, want %d:\n%s", failures, got, want, b.String())
		}
	}
	rule := "next: into runnext, the kicked G to the tail"
	for _, c := range []struct {
		failures int
		now      bool
		want     int
	}{{1, false, 0}, {1, true, 1}, {2, false, 1}, {2, true, 2}, {9, false, 2}} {
		var b bytes.Buffer
		showHints(&b, d, rule, c.failures, c.now)
		if got := strings.Count(b.String(), "for \""+rule+"\":"); got != c.want {
			t.Errorf("after %d failures (--hint %v): %d hints for the rule, want %d:\n%s", c.failures, c.now, got, c.want, b.String())
		}
	}
}

func TestCheckFlags(t *testing.T) {
	var got *CheckOptions
	root := NewRootCmd()
	for _, c := range root.Commands() {
		if c.Name() == "check" {
			root.RemoveCommand(c)
		}
	}
	root.AddCommand(newCheckCmd(func(o *CheckOptions) error { got = o; return nil }))
	var stderr bytes.Buffer
	if code := execute(root, []string{"check", "runqput", "--watch"}, &bytes.Buffer{}, &stderr); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr.String())
	}
	if got.Exercise != "runqput" || !got.Watch {
		t.Errorf("options: %+v", got)
	}
	if code := execute(NewRootCmd(), []string{"check", "a", "b"}, &bytes.Buffer{}, &stderr); code != 2 {
		t.Errorf("two exercises: exit %d, want 2", code)
	}
}

// TestSolutionDiffAsLearners: the reference solution is shown in the
// learner's names (package clause, unexported function names), so a
// learner's file that says the same has an empty diff.
func TestSolutionDiffAsLearners(t *testing.T) {
	root, _ := checker.FindRoot(".")
	for _, name := range []string{"02-runqget", "05-preempt"} {
		d, err := checker.FindExercise(root, name)
		if err != nil {
			t.Fatal(err)
		}
		sols, _ := filepath.Glob(filepath.Join(d.Path, "solution", "*.go"))
		ref, _ := os.ReadFile(sols[0])
		stub, _ := os.ReadFile(filepath.Join(d.Path, d.Files[0]))
		got := string(asLearners(ref, stub, d.Pkg))
		if strings.Contains(got, "package solution") || !strings.Contains(got, "package "+d.Pkg) {
			t.Errorf("%s: package clause not the learner's:\n%.200s", name, got)
		}
		for _, m := range funcName.FindAllStringSubmatch(string(stub), -1) {
			if !strings.Contains(got, "func "+m[1]+"(") {
				t.Errorf("%s: the reference does not declare the learner's %s", name, m[1])
			}
		}
	}
}
