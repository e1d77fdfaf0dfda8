// Package lessons lists and loads the course's lessons: one folder per
// lesson (lessons/NN-slug), each with a lesson.md that opens with a front
// matter block and at least one scenario program (a `//go:build ignore`
// package main that also runs with `go run`). The folders are embedded, so
// `gmplab step lesson-04` works from any directory; a path to a scenario
// on disk is read from disk, so a learner's edits count.
//
// The front matter is a block of `key: value` lines between two `---`
// lines:
//
//	---
//	title: Sysmon, system calls and handoffp
//	layer: sysmon
//	gomaxprocs: 1
//	seed: 1
//	scenarios: handoff.go
//	exercise: 04-handoffp
//	---
//
// layer names the layer the lesson adds; layers are cumulative, so lesson
// 04 runs with stacks,procs,steal,sysmon (runtime.LayersUpTo). scenarios is
// a comma-separated list; the first is the one `gmplab step` opens.
// exercise (optional) names the lesson's exercise, a folder under
// exercises/. The body is Markdown with cells (package notebook; the
// format is docs/notebook.md).
package lessons

import (
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/gmplab/gmplab/runtime"
)

//go:embed */lesson.md */*.go */*.trace */real/*.go
var files embed.FS

// Lesson is one lesson folder.
type Lesson struct {
	Num        int    // 4
	Dir        string // "04-sysmon"
	Slug       string // "sysmon"
	Title      string
	Layer      string // the layer it adds: stacks, procs, steal, sysmon, preempt, netpoll
	GOMAXPROCS int
	Seed       uint64
	Scenarios  []string // file names in Dir; the first is the default
	Exercise   string   // the exercise's folder under exercises/, or ""
	Body       string   // lesson.md after the front matter
	Text       string   // lesson.md, whole
	// Disk is the lesson's folder on disk when it was loaded from there
	// (LoadDir), "" for the embedded copy.
	Disk string
}

// File is lesson.md's path in the repository: lessons/04-sysmon/lesson.md.
func (l *Lesson) File() string { return "lessons/" + l.Dir + "/lesson.md" }

// Name is the lesson's short name: "lesson-04".
func (l *Lesson) Name() string { return fmt.Sprintf("lesson-%02d", l.Num) }

// Layers are the lesson's layers: its own and every earlier one.
func (l *Lesson) Layers() runtime.Layers {
	ls, err := runtime.LayersUpTo(l.Layer)
	if err != nil {
		panic("lessons: " + l.Dir + ": " + err.Error()) // checked by load
	}
	return ls
}

// Path is the scenario's path in the repository: lessons/04-sysmon/handoff.go.
func (l *Lesson) Path(scenario string) string { return "lessons/" + l.Dir + "/" + scenario }

// Source returns the text of one of the lesson's scenarios: the embedded
// copy, or the file on disk for a lesson loaded by LoadDir.
func (l *Lesson) Source(scenario string) ([]byte, error) {
	if !slices.Contains(l.Scenarios, scenario) {
		return nil, fmt.Errorf("%s has no scenario %q (it has %s)", l.Name(), scenario, strings.Join(l.Scenarios, ", "))
	}
	return l.ReadFile(scenario)
}

// ReadFile reads a file of the lesson's folder (a bare name: handoff.go):
// from disk for a lesson loaded by LoadDir, else the embedded copy (which
// holds lesson.md, the .go files and the stored execution traces).
func (l *Lesson) ReadFile(name string) ([]byte, error) {
	if l.Disk != "" {
		return os.ReadFile(filepath.Join(l.Disk, name))
	}
	b, err := files.ReadFile(l.Dir + "/" + name)
	if err != nil {
		return nil, fmt.Errorf("%s: no such file in gmplab's copy of the lesson", l.Path(name))
	}
	return b, nil
}

var (
	loadOnce sync.Once
	all      []*Lesson
	loadErr  error
)

// All returns the lessons in order.
func All() ([]*Lesson, error) {
	loadOnce.Do(func() { all, loadErr = load(files) })
	return all, loadErr
}

func load(fsys fs.FS) ([]*Lesson, error) {
	dirs, err := fs.ReadDir(fsys, ".")
	if err != nil {
		return nil, err
	}
	var ls []*Lesson
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		l, err := parseDir(fsys, d.Name())
		if err != nil {
			return nil, err
		}
		ls = append(ls, l)
	}
	slices.SortFunc(ls, func(a, b *Lesson) int { return a.Num - b.Num })
	for i := 1; i < len(ls); i++ {
		if ls[i].Num == ls[i-1].Num {
			return nil, fmt.Errorf("lessons/%s and lessons/%s have the same number", ls[i-1].Dir, ls[i].Dir)
		}
	}
	return ls, nil
}

// LoadDir reads a lesson from its folder on disk (path/to/04-sysmon, whose
// name must be NN-slug): the learner's copy, edits included.
func LoadDir(dir string) (*Lesson, error) {
	clean := filepath.Clean(dir)
	l, err := parseDir(os.DirFS(filepath.Dir(clean)), filepath.Base(clean))
	if err != nil {
		return nil, err
	}
	l.Disk = clean
	return l, nil
}

// parseDir reads lessons/<dir>/lesson.md.
func parseDir(fsys fs.FS, dir string) (*Lesson, error) {
	num, slug, ok := strings.Cut(dir, "-")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || len(num) != 2 || slug == "" {
		return nil, fmt.Errorf("lessons/%s: a lesson folder is named NN-slug (04-sysmon)", dir)
	}
	name := "lessons/" + dir + "/lesson.md"
	text, err := fs.ReadFile(fsys, dir+"/lesson.md")
	if err != nil {
		return nil, fmt.Errorf("%s: %v", name, err)
	}
	l := &Lesson{Num: n, Dir: dir, Slug: slug, Text: string(text)}
	if err := l.parseFrontMatter(name, string(text)); err != nil {
		return nil, err
	}
	for _, sc := range l.Scenarios {
		if _, err := fs.Stat(fsys, dir+"/"+sc); err != nil {
			return nil, fmt.Errorf("%s: scenario %s: no such file in lessons/%s", name, sc, dir)
		}
	}
	return l, nil
}

// parseFrontMatter fills l from the block between the first two "---"
// lines of text; errors are name:line: message.
func (l *Lesson) parseFrontMatter(name, text string) error {
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	if len(lines) == 0 || strings.TrimSpace(lines[0]) != "---" {
		return fmt.Errorf("%s:1: want a front matter block: a first line of ---, then title:, layer:, gomaxprocs:, seed:, scenarios:, then ---", name)
	}
	end := -1
	for i := 1; i < len(lines); i++ {
		if strings.TrimSpace(lines[i]) == "---" {
			end = i
			break
		}
	}
	if end < 0 {
		return fmt.Errorf("%s:1: the front matter block has no closing ---", name)
	}
	seen := map[string]bool{}
	for i := 1; i < end; i++ {
		line := strings.TrimSpace(lines[i])
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		errf := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, i+1, fmt.Sprintf(format, args...))
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			return errf("want key: value, got %q", line)
		}
		key, val = strings.TrimSpace(key), strings.Trim(strings.TrimSpace(val), `"`)
		seen[key] = true
		switch key {
		case "title":
			l.Title = val
		case "layer":
			if _, err := runtime.LayersUpTo(val); err != nil {
				return errf("%v", err)
			}
			l.Layer = val
		case "gomaxprocs":
			n, err := strconv.Atoi(val)
			if err != nil || n < 1 || n > 1024 {
				return errf("gomaxprocs %q: want 1 to 1024", val)
			}
			l.GOMAXPROCS = n
		case "seed":
			n, err := strconv.ParseUint(val, 10, 64)
			if err != nil {
				return errf("seed %q: want a whole number", val)
			}
			l.Seed = n
		case "scenarios":
			val = strings.TrimSuffix(strings.TrimPrefix(val, "["), "]")
			for _, s := range strings.Split(val, ",") {
				s = strings.Trim(strings.TrimSpace(s), `"`)
				if s == "" {
					continue
				}
				if !strings.HasSuffix(s, ".go") || strings.ContainsAny(s, `/\`) {
					return errf("scenario %q: want a .go file in the lesson's folder", s)
				}
				l.Scenarios = append(l.Scenarios, s)
			}
		case "exercise":
			if val == "" || strings.ContainsAny(val, `/\ `) {
				return errf("exercise %q: want a folder name under exercises/ (02-runqput)", val)
			}
			l.Exercise = val
		default:
			return errf("unknown key %q (keys: title, layer, gomaxprocs, seed, scenarios, exercise)", key)
		}
	}
	for _, k := range []string{"title", "layer", "gomaxprocs", "seed", "scenarios"} {
		if !seen[k] {
			return fmt.Errorf("%s:1: the front matter has no %s:", name, k)
		}
	}
	if len(l.Scenarios) == 0 {
		return fmt.Errorf("%s:1: scenarios: names no .go file", name)
	}
	l.Body = strings.Join(lines[end+1:], "\n")
	return nil
}

// Target is what a name given to `gmplab step` refers to.
type Target struct {
	Lesson   *Lesson // nil for a program outside the lessons
	Scenario string  // the scenario's file name, when Lesson is set
	// File is the path to read from disk, when the name was a path;
	// empty when the program is the embedded scenario.
	File string
}

// Display is how the target is named in messages: the path given, or the
// scenario's path in the repository.
func (t Target) Display() string {
	if t.File != "" {
		return t.File
	}
	return t.Lesson.Path(t.Scenario)
}

// Source returns the program's text: from disk for a path, else embedded.
func (t Target) Source(readFile func(string) ([]byte, error)) ([]byte, error) {
	if t.File != "" {
		return readFile(t.File)
	}
	return t.Lesson.Source(t.Scenario)
}

// Find resolves a lesson name: lesson-04, lesson-4, 4, 04, 04-sysmon,
// sysmon, or a path to a lesson's folder. The scenario is the lesson's
// first.
func Find(name string) (*Lesson, error) {
	ls, err := All()
	if err != nil {
		return nil, err
	}
	n := strings.TrimSuffix(strings.TrimPrefix(filepath.ToSlash(name), "./"), "/")
	n = strings.TrimPrefix(n, "lessons/")
	n = strings.ToLower(n)
	for _, p := range []string{"lesson-", "lesson_", "lesson"} {
		if strings.HasPrefix(n, p) && len(n) > len(p) && isDigits(n[len(p):]) {
			n = n[len(p):]
			break
		}
	}
	for _, l := range ls {
		if n == l.Dir || n == l.Slug {
			return l, nil
		}
		if isDigits(n) && len(n) <= 3 {
			if v, err := strconv.Atoi(n); err == nil && v == l.Num {
				return l, nil
			}
		}
	}
	return nil, unknown(name, ls)
}

// Resolve says what `gmplab step NAME` runs. A name ending in .go is a
// file: if it lies in a lesson's folder (lessons/04-sysmon/handoff.go) the
// lesson's settings come with it; exists reports whether a path is on
// disk, and a lesson scenario that is not on disk is read from the
// embedded copy. Any other name is a lesson.
func Resolve(name string, exists func(string) bool) (Target, error) {
	if strings.HasSuffix(name, ".go") {
		t := Target{File: name}
		slash := filepath.ToSlash(filepath.Clean(name))
		dir, file := path.Split(slash)
		dir = path.Base(strings.TrimSuffix(dir, "/"))
		if ls, err := All(); err == nil && strings.Contains("/"+slash, "/lessons/"+dir+"/") {
			for _, l := range ls {
				if l.Dir == dir && slices.Contains(l.Scenarios, file) {
					t.Lesson, t.Scenario = l, file
				}
			}
		}
		if !exists(name) {
			if t.Lesson == nil {
				return Target{}, fmt.Errorf("%s: no such file", name)
			}
			t.File = ""
		}
		return t, nil
	}
	l, err := Find(name)
	if err != nil {
		var u *UnknownError
		if errors.As(err, &u) {
			u.OrFile = true
		}
		return Target{}, err
	}
	return Target{Lesson: l, Scenario: l.Scenarios[0]}, nil
}

// UnknownError is the error for a name that is no lesson: a usage error,
// which lists the lessons.
type UnknownError struct {
	Name    string
	Lessons []string // lesson-04 (sysmon)
	// OrFile adds that a Go file would do (gmplab step takes either).
	OrFile bool
}

func (e *UnknownError) Error() string {
	if strings.HasSuffix(e.Name, ".go") {
		// gmplab lesson examples/gosched.go: a file where only a lesson
		// will do.
		return fmt.Sprintf("%s is a Go file, not a lesson: gmplab step %s steps through it, gmplab run %s runs it; the lessons are %s",
			e.Name, e.Name, e.Name, strings.Join(e.Lessons, ", "))
	}
	msg := fmt.Sprintf("unknown lesson %q: the lessons are %s", e.Name, strings.Join(e.Lessons, ", "))
	if e.OrFile {
		msg += "; or give a .go file"
	}
	return msg
}

func unknown(name string, ls []*Lesson) error {
	names := make([]string, len(ls))
	for i, l := range ls {
		names[i] = l.Name() + " (" + l.Slug + ")"
	}
	return &UnknownError{Name: name, Lessons: names}
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for _, r := range s {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
