package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/diff"

	"github.com/gmplab/gmplab/checker"
	"github.com/gmplab/gmplab/lessons"
	"github.com/gmplab/gmplab/notebook"
	"github.com/gmplab/gmplab/progress"
)

// freshProgress points the progress file to an empty directory for one
// test.
func freshProgress(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	t.Setenv(progress.EnvDir, dir)
	return dir
}

const fixture = "testdata/lessons/99-fixture"

// checkGolden compares got with a golden file (rewritten by -update).
func checkGolden(t *testing.T, file, got string) {
	t.Helper()
	if *update {
		if err := os.WriteFile(file, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("%v (go test ./cmd/gmplab/cli -update writes it)", err)
	}
	if got != string(want) {
		t.Errorf("the output differs from %s (go test ./cmd/gmplab/cli -update rewrites it):\n%s", file, diff.Diff(file, want, "now", []byte(got)))
	}
}

// TestLessonPrinted is the whole fixture lesson as gmplab lesson prints it
// when its output is not a terminal: rendered Markdown and every cell run.
func TestLessonPrinted(t *testing.T) {
	dir := freshProgress(t)
	var out, errb bytes.Buffer
	code := Run([]string{"lesson", fixture}, strings.NewReader(""), &out, &errb)
	if code != 0 || errb.Len() > 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	got := out.String()
	checkGolden(t, "testdata/lessons/lesson.golden", got)
	// Links to files as paths from here, the path alone when the text
	// names it, the text alone when the file is not there.
	if want := "scenario is testdata/lessons/99-fixture/tiny.go, the course's exercises are explained in ../../../docs/exercises.md, and a file that is not there keeps its text."; !strings.Contains(strings.Join(strings.Fields(got), " "), want) {
		t.Errorf("the printed lesson lacks %q", want)
	}
	for _, want := range []string{
		"  # A fixture\n",
		"  the file and filled by the renderer; a link", // one paragraph, filled to the width
		"  • a list item that the file wraps over two lines;\n",
		"  ── tiny.go, lines 14-17 ──\n  │ func main() {\n",
		"  $ gmplab run tiny.go --gomaxprocs 1 --layers stacks,procs | grep -E 'execute|print'\n",
		"stdout \"done\\n\"",
		"  │ P0     |G8",
		"  │ (gmplab) print p0.runq\n  │ [G5 G6 G7]\n",
		"    a) G7\n    b) G1\n",
		"End of lesson-99.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the printed lesson lacks %q", want)
		}
	}
	if strings.Contains(got, "\x1b[") {
		t.Error("ANSI escapes in output that is not a terminal")
	}
	if strings.Contains(got, "answer:") {
		t.Error("the reader gives the quiz's answers away")
	}
	st, err := progress.OpenAt(dir)
	if err != nil || !st.Read("lesson-99") {
		t.Errorf("reading to the end did not mark the lesson read (%v)", err)
	}
}

// TestLessonInteractive drives the reader as a terminal would: Enter runs
// a cell, s skips one, q leaves (and the lesson is not marked read).
func TestLessonInteractive(t *testing.T) {
	dir := freshProgress(t)
	t.Setenv("NO_COLOR", "1")
	var out bytes.Buffer
	o := &LessonOptions{In: strings.NewReader("\n\ns\nq\n"), Out: &out, Err: &out, Target: fixture,
		Interactive: func() bool { return true }, Width: 100}
	if err := runLesson(o); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{"Enter: §2/3 The cells · q: quit · ?: keys", "Enter: run it · s: skip · q: quit", "  │      2    0.000000ms  M0    P0    G1     execute"} {
		if !strings.Contains(got, want) {
			t.Errorf("the session lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "P0     |G8") {
		t.Error("the skipped timeline ran")
	}
	if strings.Contains(got, "End of lesson-99") {
		t.Error("q did not leave")
	}
	st, _ := progress.OpenAt(dir)
	if st.Read("lesson-99") {
		t.Error("a lesson left before its end was marked read")
	}
	if n := st.At("lesson-99"); n != 2 {
		t.Errorf("left in section 2, the progress file says section %d", n)
	}
}

// TestLessonKeys moves about the fixture lesson with the reader's keys,
// given a line at a time: n goes to the next section, b back, a number to
// that section, ? lists the keys and the sections; leaving keeps the
// section, where gmplab next and gmplab lesson --section start again.
func TestLessonKeys(t *testing.T) {
	t.Setenv("NO_COLOR", "1")
	read := func(input string, section int) string {
		t.Helper()
		var out bytes.Buffer
		o := &LessonOptions{In: strings.NewReader(input), Out: &out, Err: &out, Target: fixture,
			Interactive: func() bool { return true }, Width: 80, Section: section}
		if err := runLesson(o); err != nil {
			t.Fatal(err)
		}
		return out.String()
	}

	dir := freshProgress(t)
	// ? at the first pause, then n (the cells), b at the first cell
	// (back to the introduction), 3 at the pause before the cells (the
	// quiz's section, the last).
	got := read("?\nn\nb\n3\n", 0)
	for _, want := range []string{"Keys (no Enter needed on a terminal):", "   1  A fixture\n   2  The cells\n   3  Quiz\n"} {
		if !strings.Contains(got, want) {
			t.Errorf("? did not show %q:\n%s", want, got)
		}
	}
	for heading, n := range map[string]int{"\n  # A fixture": 2, "## The cells": 1, "## Quiz": 1, "End of lesson-99": 1} {
		if c := strings.Count(got, heading); c != n {
			t.Errorf("%q shown %d times, want %d:\n%s", heading, c, n, got)
		}
	}
	if strings.Contains(got, "P0     |G8") {
		t.Error("a cell ran")
	}

	// Left in section 2: started again at the top, the reader says
	// where; --section starts there.
	read("\nq\n", 0)
	st, _ := progress.OpenAt(dir)
	if n := st.At("lesson-99"); n != 2 {
		t.Errorf("left in section 2, the progress file says %d", n)
	}
	if got := read("q\n", 0); !strings.Contains(got, "Last time you stopped at section 2, The cells: press 2 to go there.") || strings.Contains(got, "## The cells") {
		t.Errorf("gmplab lesson from the top:\n%s", got)
	}
	if got := read("q\n", 2); !strings.Contains(got, "From section 2 of 3, The cells") || strings.Contains(got, "# A fixture") {
		t.Errorf("--section 2:\n%s", got)
	}
	// Read to the end from section 2 (run the run cell, skip the
	// timeline and the debugger, on through the quiz): read, and the
	// position forgotten.
	got = read("\ns\ns\n\n\n", 2)
	if !strings.Contains(got, "End of lesson-99.") {
		t.Fatalf("did not reach the end:\n%s", got)
	}
	st, _ = progress.OpenAt(dir)
	if !st.Read("lesson-99") || st.At("lesson-99") != 0 {
		t.Errorf("after the end: read %v, at %d", st.Read("lesson-99"), st.At("lesson-99"))
	}

	// Printed (not a terminal) from a section.
	var out bytes.Buffer
	if code := Run([]string{"lesson", fixture, "--section", "3"}, strings.NewReader(""), &out, &out); code != 0 || strings.Contains(out.String(), "## The cells") || !strings.Contains(out.String(), "## Quiz") {
		t.Errorf("--section 3 printed (exit %d):\n%s", code, out.String())
	}
	out.Reset()
	if code := Run([]string{"lesson", fixture, "--section", "4"}, strings.NewReader(""), &out, &out); code != 1 || !strings.Contains(out.String(), "--section 4: lesson-99 has 3 sections") {
		t.Errorf("--section 4 (exit %d):\n%s", code, out.String())
	}
}

// TestLoadLesson resolves the names and paths gmplab lesson takes.
func TestLoadLesson(t *testing.T) {
	for target, want := range map[string]string{
		"4": "lessons/04-sysmon", "lesson-04": "lessons/04-sysmon", "sysmon": "lessons/04-sysmon",
		"../../../lessons/04-sysmon": "lessons/04-sysmon", "../../../lessons/04-sysmon/lesson.md": "lessons/04-sysmon",
		fixture: fixture, fixture + "/lesson.md": fixture,
	} {
		nb, err := loadLesson(target)
		if err != nil {
			t.Errorf("%s: %v", target, err)
			continue
		}
		if nb.Dir != want {
			t.Errorf("%s: the lesson in %s, want %s", target, nb.Dir, want)
		}
	}
}

func TestLessonErrors(t *testing.T) {
	for _, c := range []struct {
		args []string
		want string
		code int
	}{
		{[]string{"lesson", "lesson-42"}, `gmplab lesson: unknown lesson "lesson-42": the lessons are lesson-00 (threads)`, 2},
		{[]string{"lesson", "examples/gosched.go"}, "gmplab lesson: examples/gosched.go is a Go file, not a lesson: gmplab step examples/gosched.go steps through it", 2},
		{[]string{"quiz", "12"}, `gmplab quiz: unknown lesson "12"`, 2},
		{[]string{"lesson"}, "missing LESSON", 2},
		{[]string{"quiz", "4", "5"}, "want one lesson, got 2 arguments", 2},
		{[]string{"progress", "--yes"}, "--yes goes with --reset", 2},
		{[]string{"next", "x"}, "next takes no arguments", 2},
	} {
		var out, errb bytes.Buffer
		code := Run(c.args, strings.NewReader(""), &out, &errb)
		if code != c.code || !strings.Contains(errb.String(), c.want) {
			t.Errorf("gmplab %s: exit %d, stderr %q; want %d and %q", strings.Join(c.args, " "), code, errb.String(), c.code, c.want)
		}
	}
}

// TestQuizScripted answers the fixture's quiz from a script: one right,
// one wrong after an answer that is not a letter. The predict question's
// answer is the engine's.
func TestQuizScripted(t *testing.T) {
	dir := freshProgress(t)
	var out, errb bytes.Buffer
	code := Run([]string{"quiz", fixture}, strings.NewReader("a\nzz\nb\n"), &out, &errb)
	if code != 0 || errb.Len() > 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	got := out.String()
	checkGolden(t, "testdata/lessons/quiz.golden", got)
	for _, want := range []string{
		"1/2. Which goroutine does main start first?",
		"Your answer (a-b): a\nRight: G7.\n",
		"Answer with one letter, a to d.",
		"Not quite: the answer is d) 3.",
		"  See it: gmplab step testdata/lessons/99-fixture/tiny.go --gomaxprocs 1 --seed 1 --layers stacks,procs\n          then: break goexit0; continue; print p0.runq\n",
		"Score: 1/2.",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the quiz lacks %q:\n%s", want, got)
		}
	}
	st, _ := progress.OpenAt(dir)
	if q := st.Quiz("lesson-99"); q == nil || q.Score != 1 || q.Total != 2 {
		t.Errorf("recorded quiz: %+v", q)
	}

	// The input ends before the last question: no score.
	out.Reset()
	code = Run([]string{"quiz", fixture}, strings.NewReader("a\n"), &out, &errb)
	if code != 1 || !strings.Contains(out.String(), "The input ended at question 2 of 2: no score recorded.") {
		t.Errorf("exit %d:\n%s", code, out.String())
	}
	st, _ = progress.OpenAt(dir)
	if q := st.Quiz("lesson-99"); q.Attempts != 1 {
		t.Errorf("an unfinished quiz was recorded: %+v", q)
	}
}

// TestEveryLessonQuiz takes each lesson's quiz, always answering a: the
// engine answers every predict question (a lesson whose question it cannot
// answer fails here and in the lessons' tests).
func TestEveryLessonQuiz(t *testing.T) {
	freshProgress(t)
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, l := range ls {
		var out, errb bytes.Buffer
		code := Run([]string{"quiz", l.Name()}, strings.NewReader(strings.Repeat("a\n", 50)), &out, &errb)
		if code != 0 && !strings.Contains(errb.String(), "has no quiz yet") {
			t.Errorf("gmplab quiz %s: exit %d: %s", l.Name(), code, errb.String())
		}
	}
}

func TestProgressResetAsks(t *testing.T) {
	dir := freshProgress(t)
	st, _ := progress.OpenAt(dir)
	st.MarkLessonRead("lesson-02")
	st.RecordQuiz("lesson-02", 3, 4)

	run := func(in string, tty bool, args ...string) (string, string, int) {
		var out, errb bytes.Buffer
		cmd := newProgressCmd(nil)
		root := withCommand(cmd)
		root.SetIn(strings.NewReader(in))
		if tty {
			cmd.PreRun = nil
			cmd.Flags().Set("reset", "false")
		}
		_ = tty
		code := execute(root, append([]string{"progress"}, args...), &out, &errb)
		return out.String(), errb.String(), code
	}
	// No terminal, no --yes: refuses.
	_, errs, code := run("y\n", false, "--reset")
	if code != 1 || !strings.Contains(errs, "not asking without a terminal; add --yes") {
		t.Errorf("reset without a terminal: exit %d, %q", code, errs)
	}
	// A terminal that answers no, then yes.
	for _, c := range []struct {
		answer string
		kept   bool
	}{{"\n", true}, {"n\n", true}, {"y\n", false}} {
		var out bytes.Buffer
		o := &ProgressOptions{In: strings.NewReader(c.answer), Out: &out, Err: &out, Reset: true, Interactive: func() bool { return true }}
		if err := runProgress(o); err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(out.String(), "? [y/N] ") {
			t.Errorf("reset did not ask: %q", out.String())
		}
		st, _ := progress.OpenAt(dir)
		if st.Read("lesson-02") != c.kept {
			t.Errorf("answer %q: progress kept = %v, want %v", c.answer, !c.kept, c.kept)
		}
	}
	st.MarkLessonRead("lesson-03")
	out, _, code := run("", false, "--reset", "--yes")
	if st, _ := progress.OpenAt(dir); code != 0 || st.Read("lesson-03") || !strings.Contains(out, "Progress reset.") {
		t.Errorf("--reset --yes: exit %d, %q", code, out)
	}
}

func TestProgressShowsAndSetsAsideCorrupt(t *testing.T) {
	dir := freshProgress(t)
	if err := os.WriteFile(filepath.Join(dir, progress.FileName), []byte("{oops"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errb bytes.Buffer
	if code := Run([]string{"progress"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	if !strings.Contains(errb.String(), "was corrupt") || !strings.Contains(errb.String(), "progress.json.corrupt-1") {
		t.Errorf("the corrupt file was not reported: %q", errb.String())
	}
	if _, err := os.Stat(filepath.Join(dir, "progress.json.corrupt-1")); err != nil {
		t.Errorf("the corrupt file was not kept: %v", err)
	}
	if !strings.Contains(out.String(), "0 of 7 lessons read") && !strings.Contains(out.String(), " lessons read, 0 quizzes taken") {
		t.Errorf("progress:\n%s", out.String())
	}

	st, _ := progress.OpenAt(dir)
	st.MarkLessonRead("lesson-00")
	st.RecordQuiz("lesson-00", 2, 3)
	out.Reset()
	Run([]string{"progress"}, nil, &out, &errb)
	if !strings.Contains(out.String(), "lesson-00  yes   2/3 (best 2)") {
		t.Errorf("progress does not show lesson 00:\n%s", out.String())
	}
	if !strings.Contains(out.String(), " lessons read, 1 quiz taken, ") {
		t.Errorf("progress does not count one quiz in the singular:\n%s", out.String())
	}
	out.Reset()
	Run([]string{"lessons"}, nil, &out, &errb)
	if !strings.Contains(out.String(), "read, quiz 2/3\n") {
		t.Errorf("gmplab lessons does not mark lesson 00:\n%s", out.String())
	}
}

func TestNextStep(t *testing.T) {
	dir := freshProgress(t)
	ls, err := lessons.All()
	if err != nil {
		t.Fatal(err)
	}
	st, _ := progress.OpenAt(dir)
	if s := nextStep(st, ls); s.what != "lesson" || s.lesson.Num != 0 {
		t.Errorf("no progress: %s", s.describe())
	}
	// The last lesson worked on is 04: read, so its quiz is next.
	st.MarkLessonRead("lesson-00")
	st.MarkLessonRead("lesson-04")
	if s := nextStep(st, ls); s.what != "quiz" || s.lesson.Num != 4 {
		t.Errorf("lesson 04 read: %s", s.describe())
	}
	st.RecordQuiz("lesson-04", 1, 5)
	s := nextStep(st, ls)
	// Then lesson 04's exercises, in checker.Course's order: both.
	for _, e := range checker.ExercisesOf(4) {
		if s.what != "exercise" || !strings.Contains(s.describe(), "gmplab check "+e) {
			t.Errorf("lesson 04, before %s: %s", e, s.describe())
		}
		st.RecordExercise(e, true)
		s = nextStep(st, ls)
	}
	if s.what != "lesson" || s.lesson.Num != 5 {
		t.Errorf("lesson 04 done: %s", s.describe())
	}
	var out bytes.Buffer
	if code := Run([]string{"next"}, strings.NewReader(""), &out, &out); code != 0 || !strings.HasPrefix(out.String(), "Next: gmplab lesson 5 (") {
		t.Errorf("gmplab next: exit %d:\n%.300s", code, out.String())
	}
	// Lesson 06 left in its fourth section: it is the last worked on,
	// and next reopens it there.
	st.SetAt("lesson-06", 4)
	if s := nextStep(st, ls); s.what != "lesson" || s.lesson.Num != 6 || s.section != 4 || !strings.HasPrefix(s.describe(), "gmplab lesson 6 --section 4 (") {
		t.Errorf("lesson 06 left at section 4: %s", s.describe())
	}
	// The reader opens there (q at its first pause: the cells after it
	// take a while to run).
	out.Reset()
	no := &NextOptions{Lesson: LessonOptions{In: strings.NewReader("q\n"), Out: &out, Err: &out,
		Interactive: func() bool { return true }, Width: 100}}
	if err := runNext(no); err != nil || !strings.Contains(out.String(), "Next: gmplab lesson 6 --section 4") {
		t.Errorf("gmplab next: %v:\n%.300s", err, out.String())
	}
	_, secs := (&reader{nb: mustLoad(t, "6")}).pieces()
	if want := "## " + secs[3].title; !strings.Contains(out.String(), want) || strings.Contains(out.String(), "## "+secs[2].title) {
		t.Errorf("gmplab next printed lesson 06 not from its fourth section (%q):\n%.600s", want, out.String())
	}
}

func mustLoad(t *testing.T, lesson string) *notebook.Notebook {
	t.Helper()
	nb, err := loadLesson(lesson)
	if err != nil {
		t.Fatal(err)
	}
	return nb
}
