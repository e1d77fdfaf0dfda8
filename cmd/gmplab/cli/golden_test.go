package cli

import (
	"bytes"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
)

// go test ./cmd/gmplab/... -update rewrites the golden files and the
// README's outputs. Read the diff before committing it: every changed line
// is a changed scheduling decision or a changed sentence.
var update = flag.Bool("update", false, "rewrite testdata/golden/*.txt and the outputs in README.md")

// repoRoot is the module's root, where the examples and the README are.
const repoRoot = "../../.."

// goldenCases are the traces kept under testdata/golden, one file each.
// Every example has at least one (TestGoldenCoversExamples); the examples
// of the later layers have one with the layer on and one with it off.
var goldenCases = []struct {
	name string
	args string
}{
	{"spawn300", "run examples/spawn300.go --gomaxprocs 1"},
	{"spawn300-gm", "run examples/spawn300.go --gomaxprocs 2 --layers stacks --stats"},
	{"spawn300-schedtrace", "run examples/spawn300.go --format schedtrace"},
	{"pingpong", "run examples/pingpong.go --gomaxprocs 2"},
	{"pingpong-json", "run examples/pingpong.go --gomaxprocs 2 --seed 7 --format json"},
	{"pingpong-max-events", "run examples/pingpong.go --gomaxprocs 2 --max-events 25"},
	{"pingpong-chrome", "run examples/pingpong.go --gomaxprocs 2 --format chrome"},
	{"steal", "run examples/steal.go --gomaxprocs 4"},
	{"steal-state", "run examples/steal.go --gomaxprocs 4 --state-at end"},
	{"steal-nosteal", "run examples/steal.go --gomaxprocs 4 --layers stacks,procs --stats"},
	{"gosched", "run examples/gosched.go --gomaxprocs 1"},
	{"closewake", "run examples/closewake.go --gomaxprocs 1"},
	{"timers", "run examples/timers.go --gomaxprocs 2"},
	{"recursion", "run examples/recursion.go --gomaxprocs 1"},
	{"syscall", "run examples/syscall.go --gomaxprocs 1"},
	{"syscall-nosysmon", "run examples/syscall.go --gomaxprocs 1 --layers stacks,procs,steal"},
	{"preempt", "run examples/preempt.go --gomaxprocs 1"},
	{"preempt-nopreempt", "run examples/preempt.go --gomaxprocs 1 --layers stacks,procs,steal,sysmon --max-time 100ms"},
	{"netpoll", "run examples/netpoll.go --gomaxprocs 2 --format schedtrace --stats"},
	{"netpoll-nonetpoll", "run examples/netpoll.go --gomaxprocs 2 --layers stacks,procs,steal,sysmon,preempt --format schedtrace --stats"},
	{"waitgroups", "run examples/waitgroups.go --gomaxprocs 1"},
	{"workerpools", "run examples/workerpools.go --gomaxprocs 1 --quiet"},
	{"goroutines", "run examples/goroutines.go --gomaxprocs 1"},
	{"starvation", "run examples/starvation.go --gomaxprocs 1"},
	{"resize", "run examples/resize.go --gomaxprocs 4"},
	{"gc", "run examples/gc.go --gomaxprocs 4"},
	{"gc-gctrace", "run examples/gc.go --gomaxprocs 4 --format gctrace"},
	{"gc-nogc", "run examples/gc.go --gomaxprocs 4 --layers stacks,procs,steal,sysmon,preempt,netpoll --stats"},
	{"gomaxprocs258-ncpu2", "run cmd/gmplab/cli/testdata/real/gomaxprocs258.go --ncpu 2 --quiet"},
}

// result is what one gmplab command did.
type result struct {
	stdout, stderr string
	code           int
}

// gmplab runs the command line in-process from the repository's root, as
// a user would type it there (the paths in the output are as given).
func gmplab(t *testing.T, args string) result {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := Run(strings.Fields(args), nil, &stdout, &stderr)
	return result{stdout.String(), stderr.String(), code}
}

// format renders a result as a golden file: a txtar archive whose comment
// is the command line and whose files are the streams that were not empty
// and the exit code when it was not 0.
func (r result) format(args string) []byte {
	a := &txtar.Archive{Comment: []byte("gmplab " + args + "\n")}
	if r.stdout != "" {
		a.Files = append(a.Files, txtar.File{Name: "stdout", Data: []byte(r.stdout)})
	}
	if r.stderr != "" {
		a.Files = append(a.Files, txtar.File{Name: "stderr", Data: []byte(r.stderr)})
	}
	if r.code != 0 {
		a.Files = append(a.Files, txtar.File{Name: "exit", Data: []byte(strconv.Itoa(r.code) + "\n")})
	}
	return txtar.Format(a)
}

// TestGolden runs every golden case, compares it with its file, and runs
// it a second time, with --check, to check that the output is byte-for-byte
// the same (determinism: same file, flags and seed, same bytes) and that no
// invariant breaks.
func TestGolden(t *testing.T) {
	golden, err := filepath.Abs("testdata/golden")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(repoRoot)
	if *update {
		os.MkdirAll(golden, 0o777)
	}
	for _, tc := range goldenCases {
		t.Run(tc.name, func(t *testing.T) {
			got := gmplab(t, tc.args).format(tc.args)
			file := filepath.Join(golden, tc.name+".txt")
			if *update {
				if err := os.WriteFile(file, got, 0o666); err != nil {
					t.Fatal(err)
				}
			} else {
				want, err := os.ReadFile(file)
				if err != nil {
					t.Fatalf("%v (run go test ./cmd/gmplab/cli -update to create it)", err)
				}
				if !bytes.Equal(got, want) {
					t.Errorf("gmplab %s differs from %s (go test ./cmd/gmplab/cli -update rewrites it; read the diff):\n%s",
						tc.args, file, firstDiff(string(want), string(got)))
				}
			}
			// The second run also checks every invariant after every
			// event (--check changes nothing in the output).
			again := gmplab(t, tc.args+" --check").format(tc.args)
			if !bytes.Equal(got, again) {
				t.Errorf("gmplab %s --check is not the same as the first run (not deterministic, or an invariant broke):\n%s",
					tc.args, firstDiff(string(got), string(again)))
			}
		})
	}
}

// TestGoldenCoversExamples: a new example gets a golden trace too.
func TestGoldenCoversExamples(t *testing.T) {
	files, err := filepath.Glob(filepath.Join(repoRoot, "examples", "*.go"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no examples: %v", err)
	}
	for _, f := range files {
		name := "examples/" + filepath.Base(f)
		covered := false
		for _, tc := range goldenCases {
			covered = covered || strings.Contains(" "+tc.args+" ", " "+name+" ")
		}
		if !covered {
			t.Errorf("%s has no golden trace: add it to goldenCases", name)
		}
	}
}

// firstDiff shows where two outputs first differ, with a little context,
// rather than two walls of text.
func firstDiff(want, got string) string {
	wl, gl := lines(want), lines(got)
	i := 0
	for i < len(wl) && i < len(gl) && wl[i] == gl[i] {
		i++
	}
	var b strings.Builder
	fmt.Fprintf(&b, "first difference at line %d (want %d lines, got %d)\n", i+1, len(wl), len(gl))
	for j := max(0, i-2); j < i; j++ {
		fmt.Fprintf(&b, "  %s", wl[j])
	}
	for j := i; j < min(len(wl), i+3); j++ {
		fmt.Fprintf(&b, "- %s", wl[j])
	}
	for j := i; j < min(len(gl), i+3); j++ {
		fmt.Fprintf(&b, "+ %s", gl[j])
	}
	return b.String()
}

// lines splits s into lines that all end in a newline.
func lines(s string) []string {
	if s == "" {
		return nil
	}
	ls := strings.SplitAfter(s, "\n")
	if ls[len(ls)-1] == "" {
		ls = ls[:len(ls)-1]
	} else {
		ls[len(ls)-1] += "\n"
	}
	return ls
}
