package lang

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/vm"
)

// The two front ends side by side: every program of the corpora (lang's
// testdata, the examples, the lessons' and exercises' scenarios) compiled
// by the syntax-tree front end and by the go/ssa one prints the same
// (stdout, stderr before the goroutine traceback, exit code) at
// GOMAXPROCS 1, 2 and 4. testdata/parity_known.txt lists the programs
// known to differ still: the test fails for any other that differs, and
// says which listed ones now agree.

// parityFiles are the corpora's programs (package main files).
func parityFiles(t *testing.T) []string {
	var files []string
	for _, pat := range []string{
		"testdata/*/*.go", "../examples/*.go", "../lessons/*/*.go", "../exercises/*/scenario.go", "../exercises/*/solution/scenario.go",
	} {
		m, _ := filepath.Glob(pat)
		for _, f := range m {
			src, err := os.ReadFile(f)
			if err != nil || !bytes.Contains(src, []byte("package main")) || strings.HasSuffix(f, "_test.go") {
				continue
			}
			if strings.HasPrefix(f, "testdata/kernels/") {
				// The compute kernels run for seconds at their default
				// sizes; TestKernelVirtualTime and BenchmarkKernels run
				// them (with arguments) against go's output.
				continue
			}
			files = append(files, f)
		}
	}
	sort.Strings(files)
	if len(files) < 200 {
		t.Fatalf("only %d programs", len(files))
	}
	return files
}

func TestFrontendParity(t *testing.T) {
	if testing.Short() {
		t.Skip("long")
	}
	known := map[string]bool{}
	if b, err := os.ReadFile("testdata/parity_known.txt"); err == nil {
		for _, l := range strings.Split(string(b), "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				known[strings.Fields(l)[0]] = true
			}
		}
	}
	files := parityFiles(t)
	only := os.Getenv("PARITY_ONLY") // a substring of the files to run, for work on one

	same, total := 0, 0
	var differ, nowSame []string
	for _, file := range files {
		if only != "" && !strings.Contains(file, only) {
			continue
		}
		src, _ := os.ReadFile(file)
		old, err := compileProgram(file, src, false)
		if err != nil {
			continue // a program that does not compile: the error tests' business
		}
		total++
		why := ""
		prog, err := CompileSSA(file, src)
		if err != nil {
			why = "does not compile: " + firstLine(err.Error())
		} else if verr := vm.Verify(prog); verr != nil {
			why = "fails vm.Verify: " + verr.Error()
		} else {
			why = paritySimulate(t, old, prog)
		}
		switch {
		case why == "":
			same++
			if known[file] {
				nowSame = append(nowSame, file)
			}
		case known[file]:
			if testing.Verbose() {
				if only != "" {
					t.Logf("%s (known): %s", file, why)
				} else {
					t.Logf("%s (known): %s", file, firstLine(why))
				}
			}
		default:
			differ = append(differ, file)
			t.Errorf("%s: %s", file, why)
		}
	}
	t.Logf("%d of %d programs print the same under both front ends", same, total)
	if len(nowSame) > 0 {
		t.Logf("now the same, remove from testdata/parity_known.txt: %s", strings.Join(nowSame, " "))
	}
}

// paritySimulate runs both programs at GOMAXPROCS 1, 2 and 4 and says how
// they first differ ("" if they do not); a crash of the simulator is a
// difference.
func paritySimulate(t *testing.T, old, prog *vm.Program) (why string) {
	defer func() {
		if r := recover(); r != nil {
			why = fmt.Sprintf("the simulator crashed: %v", r)
		}
	}()
	for _, p := range []int{1, 2, 4} {
		a, b := simulate(t, old, p), simulate(t, prog, p)
		if a != b {
			return "GOMAXPROCS=" + itoa(int64(p)) + ": got\n" + b + "\nwant\n" + a
		}
	}
	return ""
}

func firstLine(s string) string {
	s, _, _ = strings.Cut(s, "\n")
	return s
}
