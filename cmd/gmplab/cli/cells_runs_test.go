package cli

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
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
	outs, err := x.RunProgram("exit.go", []string{"WANT=yes"}, []string{"3"}, 2)
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
	outs, err = x.RunProgram("exit.go", nil, []string{"0"}, 2)
	if err != nil || strings.Contains(outs[0], "exit status") {
		t.Errorf("exit 0: want no exit status line, got %q, %v", outs, err)
	}
}
