package lang

import (
	"bytes"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/gmplab/gmplab/runtime"
)

// End-to-end tests of the front end and the interpreter: the programs in
// testdata/run are compiled, run on the simulated runtime and their output
// compared with what the real Go toolchain printed for them (the .golden
// files; go test ./lang -run InterpPrograms -real rebuilds them with `go
// build` and the real runtime).

var realGo = flag.Bool("real", false, "rebuild testdata/run/*.golden by running the programs with the real Go toolchain")

// normalizeStderr keeps what a panic prints before the goroutine traceback
// (and the signal line, whose addresses differ).
func normalizeStderr(s string) string {
	if i := strings.Index(s, "\ngoroutine "); i >= 0 {
		s = s[:i]
	}
	var keep []string
	for _, l := range strings.Split(s, "\n") {
		if strings.HasPrefix(l, "[signal ") {
			continue
		}
		keep = append(keep, l)
	}
	return strings.TrimRight(strings.Join(keep, "\n"), "\n")
}

func formatRun(stdout, stderr string, code int) string {
	out := stdout
	if e := normalizeStderr(stderr); e != "" {
		out += "--- stderr\n" + e + "\n"
	}
	if code != 0 {
		out += "--- exit " + strconv.Itoa(code) + "\n"
	}
	return out
}

// simulate runs prog on the simulated runtime.
func simulate(t *testing.T, prog *runtime.Program, procs int) string {
	t.Helper()
	mc, err := runtime.New(prog, runtime.Config{GOMAXPROCS: procs, Check: true})
	if err != nil {
		t.Fatal(err)
	}
	var stdout, stderr strings.Builder
	ex := mc.Run(func(ev *runtime.Event) {
		if ev.Kind == runtime.EvPrint {
			if ev.Arg1 == 1 {
				stderr.WriteString(ev.Text)
			} else {
				stdout.WriteString(ev.Text)
			}
		}
	})
	if ex == nil {
		t.Fatal("no exit")
	}
	if ex.Code != 0 {
		stderr.WriteString(ex.Msg)
	}
	return formatRun(stdout.String(), stderr.String(), ex.Code)
}

func realRun(t *testing.T, file string) string {
	t.Helper()
	bin := filepath.Join(t.TempDir(), "prog")
	if out, err := exec.Command("go", "build", "-o", bin, file).CombinedOutput(); err != nil {
		t.Fatalf("go build %s: %v\n%s", file, err, out)
	}
	cmd := exec.Command(bin)
	cmd.Env = append(os.Environ(), "GOMAXPROCS=1")
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	code := 0
	if err := cmd.Run(); err != nil {
		ee, ok := err.(*exec.ExitError)
		if !ok {
			t.Fatal(err)
		}
		code = ee.ExitCode()
	}
	return formatRun(stdout.String(), stderr.String(), code)
}

func TestInterpPrograms(t *testing.T) {
	files, _ := filepath.Glob("testdata/run/*.go")
	if len(files) == 0 {
		t.Fatal("no programs")
	}
	for _, file := range files {
		name := strings.TrimSuffix(filepath.Base(file), ".go")
		t.Run(name, func(t *testing.T) {
			golden := strings.TrimSuffix(file, ".go") + ".golden"
			if *realGo {
				if err := os.WriteFile(golden, []byte(realRun(t, file)), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatal(err)
			}
			prog, err := CompileFile(file)
			if err != nil {
				t.Fatal(err)
			}
			for _, procs := range []int{1, 2, 4} {
				if got := simulate(t, prog, procs); got != string(want) {
					t.Errorf("GOMAXPROCS=%d: got\n%s\nwant (the real runtime's)\n%s", procs, got, want)
				}
			}
		})
	}
}
