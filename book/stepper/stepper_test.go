package stepper_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/book/stepper"
	"github.com/gmplab/gmplab/cmd/gmplab/cli"
	"github.com/gmplab/gmplab/view"
)

// firstDiff shows the first line where got and want differ.
func firstDiff(got, want string) string {
	g, w := strings.Split(got, "\n"), strings.Split(want, "\n")
	for i := range min(len(g), len(w)) {
		if g[i] != w[i] {
			return "line " + strconv.Itoa(i+1) + ":\n got " + strconv.Quote(g[i]) + "\nwant " + strconv.Quote(w[i])
		}
	}
	return "one is longer: " + strconv.Itoa(len(g)) + " lines against " + strconv.Itoa(len(w))
}

// TestSameAsCLI runs scenarios through stepper.Run, the function the
// WebAssembly module exports to the page, natively, and compares its
// lines with what gmplab run prints for the same file and flags: the
// header, then one line per event, byte for byte.
func TestSameAsCLI(t *testing.T) {
	root, err := filepath.Abs("../..")
	if err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		file  string
		flags []string
	}{
		{"lessons/03-steal/steal.go", []string{"--gomaxprocs", "4", "--seed", "1", "--layers", "stacks,procs,steal"}},
		{"lessons/04-sysmon/handoff.go", []string{"--gomaxprocs", "1", "--seed", "1", "--layers", "stacks,procs,steal,sysmon"}},
		{"examples/pingpong.go", []string{"--gomaxprocs", "2", "--seed", "7", "--layers", "all"}},
	}
	if testing.Short() {
		cases = cases[:1]
	}
	for _, c := range cases {
		src, err := os.ReadFile(filepath.Join(root, c.file))
		if err != nil {
			t.Fatal(err)
		}
		tr, err := stepper.Run(c.file, src, c.flags)
		if err != nil {
			t.Fatal(err)
		}
		var out, errb bytes.Buffer
		wd, _ := os.Getwd()
		if err := os.Chdir(root); err != nil {
			t.Fatal(err)
		}
		cli.Run(append([]string{"run", c.file}, c.flags...), strings.NewReader(""), &out, &errb)
		os.Chdir(wd)
		// gmplab run: the header, the column names, then the events.
		got := tr.Header + "\n" + view.Header() + "\n" + strings.Join(tr.Lines, "\n") + "\n"
		if got != out.String() {
			t.Errorf("%s %s: the trace's %d events differ from gmplab run's output:\n%s", c.file, strings.Join(c.flags, " "), len(tr.Lines), firstDiff(got, out.String()))
		}
		if len(tr.Boards) != len(tr.Lines)+1 || len(tr.Kinds) != len(tr.Lines) {
			t.Errorf("%s: %d boards and %d kinds for %d events", c.file, len(tr.Boards), len(tr.Kinds), len(tr.Lines))
		}
		if exit := strings.TrimSpace(errb.String()); exit != tr.Exit {
			t.Errorf("%s: exit %q, gmplab run said %q", c.file, tr.Exit, exit)
		}
	}
}

// TestCompileError: a compile error is the compiler's file:line:col line.
func TestCompileError(t *testing.T) {
	_, err := stepper.Run("x.go", []byte("package main\n\nfunc main() { y }\n"), nil)
	if err == nil || !strings.HasPrefix(err.Error(), "x.go:3:") {
		t.Fatalf("err = %v, want x.go:3:…", err)
	}
}

// TestFlags: the flags are gmplab run's, with its defaults, and Args
// gives them back.
func TestFlags(t *testing.T) {
	o, err := stepper.ParseFlags([]string{"--gomaxprocs", "3", "--layers", "stacks,procs"})
	if err != nil {
		t.Fatal(err)
	}
	if got := strings.Join(o.Args(), " "); got != "--gomaxprocs 3 --seed 1 --layers stacks,procs" {
		t.Errorf("Args = %q", got)
	}
	if _, err := stepper.ParseFlags([]string{"--bogus"}); err == nil {
		t.Error("--bogus: no error")
	}
}
