package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/notebook"
)

// A runs cell's program runs in a scratch folder (a file it writes goes
// nowhere else), and a run that exits with a status other than 0 ends
// with "exit status N", which a figure may read (lesson 07's deadlock.go
// must exit 2); it is not the cell's error.
func TestRunProgramExitStatusAndFolder(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	dir := t.TempDir()
	src := filepath.Join(dir, "exit.go")
	prog := `package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

func main() {
	os.WriteFile("written.txt", []byte("x"), 0o644)
	wd, _ := os.Getwd()
	fmt.Print("in ", filepath.Base(wd), " with ", os.Getenv("WANT"))
	code, _ := strconv.Atoi(os.Args[1])
	os.Exit(code)
}
`
	if err := os.WriteFile(src, []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	x := &CellExecutor{Root: dir}
	outs, err := x.RunProgram(notebook.Program{Path: "exit.go", Env: []string{"WANT=yes"}, Args: []string{"3"}, N: 2})
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range outs {
		if !strings.HasPrefix(o, "in gmplab-runs-") || !strings.HasSuffix(o, " with yes\nexit status 3\n") {
			t.Errorf("want the run in the scratch folder, with its environment, ending in exit status 3, got %q", o)
		}
	}
	if _, err := os.Stat("written.txt"); err == nil {
		os.Remove("written.txt")
		t.Error("the program wrote its file in the test's folder, not the scratch one")
	}
	outs, err = x.RunProgram(notebook.Program{Path: "exit.go", Args: []string{"0"}, N: 2})
	if err != nil || strings.Contains(outs[0], "exit status") {
		t.Errorf("exit 0: want no exit status line, got %q, %v", outs, err)
	}
}

// A runs cell's build lines reach go build (not the runs), each on the
// release it names, as the go command reports it (go env GOVERSION); and
// its then: runs after each run in the run's folder.
func TestRunProgramBuildLinesAndThen(t *testing.T) {
	if testing.Short() {
		t.Skip("builds a Go program; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH")
	}
	v, err := exec.Command(gocmd, "env", "GOVERSION").Output()
	if err != nil {
		t.Fatal(err)
	}
	release := notebook.Release(strings.TrimSpace(string(v)))
	dir := t.TempDir()
	prog := "package main\n\nimport (\n\t\"fmt\"\n\t\"os\"\n)\n\nvar v = \"unset\"\n\n" +
		"func main() {\n\tos.WriteFile(\"t.trace\", []byte(\"x\"), 0o644)\n\tfmt.Println(\"v\", v, \"flags\", os.Getenv(\"GOFLAGS\"))\n}\n"
	if err := os.WriteFile(filepath.Join(dir, "v.go"), []byte(prog), 0o644); err != nil {
		t.Fatal(err)
	}
	x := &CellExecutor{Root: dir}
	for _, tc := range []struct{ line, want string }{
		{"build " + release + ": GOFLAGS=-ldflags=-X=main.v=mine", "v mine flags \n"},
		{"build go1.9: GOFLAGS=-ldflags=-X=main.v=old", "v unset flags \n"},
		{"build: GOFLAGS=-ldflags=-X=main.v=all", "v all flags \n"},
	} {
		nb, err := notebook.Parse("x.md", "```runs\nprogram: v.go\n"+tc.line+"\nruns: 2\nfigure: n = count of v\ncheck: all n in 1..1\n```\n")
		if err != nil {
			t.Fatal(err)
		}
		r := nb.CellsOf(notebook.RunsKind)[0].Runs
		var seen []string
		outs, err := x.RunProgram(notebook.Program{Path: "v.go", Build: r, N: 2, Then: func(d string) (string, error) {
			b, err := os.ReadFile(filepath.Join(d, "t.trace"))
			seen = append(seen, string(b))
			return "then\n", err
		}})
		if err != nil {
			t.Fatalf("%s: %v", tc.line, err)
		}
		for _, o := range outs {
			if o != tc.want+"then\n" {
				t.Errorf("%s: got %q, want %q then the then's line", tc.line, o, tc.want)
			}
		}
		if strings.Join(seen, "") != "xx" {
			t.Errorf("%s: then read %q in the runs' folder, want each run's file", tc.line, seen)
		}
	}
}
