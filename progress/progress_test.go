package progress

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestRoundTrip(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenAt(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.Read("lesson-04") || s.Quiz("lesson-04") != nil || s.Exercise("02-runqput") != nil {
		t.Fatal("a new store has progress")
	}
	must := func(err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	must(s.MarkLessonRead("lesson-04"))
	must(s.MarkLessonRead("lesson-02"))
	must(s.MarkLessonRead("lesson-04"))
	must(s.RecordQuiz("lesson-04", 3, 5))
	must(s.RecordQuiz("lesson-04", 2, 5))
	must(s.RecordExercise("02-runqput", true))
	must(s.RecordExercise("02-runqput", false))
	if err := s.RecordQuiz("lesson-04", 6, 5); err == nil {
		t.Error("a score above the total was recorded")
	}

	s2, err := OpenAt(dir)
	if err != nil {
		t.Fatal(err)
	}
	if d := s2.Data(); strings.Join(d.Read, ",") != "lesson-02,lesson-04" {
		t.Errorf("read = %v", d.Read)
	}
	if q := s2.Quiz("lesson-04"); q == nil || q.Score != 2 || q.Best != 3 || q.Total != 5 || q.Attempts != 2 {
		t.Errorf("quiz = %+v", q)
	}
	if e := s2.Exercise("02-runqput"); e == nil || !e.Passed || e.Attempts != 2 {
		t.Errorf("exercise = %+v (a pass stays a pass)", e)
	}
	if n := s2.ExerciseNames(); len(n) != 1 || n[0] != "02-runqput" {
		t.Errorf("exercise names = %v", n)
	}
	// No temporary file is left behind (the lock file stays).
	ents, _ := os.ReadDir(dir)
	for _, e := range ents {
		if e.Name() != FileName && e.Name() != FileName+".lock" {
			t.Errorf("the directory holds %s", e.Name())
		}
	}
	must(s2.Reset())
	s3, _ := OpenAt(dir)
	if s3.Read("lesson-04") || s3.Quiz("lesson-04") != nil {
		t.Error("reset kept progress")
	}
}

// Where the learner stopped in a lesson is kept until the lesson is read
// to its end.
func TestAt(t *testing.T) {
	dir := t.TempDir()
	s, err := OpenAt(dir)
	if err != nil {
		t.Fatal(err)
	}
	if s.At("lesson-04") != 0 {
		t.Fatal("a new store has a position")
	}
	if err := s.SetAt("lesson-04", 5); err != nil {
		t.Fatal(err)
	}
	if err := s.SetAt("lesson-02", 3); err != nil {
		t.Fatal(err)
	}
	s2, _ := OpenAt(dir)
	if s2.At("lesson-04") != 5 || s2.At("lesson-02") != 3 || s2.Data().At["lesson-04"] != 5 {
		t.Errorf("positions after reopening: %v", s2.Data().At)
	}
	if err := s2.MarkLessonRead("lesson-04"); err != nil {
		t.Fatal(err)
	}
	if err := s2.SetAt("lesson-02", 0); err != nil {
		t.Fatal(err)
	}
	s3, _ := OpenAt(dir)
	if s3.At("lesson-04") != 0 || s3.At("lesson-02") != 0 {
		t.Errorf("positions kept after the lesson was read or forgotten: %v", s3.Data().At)
	}
}

func TestCorruptIsSetAside(t *testing.T) {
	dir := t.TempDir()
	path := filepath.Join(dir, FileName)
	for i, bad := range []string{"{not json", `{"version": 7}`} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		s, err := OpenAt(dir)
		if err != nil {
			t.Fatal(err)
		}
		aside := path + ".corrupt-" + string(rune('1'+i))
		if !strings.Contains(s.Warning, "was corrupt") || !strings.Contains(s.Warning, aside) {
			t.Errorf("warning = %q, want it to name %s", s.Warning, aside)
		}
		b, err := os.ReadFile(aside)
		if err != nil || string(b) != bad {
			t.Errorf("the corrupt file was not kept as %s: %q, %v", aside, b, err)
		}
		if _, err := os.Stat(path); err == nil {
			t.Error("the corrupt file is still in place")
		}
		if err := s.MarkLessonRead("lesson-01"); err != nil {
			t.Fatal(err)
		}
		os.Remove(path)
	}
}

func TestEnvDir(t *testing.T) {
	dir := t.TempDir()
	t.Setenv(EnvDir, dir)
	s, err := Open()
	if err != nil {
		t.Fatal(err)
	}
	if s.Path() != filepath.Join(dir, FileName) {
		t.Errorf("path = %s", s.Path())
	}
}

// TestTwoStores is two commands at once: each change re-reads the file, so
// neither loses the other's records.
func TestTwoStores(t *testing.T) {
	dir := t.TempDir()
	a, _ := OpenAt(dir)
	b, _ := OpenAt(dir)
	if err := a.RecordExercise("02-runqput", true); err != nil {
		t.Fatal(err)
	}
	if err := b.RecordQuiz("lesson-02", 4, 5); err != nil {
		t.Fatal(err)
	}
	if err := a.MarkLessonRead("lesson-02"); err != nil {
		t.Fatal(err)
	}
	c, _ := OpenAt(dir)
	if c.Exercise("02-runqput") == nil || c.Quiz("lesson-02") == nil || !c.Read("lesson-02") {
		t.Errorf("a record was lost: %+v", c.Data())
	}
}
