package lessons

import (
	"os"
	"strings"
	"testing"
	"testing/fstest"
)

func TestAll(t *testing.T) {
	ls, err := All()
	if err != nil {
		t.Fatal(err)
	}
	// The course's first seven lessons, one layer each; later ones
	// (production, other runtimes) may follow.
	want := []string{"00-threads", "01-stacks", "02-procs", "03-steal", "04-sysmon", "05-preempt", "06-netpoll"}
	if len(ls) < len(want) {
		t.Fatalf("got %d lessons, want at least %d", len(ls), len(want))
	}
	for i, l := range ls {
		if i < len(want) && l.Dir != want[i] {
			t.Errorf("lesson %d is %s, want %s", i, l.Dir, want[i])
		}
		if l.Num != i {
			t.Errorf("lesson %s is number %d, want %d (no gaps)", l.Dir, l.Num, i)
		}
		if l.Title == "" || l.GOMAXPROCS < 1 || len(l.Scenarios) == 0 {
			t.Errorf("%s: incomplete front matter: %+v", l.Dir, l)
		}
		for _, sc := range l.Scenarios {
			src, err := l.Source(sc)
			if err != nil {
				t.Fatal(err)
			}
			if !strings.HasPrefix(string(src), "//go:build ignore\n") || !strings.Contains(string(src), "\npackage main\n") {
				t.Errorf("%s: a scenario starts with //go:build ignore and is package main", l.Path(sc))
			}
			disk, err := os.ReadFile(sc[:0] + l.Dir + "/" + sc)
			if err != nil || string(disk) != string(src) {
				t.Errorf("%s: embedded copy differs from the file", l.Path(sc))
			}
		}
	}
	if got := ls[4].Layers().String(); got != "stacks,procs,steal,sysmon" {
		t.Errorf("lesson 04 layers = %s", got)
	}
}

func TestFind(t *testing.T) {
	for _, name := range []string{"lesson-04", "lesson-4", "lesson4", "4", "04", "004", "04-sysmon", "sysmon", "lessons/04-sysmon", "./lessons/04-sysmon/", "LESSON-04"} {
		l, err := Find(name)
		if err != nil {
			t.Errorf("Find(%q): %v", name, err)
			continue
		}
		if l.Dir != "04-sysmon" {
			t.Errorf("Find(%q) = %s", name, l.Dir)
		}
	}
	for _, name := range []string{"lesson-99", "99", "", "foo", "lesson-", "-1"} {
		_, err := Find(name)
		if err == nil {
			t.Errorf("Find(%q) found a lesson", name)
			continue
		}
		if !strings.Contains(err.Error(), "lesson-04 (sysmon)") {
			t.Errorf("Find(%q): the error does not list the lessons: %v", name, err)
		}
	}
}

func TestResolve(t *testing.T) {
	none := func(string) bool { return false }
	yes := func(string) bool { return true }
	tg, err := Resolve("lessons/04-sysmon/handoff.go", none)
	if err != nil || tg.Lesson == nil || tg.File != "" || tg.Scenario != "handoff.go" {
		t.Errorf("embedded scenario by path: %+v, %v", tg, err)
	}
	tg, err = Resolve("/home/me/gmplab/lessons/04-sysmon/handoff.go", yes)
	if err != nil || tg.Lesson == nil || tg.File == "" {
		t.Errorf("scenario on disk: %+v, %v", tg, err)
	}
	tg, err = Resolve("my.go", yes)
	if err != nil || tg.Lesson != nil || tg.File != "my.go" {
		t.Errorf("own file: %+v, %v", tg, err)
	}
	if _, err := Resolve("my.go", none); err == nil || err.Error() != "my.go: no such file" {
		t.Errorf("missing file: %v", err)
	}
	tg, err = Resolve("4", none)
	if err != nil || tg.Display() != "lessons/04-sysmon/handoff.go" {
		t.Errorf("Resolve(4) = %+v, %v", tg, err)
	}
}

func TestFrontMatterErrors(t *testing.T) {
	for _, tc := range []struct{ md, want string }{
		{"# no front matter\n", "lessons/01-x/lesson.md:1: want a front matter block"},
		{"---\ntitle: x\n", "no closing ---"},
		{"---\ntitle: x\nlayer: nope\ngomaxprocs: 1\nseed: 1\nscenarios: a.go\n---\n", "lesson.md:3: unknown layer \"nope\""},
		{"---\ntitle: x\nlayer: procs\ngomaxprocs: 0\nseed: 1\nscenarios: a.go\n---\n", "lesson.md:4: gomaxprocs \"0\""},
		{"---\ntitle: x\nlayer: procs\ngomaxprocs: 1\nseed: 1\n---\n", "no scenarios:"},
		{"---\ntitle: x\nlayer: procs\ngomaxprocs: 1\nseed: 1\nscenarios: b.go\n---\n", "scenario b.go: no such file"},
		{"---\ncolor: x\n---\n", "lesson.md:2: unknown key \"color\""},
		{"---\ntitle: x\nlayer: procs\ngomaxprocs: 1\nseed: 1\nscenarios: a.go\nexercise: ../x\n---\n", "lesson.md:7: exercise \"../x\": want a folder name under exercises/"},
	} {
		fsys := fstest.MapFS{"01-x/lesson.md": {Data: []byte(tc.md)}, "01-x/a.go": {Data: []byte("package main")}}
		_, err := load(fsys)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: got %v, want %q", tc.md, err, tc.want)
		}
	}
}

func TestExerciseAndLoadDir(t *testing.T) {
	dir := t.TempDir() + "/03-mine"
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	md := "---\ntitle: Mine\nlayer: steal\ngomaxprocs: 2\nseed: 3\nscenarios: a.go\nexercise: 03-runqgrab\n---\n# Mine\n"
	os.WriteFile(dir+"/lesson.md", []byte(md), 0o644)
	os.WriteFile(dir+"/a.go", []byte("//go:build ignore\n\npackage main\n"), 0o644)
	l, err := LoadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if l.Exercise != "03-runqgrab" || l.Num != 3 || l.Disk != dir || l.Text != md || l.Body != "# Mine\n" {
		t.Errorf("%+v", l)
	}
	if src, err := l.Source("a.go"); err != nil || !strings.Contains(string(src), "package main") {
		t.Errorf("a disk lesson's scenario comes from disk: %q, %v", src, err)
	}
}
