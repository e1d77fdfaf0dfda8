package lang

import (
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// Statements of docs/assumptions.md about the go/ssa front end, checked
// against the real toolchain: each program of testdata/assume is built
// with the go command and run, and run on gmplab at GOMAXPROCS=1; the
// outputs (with whole tracebacks, library frames too: normalizeFrames)
// must be the same, or, where the document says gmplab differs,
// must differ as it says, so that the test fails when the statement stops
// being true.
var assumeCases = []struct {
	file string
	// differs is the statement of docs/assumptions.md the program shows
	// ("" if gmplab prints what Go prints); gmplab must print want
	// (a prefix of its output or compile error) where Go prints something
	// else.
	differs, want string
}{
	// "the body is a closure (main.f-range1)": the traceback's names and
	// lines are Go's.
	{file: "rangefunc_names.go"},
	// "The other slices and maps functions stay computed by the VM":
	// element types the host does not compute run Go's source.
	{file: "slices_elem_types.go"},
	// lang/srcpkg.go: "the library a program sees is the one of the Go
	// that built gmplab": a traceback's line in Go's source of slices is
	// the building toolchain's.
	{file: "slices_release_lines.go"},
	{file: "mutex_copy.go", differs: "Structs holding a sync.Mutex or sync.WaitGroup share the lock when copied",
		want: "the copy of a locked mutex is locked after the original's unlock: false\nthe copy of an unlocked mutex is free while the original is locked: false\n"},
	{file: "generic_uninstantiated.go", differs: "a construct outside the subset is reported even in a generic function the program never instantiates",
		want: "compile: testdata/assume/generic_uninstantiated.go:11:21: iter.Pull is not supported"},
}

func TestAssumptionsAgainstGo(t *testing.T) {
	if testing.Short() {
		t.Skip("builds programs with the go command; skipped with -short")
	}
	if _, err := exec.LookPath("go"); err != nil {
		t.Skip("the go command is not on PATH")
	}
	bin := t.TempDir()
	for _, c := range assumeCases {
		t.Run(strings.TrimSuffix(c.file, ".go"), func(t *testing.T) {
			file := filepath.Join("testdata/assume", c.file)
			exe := filepath.Join(bin, strings.TrimSuffix(c.file, ".go"))
			if out, err := exec.Command("go", "build", "-o", exe, file).CombinedOutput(); err != nil {
				t.Fatalf("go build %s: %v\n%s", file, err, out)
			}
			real := normalizeFrames(realRunExe(t, exe, 1))
			var got string
			if prog, err := CompileFile(file); err != nil {
				got = "compile: " + err.Error()
			} else {
				got = normalizeFrames(formatFull(simulateRaw(t, prog, 1)))
			}
			switch {
			case c.differs == "" && got != real:
				t.Errorf("gmplab printed\n%s\nGo printed\n%s", got, real)
			case c.differs != "" && got == real:
				t.Errorf("gmplab now prints what Go prints (%q): docs/assumptions.md's %q no longer holds", got, c.differs)
			case c.differs != "" && !strings.HasPrefix(got, c.want):
				t.Errorf("gmplab printed\n%s\nwant it to start with\n%s\n(Go printed\n%s)", got, c.want, real)
			}
			t.Logf("Go:\n%s\ngmplab:\n%s", real, got)
		})
	}
}

// libFrame is a traceback's function line (its arguments differ from run
// to run).
var libFrame = regexp.MustCompile(`^([^\s(]+(\[\.\.\.\])?)\(.*\)$`)

// normalizeFrames keeps of a traceback every frame's function and its
// file's base name and line (the program's and the library's: gmplab
// names Go's files $GOROOT/src/..., Go the toolchain's path), without the
// arguments and pc offsets.
func normalizeFrames(s string) string {
	ls := strings.Split(s, "\n")
	var out []string
	for i := 0; i < len(ls); i++ {
		l := ls[i]
		if i+1 < len(ls) {
			if m := frameLoc.FindStringSubmatch(ls[i+1]); m != nil {
				name := l
				if f := libFrame.FindStringSubmatch(l); f != nil {
					name = f[1] + "(...)"
				}
				out = append(out, name, "\t"+filepath.Base(m[1]))
				i++
				continue
			}
		}
		if !strings.HasPrefix(l, "[signal ") {
			out = append(out, l)
		}
	}
	return strings.Join(out, "\n")
}
