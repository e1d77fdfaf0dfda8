package cli

import (
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// Transcripts of `gmplab step` sessions live in testdata/step/*.txtar:
// a comment saying what the session shows, then the files
//
//	-- args --    the command line after gmplab
//	-- input --   what the user types, one command a line
//	-- output --  what gmplab prints (stdout), exactly
//
// TestStepTranscripts runs each from the repository's root; -update
// rewrites the outputs. tour.txtar is also the README's tour of the
// debugger (TestReadmeTour).

type stepCase struct {
	file        string
	ar          *txtar.Archive
	args, input string
	output      *txtar.File
}

func loadStepCases(t *testing.T) []stepCase {
	t.Helper()
	files, _ := filepath.Glob("testdata/step/*.txtar")
	if len(files) == 0 {
		t.Fatal("no transcripts in testdata/step")
	}
	var cases []stepCase
	for _, f := range files {
		f, _ = filepath.Abs(f) // the sessions run from the repository's root
		ar, err := txtar.ParseFile(f)
		if err != nil {
			t.Fatal(err)
		}
		c := stepCase{file: f, ar: ar}
		for i := range ar.Files {
			switch ar.Files[i].Name {
			case "args":
				c.args = strings.TrimSpace(string(ar.Files[i].Data))
			case "input":
				c.input = string(ar.Files[i].Data)
			case "output":
				c.output = &ar.Files[i]
			}
		}
		if c.args == "" {
			t.Fatalf("%s: no -- args --", f)
		}
		cases = append(cases, c)
	}
	return cases
}

// runStepCase runs one session in-process from the repository's root.
func runStepCase(t *testing.T, c stepCase) (stdout, stderr string, code int) {
	t.Helper()
	t.Chdir(repoRoot)
	var out, errb bytes.Buffer
	code = Run(strings.Fields(c.args), strings.NewReader(c.input), &out, &errb)
	return out.String(), errb.String(), code
}

func TestStepTranscripts(t *testing.T) {
	for _, c := range loadStepCases(t) {
		t.Run(filepath.Base(c.file), func(t *testing.T) {
			out, errOut, code := runStepCase(t, c)
			if code != 0 || errOut != "" {
				t.Fatalf("gmplab %s: exit %d, stderr:\n%s", c.args, code, errOut)
			}
			if *update {
				if c.output == nil {
					c.ar.Files = append(c.ar.Files, txtar.File{Name: "output"})
					c.output = &c.ar.Files[len(c.ar.Files)-1]
				}
				c.output.Data = []byte(out)
				if err := os.WriteFile(c.file, txtar.Format(c.ar), 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			if c.output == nil {
				t.Fatal("no -- output -- (go test -update writes it)")
			}
			if want := string(c.output.Data); out != want {
				t.Errorf("gmplab %s: the output differs (go test -update rewrites it)%s", c.args, firstDiff(want, out))
			}
		})
	}
}

// The README's "Tour of the debugger" shows tour.txtar's session in the
// first ```text block after its heading: "$ gmplab ARGS", then the output.
const tourHeading = "## Tour of the debugger"

func TestReadmeTour(t *testing.T) {
	var tour *stepCase
	for _, c := range loadStepCases(t) {
		if filepath.Base(c.file) == "tour.txtar" {
			tour = &c
		}
	}
	if tour == nil || tour.output == nil {
		t.Fatal("no testdata/step/tour.txtar with an output")
	}
	want := "$ gmplab " + tour.args + "\n" + string(tour.output.Data)
	readme := filepath.Join(repoRoot, "README.md")
	data, err := os.ReadFile(readme)
	if err != nil {
		t.Fatal(err)
	}
	text := string(data)
	h := strings.Index(text, tourHeading)
	if h < 0 {
		t.Fatalf("README.md has no %q section", tourHeading)
	}
	open := strings.Index(text[h:], "```text\n")
	if open < 0 {
		t.Fatalf("README.md: no ```text block in %q", tourHeading)
	}
	start := h + open + len("```text\n")
	end := strings.Index(text[start:], "```")
	if end < 0 {
		t.Fatal("README.md: the tour's ```text block is not closed")
	}
	got := text[start : start+end]
	if got == want {
		return
	}
	if *update {
		if err := os.WriteFile(readme, []byte(text[:start]+want+text[start+end:]), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	t.Errorf("README.md's tour differs from testdata/step/tour.txtar (go test ./cmd/gmplab/cli -update rewrites it)%s", firstDiff(want, got))
}

func TestStepArgs(t *testing.T) {
	t.Chdir(repoRoot)
	for _, tc := range []struct {
		args, stderr string
		code         int
	}{
		{"step", "missing LESSON or FILE.go", 2},
		{"step a b", "want one lesson or Go file, got 2 arguments", 2},
		{"step lesson-99", `gmplab step: unknown lesson "lesson-99": the lessons are lesson-00 (threads)`, 2},
		{"real lesson-99", `gmplab real: unknown lesson "lesson-99"`, 2},
		{"compare lesson-99", `gmplab compare: unknown lesson "lesson-99"`, 2},
		{"compare", "gmplab compare: missing LESSON or FILE.go: gmplab lessons lists the lessons", 2},
		{"compare a.go b.go", "gmplab compare: want one lesson or Go file, got 2 arguments: a.go b.go", 2},
		{"book x", `gmplab book: unknown command "x": the commands are gmplab book build and gmplab book serve`, 2},
		{"book build x", "gmplab book build: book build takes no arguments (-o DIR names the site's folder)", 2},
		{"completion ksh", `gmplab completion: unknown command "ksh": the commands are gmplab completion bash,`, 2},
		{"version x", "gmplab version: version takes no arguments", 2},
		{"step nosuch.go", "gmplab step: nosuch.go: no such file", 1},
		{"step lesson-04 --gomaxprocs 0", "--gomaxprocs 0: want 1 to 1024", 2},
		{"step lesson-04 --layers steal", "--layers \"steal\": layer steal needs procs", 2},
		{"step lesson-04 --init nosuch.txt", "gmplab step: --init: open nosuch.txt: no such file or directory", 1},
		{"step lesson-04 --max-steps 0", "--max-steps 0: want at least 1", 2},
		{"step lesson-04 --max-time 0s", "--max-time 0s: want a positive duration", 2},
		{"lessons x", "lessons takes no arguments", 2},
	} {
		var out, errb bytes.Buffer
		code := Run(strings.Fields(tc.args), strings.NewReader(""), &out, &errb)
		if code != tc.code || !strings.Contains(errb.String(), tc.stderr) {
			t.Errorf("gmplab %s: exit %d, stderr %q; want exit %d and %q", tc.args, code, errb.String(), tc.code, tc.stderr)
		}
	}
}

func TestStepConfig(t *testing.T) {
	t.Chdir(repoRoot)
	for _, tc := range []struct {
		args []string
		want string // GOMAXPROCS seed layers
	}{
		{[]string{"lesson-04"}, "1 1 stacks,procs,steal,sysmon"},
		{[]string{"4", "--seed", "7"}, "1 7 stacks,procs,steal,sysmon"},
		{[]string{"lessons/04-sysmon/handoff.go", "--gomaxprocs", "3"}, "3 1 stacks,procs,steal,sysmon"},
		{[]string{"05-preempt", "--layers", "all"}, "1 1 stacks,procs,steal,sysmon,preempt,netpoll,gc"},
		{[]string{"examples/gosched.go"}, "4 1 stacks,procs,steal,sysmon,preempt,netpoll,gc"},
		{[]string{"examples/gosched.go", "--ncpu", "2"}, "2 1 stacks,procs,steal,sysmon,preempt,netpoll,gc"},
		{[]string{"lesson-03", "--ncpu", "8"}, "4 1 stacks,procs,steal"}, // the lesson's GOMAXPROCS wins over --ncpu
	} {
		var got string
		cmd := newStepCmd(func(o *StepOptions) error {
			tg, err := loadStepTarget(o)
			if err != nil {
				return err
			}
			got = strings.Join([]string{strconv.Itoa(tg.cfg.GOMAXPROCS), strconv.FormatUint(tg.cfg.Seed, 10), tg.cfg.Layers.String()}, " ")
			return nil
		})
		cmd.SetArgs(tc.args)
		cmd.SetOut(new(bytes.Buffer))
		cmd.SetErr(new(bytes.Buffer))
		if err := cmd.Execute(); err != nil {
			t.Errorf("step %v: %v", tc.args, err)
			continue
		}
		if got != tc.want {
			t.Errorf("step %v: config %q, want %q", tc.args, got, tc.want)
		}
	}
}

func TestLessonsList(t *testing.T) {
	var out, errb bytes.Buffer
	if code := Run([]string{"lessons"}, nil, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	// The columns widen with the longest folder name: compare words.
	words := regexp.MustCompile(` {2,}`).ReplaceAllString(out.String(), " | ")
	for _, want := range []string{"LESSON | FOLDER | LAYER | TITLE\n", "lesson-00 | 00-threads | stacks | Threads and goroutines\n", "lesson-04 | 04-sysmon | sysmon | Sysmon, system calls and handoffp\n", "lesson-06 | 06-netpoll | netpoll | The netpoller\n"} {
		if !strings.Contains(words, want) {
			t.Errorf("gmplab lessons lacks %q:\n%s", want, out.String())
		}
	}
}

// TestStepProgramArgs: gmplab step FILE -- args gives the program its
// os.Args[1:] as gmplab run does (lang/testdata/stdio/flags.go prints
// what package flag parsed), flags of step's own before the --.
func TestStepProgramArgs(t *testing.T) {
	t.Chdir(repoRoot)
	var out, errb bytes.Buffer
	args := []string{"step", "lang/testdata/stdio/flags.go", "--gomaxprocs", "1", "--", "-n", "5", "-v", "rest", "x"}
	code := Run(args, strings.NewReader("continue\nexit\n"), &out, &errb)
	if code != 0 {
		t.Fatalf("gmplab %s: exit %d, stderr %q", strings.Join(args, " "), code, errb.String())
	}
	for _, want := range []string{"GOMAXPROCS=1 ", "5 gopher true 1s [] [rest x] 2 2 6\n", "set: n 5\n", "set: v true\n"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("gmplab %s: the output has no %q:\n%s", strings.Join(args, " "), want, out.String())
		}
	}
}
