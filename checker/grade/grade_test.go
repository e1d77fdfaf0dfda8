package grade

import (
	"bytes"
	"context"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/gmplab/gmplab/checker"

	"github.com/rogpeppe/go-internal/diff"
)

var update = flag.Bool("update", false, "rewrite the golden files")

// TestGrade grades small submissions of three exercises: one that
// passes, and ones that hang, hang printing all the while, do not compile
// (a type error, a syntax error, the wrong package clause), read a file,
// end the program, panic in a goroutine of their own, panic in the
// function, print a lot, have a helper file, or are wrong, an empty
// folder and one that does not exist. Each is graded with its reason and
// none stops the others; the gradebook's CSV, JSON and table are compared
// with golden files. It builds a grading program with the go command, so
// it is skipped with -short.
func TestGrade(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs a grading program (-short)")
	}
	subs, err := filepath.Glob("testdata/submissions/*")
	if err != nil {
		t.Fatal(err)
	}
	// Submissions that cannot be files of the repository: an empty
	// folder (git keeps none), a syntax error (gofmt -l . would list
	// it), and a folder that does not exist.
	tmp := t.TempDir()
	gina, judy := filepath.Join(tmp, "gina"), filepath.Join(tmp, "judy")
	for _, d := range []string{gina, judy} {
		if err := os.Mkdir(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	syntax := "package newstack\n\nimport \"github.com/gmplab/gmplab/exercises/rt\"\n\n" +
		"func newstack(gp *rt.G, framesize int64) (newsize, copied int64) {\n\tif framesize > gp.StackSize {\n\t\treturn gp.StackSize * 4, gp.StackUsed\n\treturn gp.StackSize * 2, gp.StackUsed\n}\n"
	if err := os.WriteFile(filepath.Join(judy, "newstack.go"), []byte(syntax), 0o644); err != nil {
		t.Fatal(err)
	}
	subs = append(subs, gina, judy, "testdata/submissions/zed")
	gb, err := Grade(context.Background(), Options{Root: "../..", Submissions: subs,
		Exercises: []string{"01-newstack", "03-scenario-steal", "06-injectglist"},
		Timeout:   2 * time.Second, MemoryMB: 512, Jobs: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range gb.Submissions {
		for _, r := range s.Results {
			for _, m := range append([]string{r.Message}, testMessages(r)...) {
				if stackTrace.MatchString(m) || strings.Contains(m, tmp) || strings.Contains(m, "gradebuild") {
					t.Errorf("%s %s: a stack trace or the grader's own paths in the message:\n%s", s.Name, r.Exercise, m)
				}
			}
		}
	}
	var csv, js, table bytes.Buffer
	if err := gb.WriteCSV(&csv); err != nil {
		t.Fatal(err)
	}
	if err := gb.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	gb.WriteTable(&table)
	golden(t, "gradebook.csv", csv.Bytes())
	golden(t, "gradebook.json", js.Bytes())
	golden(t, "table.txt", table.Bytes())
}

var stackTrace = regexp.MustCompile(`goroutine \d+ \[|\+0x[0-9a-f]+|\.go:\d+ \+`)

func testMessages(r *checker.Result) []string {
	var out []string
	for _, t := range r.Tests {
		out = append(out, t.Message)
	}
	return out
}

func golden(t *testing.T, name string, got []byte) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (go test ./checker/grade -update writes it)", err)
	}
	if !bytes.Equal(want, got) {
		t.Errorf("%s differs (go test ./checker/grade -update rewrites it):\n%s", path, diff.Diff(path, want, "now", got))
	}
}

// TestConfinedWorkingDirectory: a grading process runs in its scratch
// folder (the one place it may write, its HOME and TMPDIR), and only a
// process given a scenario's file to read runs in the grader's working
// directory, where that file's name is relative to. The check once looked
// at the list of files to read after the program itself had joined it,
// so every process ran in the grader's working directory.
func TestConfinedWorkingDirectory(t *testing.T) {
	wd, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	scratch, bin := t.TempDir(), filepath.Join(t.TempDir(), "gradebin")
	for _, c := range []struct {
		name string
		o    Options
		read []string
		want string
	}{
		{"function exercise", Options{Timeout: time.Second, MemoryMB: 64}, nil, scratch},
		{"with the class's record and hidden tests", Options{Timeout: time.Second, MemoryMB: 64, refs: t.TempDir(), Hidden: t.TempDir()}, nil, scratch},
		{"scenario exercise", Options{Timeout: time.Second, MemoryMB: 64}, []string{filepath.Join(wd, "scenario.go")}, wd},
	} {
		cmd, err := confinedIn(context.Background(), c.o, scratch, bin, c.read, "key")
		if err != nil {
			t.Fatal(err)
		}
		if cmd.Dir != c.want {
			t.Errorf("%s: runs in %s, want %s", c.name, cmd.Dir, c.want)
		}
	}
}
