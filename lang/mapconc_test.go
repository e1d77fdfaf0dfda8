package lang

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/internal/hostload"
)

// Concurrent use of a map (runtime/mapcheck.go): the programs of
// testdata/mapconc share a map between goroutines with and without a lock.
// NAME.p1.golden is what the real runtime prints at GOMAXPROCS=1 (the
// goroutines never overlap: the same output every run); NAME.p2.golden is
// what it prints at GOMAXPROCS=2 in a run where their accesses overlapped
// (the fatal error, or the normal output for mutex.go). Both are written
// by `go test ./lang -run ConcurrentMap -real`. The simulator must print
// p1 at GOMAXPROCS=1 and p2 at 2 and 4, exactly; TestConcurrentMapReal
// checks on every run of the tests that the real runtime still does.

// mapconcRealRuns bounds the real runs at GOMAXPROCS=2 that may print
// something else (the two goroutines did not run at the same time) before
// one prints the golden.
const mapconcRealRuns = 10

func TestConcurrentMapUse(t *testing.T) {
	files, _ := filepath.Glob("testdata/mapconc/*.go")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".go")
		t.Run(name, func(t *testing.T) {
			if *realGo {
				writeMapconcGoldens(t, file)
			}
			prog, err := CompileFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, procs := range []int{1, 2, 4} {
				want := readGolden(t, mapconcGolden(file, min(procs, 2)))
				if got := simulate(t, prog, procs); got != want {
					t.Errorf("GOMAXPROCS=%d: got\n%s\nwant (the real runtime's)\n%s", procs, got, want)
				}
			}
		})
	}
}

// TestConcurrentMapReal runs the programs on the real runtime: at
// GOMAXPROCS=1 each prints its p1 golden, and at GOMAXPROCS=2 one run in
// mapconcRealRuns at least prints its p2 golden.
func TestConcurrentMapReal(t *testing.T) {
	if testing.Short() {
		t.Skip("builds and runs the programs with the go command")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("no go command: ", err)
	}
	files, _ := filepath.Glob("testdata/mapconc/*.go")
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".go")
		t.Run(name, func(t *testing.T) {
			exe := filepath.Join(t.TempDir(), name)
			if out, err := exec.Command("go", "build", "-o", exe, file).CombinedOutput(); err != nil {
				t.Fatalf("go build: %v\n%s", err, out)
			}
			if got, want := realRunShort(t, exe, 1), readGolden(t, mapconcGolden(file, 1)); got != want {
				t.Errorf("GOMAXPROCS=1: the real runtime printed\n%s\nwant\n%s", got, want)
			}
			want := readGolden(t, mapconcGolden(file, 2))
			var outs []string
			for range mapconcRealRuns {
				got := realRunShort(t, exe, 2)
				if got == want {
					return
				}
				outs = append(outs, got)
			}
			if load, busy := hostload.Busy(); busy {
				t.Skipf("in %d runs at GOMAXPROCS=2 the real runtime never printed the golden, on a host with load average %.1f", len(outs), load)
			}
			t.Errorf("in %d runs at GOMAXPROCS=2 the real runtime never printed\n%s\nfirst run:\n%s", len(outs), want, outs[0])
		})
	}
}

func mapconcGolden(file string, procs int) string {
	return strings.TrimSuffix(file, ".go") + ".p" + string(rune('0'+procs)) + ".golden"
}

func readGolden(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// realRunShort runs a built program at GOMAXPROCS=procs and formats its
// output as formatRun does (stderr up to the first goroutine's traceback).
func realRunShort(t *testing.T, exe string, procs int) string {
	full := realRunExe(t, exe, procs)
	out, stderr, ok := strings.Cut(full, "--- stderr\n")
	if !ok {
		return full
	}
	code := ""
	if i := strings.LastIndex(stderr, "--- exit "); i >= 0 {
		stderr, code = stderr[:i], stderr[i:]
	}
	if e := normalizeStderr(stderr); e != "" {
		out += "--- stderr\n" + e + "\n"
	}
	return out + code
}

// writeMapconcGoldens writes file's goldens from the real runtime: p1
// from one run at GOMAXPROCS=1, p2 from the first of mapconcRealRuns runs
// at GOMAXPROCS=2 that printed a fatal error (or from the last run, for a
// program that never does).
func writeMapconcGoldens(t *testing.T, file string) {
	exe := filepath.Join(t.TempDir(), "prog")
	if out, err := exec.Command("go", "build", "-o", exe, file).CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	p1 := realRunShort(t, exe, 1)
	var p2 string
	for range mapconcRealRuns {
		if p2 = realRunShort(t, exe, 2); strings.Contains(p2, "fatal error:") {
			break
		}
	}
	for procs, out := range map[int]string{1: p1, 2: p2} {
		if err := os.WriteFile(mapconcGolden(file, procs), []byte(out), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
