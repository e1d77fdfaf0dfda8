package cli

import (
	"bytes"
	"os"
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
	if err == nil || !strings.Contains(err.Error(), `no exercise "nope" (exercises: 01-newstack, 02-runqget`) {
		t.Errorf("err = %v", err)
	}
}

// TestCheckNext: without a name, the first exercise not passed yet.
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
	store.RecordExercise("02-runqget", false)
	if d, _ := nextExercise(root, store); d.Name != "02-runqget" {
		t.Errorf("next = %s, want 02-runqget (attempted, not passed)", d.Name)
	}
}

// TestCheckHintsEscalate: one more hint every hintEvery failed attempts.
func TestCheckHintsEscalate(t *testing.T) {
	root, _ := checker.FindRoot(".")
	d, err := checker.FindExercise(root, "02-runqput")
	if err != nil {
		t.Fatal(err)
	}
	for failures, want := range []int{0, 0, 1, 1, 2, 2, 3, 3, 3} {
		var b bytes.Buffer
		showHints(&b, d, failures)
		if got := strings.Count(b.String(), "\nHint "); got != want {
			t.Errorf("after %d failures: %d hints, want %d:\n%s", failures, got, want, b.String())
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
