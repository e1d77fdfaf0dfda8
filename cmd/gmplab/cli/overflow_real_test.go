package cli

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestStackOverflowAsRealRuntime runs the infinite recursions of
// testdata/overflow on the real runtime and on gmplab (stack.go: newstack's
// "goroutine stack exceeds 1000000000-byte limit" throw, traceback.go:
// traceback1's elision) and compares what carries no address: the fatal
// error's lines, the throwing goroutine's header (without gp=, m=, mp=) and
// its program frames, innermost 50 and outermost 50 counted as a runtime
// throw counts them (runtime.main and runtime.goexit among them), around
// the "...N frames elided..." line; and the exit code. N itself is logged,
// not compared: it counts the frames that fit in 512 MB, which depends on
// the compiler's frame sizes and inlining (docs/assumptions.md).
func TestStackOverflowAsRealRuntime(t *testing.T) {
	if testing.Short() {
		t.Skip("runs programs to the real 1 GB stack limit; skipped with -short")
	}
	gocmd, err := exec.LookPath("go")
	if err != nil {
		t.Skip("the go command is not on PATH: cannot compare with the real runtime")
	}
	bin := t.TempDir()
	t.Chdir(repoRoot)
	files, err := filepath.Glob("cmd/gmplab/cli/testdata/overflow/*.go")
	if err != nil || len(files) == 0 {
		t.Fatalf("no overflow programs (%v)", err)
	}
	for _, src := range files {
		name := strings.TrimSuffix(filepath.Base(src), ".go")
		t.Run(name, func(t *testing.T) {
			exe := filepath.Join(bin, name)
			if out, err := exec.Command(gocmd, "build", "-o", exe, src).CombinedOutput(); err != nil {
				t.Fatalf("go build %s: %v\n%s", src, err, out)
			}
			sim := gmplab(t, "run "+src+" --gomaxprocs 1 --quiet")
			real := runRealExe(t, exe, 1)
			got, gotN := overflowTraceback(t, sim.stderr)
			want, wantN := overflowTraceback(t, real.stderr)
			if g, w := strings.Join(got, "\n"), strings.Join(want, "\n"); g != w {
				t.Errorf("traceback differs from the real runtime's:\n%s", firstDiff(w, g))
			}
			if sim.code != 2 || real.code != 2 {
				t.Errorf("exit codes %d, the real runtime's %d", sim.code, real.code)
			}
			t.Logf("frames elided: gmplab %s, the real runtime %s", gotN, wantN)
		})
	}
}

var (
	overflowSP     = regexp.MustCompile(`^runtime: sp=0x[0-9a-f]+ stack=\[0x[0-9a-f]+, 0x[0-9a-f]+\]$`)
	overflowHeader = regexp.MustCompile(` gp=\S+ m=\S+( mp=\S+)?`)
	overflowElided = regexp.MustCompile(`^\.\.\.(\d+) frames elided\.\.\.$`)
)

// overflowTraceback extracts from a stack overflow's stderr its first and
// third lines (checking the shape of the second), and the first
// goroutine's header and program frames (as programFrames has them) with
// the elided line as a marker; and the number of frames elided.
func overflowTraceback(t *testing.T, stderr string) (out []string, elided string) {
	t.Helper()
	ls := strings.Split(stderr, "\n")
	if len(ls) < 4 || !overflowSP.MatchString(ls[1]) {
		t.Fatalf("not a stack overflow:\n%s", stderr[:min(len(stderr), 2000)])
	}
	out = append(out, ls[0], ls[2])
	start := -1
	for i, l := range ls {
		if strings.HasPrefix(l, "goroutine ") {
			start = i
			break
		}
	}
	if start < 0 {
		t.Fatalf("no goroutine in:\n%s", stderr[:min(len(stderr), 2000)])
	}
	out = append(out, overflowHeader.ReplaceAllString(ls[start], ""))
	// The goroutine's frames, up to the blank line that ends them, each
	// normalized by programFrames (which drops the elided line: it is
	// kept here as a marker).
	var section []string
	for _, l := range ls[start+1:] {
		if l == "" {
			break
		}
		if m := overflowElided.FindStringSubmatch(l); m != nil {
			elided = m[1]
			out = append(out, programFrames(strings.Join(section, "\n"))[1:]...)
			out = append(out, "...N frames elided...")
			section = nil
			continue
		}
		section = append(section, l)
	}
	out = append(out, programFrames(strings.Join(section, "\n"))[1:]...)
	if elided == "" {
		t.Fatalf("no frames elided:\n%s", stderr[:min(len(stderr), 2000)])
	}
	return out, elided
}
